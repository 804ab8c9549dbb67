/**
 * A long replay never drops the hosting GM (issue 34): socket.io 4's server closes a connection that
 * sends a message over its `maxHttpBufferSize` (1e6 bytes), and a replay page's reply travels from
 * the GM through the server (socketlib relays it to every client). Through the stand-in socket that
 * closes a connection as socket.io does, a player opens the replay of a finished table of hundreds of
 * steps page by page: every message stays under the module's 256 KB, and the GM stays connected.
 */
import { afterAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_BYTES, REPLAY_PAGE_BYTES, replayPageBound, replayPageSteps } from "../../src/foundry/public-size";
import { hostReplayPages } from "../../src/foundry/replay-pages";
import { Handlers } from "../../src/foundry/runtime";
import { SecureHostTransport } from "../../src/foundry/secure-transport";
import { MemoryNetwork } from "../../src/table/transport";
import { aliceAtLongTable, hostOf, worldWithGmKey } from "./socket-limit";
import { SOCKET_IO_MAX_BUFFER, connectionsClosedForSize, directoryOf, playerClient } from "./standins";
import { removeFoundryGlobals, worldOf } from "./world";

afterAll(() => removeFoundryGlobals());

/** Hununga at its longest (the most turns, the highest target): hundreds of steps of 6 KB bounds. */
const LONG_HUNUNGA = { gameId: "hununga", seed: 5, options: { target: 9, maxTurns: 2000 } } as const;

describe("a long replay and the socket's message limit", () => {
  it("a player opens a finished table's replay of hundreds of steps: every message under 256 KB, the GM stays connected", async () => {
    const { world, gmSealer } = await worldWithGmKey();
    const record = aliceAtLongTable(LONG_HUNUNGA);
    expect(record.log.length).toBeGreaterThan(150);
    const transport = new SecureHostTransport(gmSealer, directoryOf(world.users), async () => undefined);
    await hostOf(record, transport, { replayPageSteps });
    // The GM's socketlib handler: its answer goes back through the server as socketlib's result.
    world.handlers.set(Handlers.request, function (this: { socketdata: { userId: string } }, sealed: unknown) {
      return transport.receive(this.socketdata.userId, sealed);
    });
    const alice = await playerClient(world, "alice", { deadlineMs: 5_000 });
    const opened = await hostReplayPages(alice.client, record.id);
    if (!opened.ok) throw new Error(opened.error.code);
    for (let i = 0; i < opened.pages.header.total; i++) {
      const page = await opened.pages.ensure(i);
      expect(page.ok, `step ${i}`).toBe(true);
    }
    expect(opened.pages.replay.steps).toHaveLength(record.log.length);
    expect(connectionsClosedForSize(world)).toEqual([]);
    expect(world.users.every((u) => u.active)).toBe(true);
    const sizes = [...world.inbox.values()].flat().map((m) => m.bytes);
    expect(sizes.length).toBeGreaterThan(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
  });

  it("a host asked for more steps than a page holds answers only what fits under the limit", async () => {
    const record = aliceAtLongTable(LONG_HUNUNGA);
    const host = await hostOf(record, new MemoryNetwork().host(), { replayPageSteps });
    const reply = await host.handle("alice", { type: "replay", tableId: record.id, from: 1, count: 1000 });
    if (!reply.ok || !reply.replay) throw new Error(JSON.stringify(reply));
    const most = replayPageSteps("hununga", record.seats.length, 1);
    expect(reply.replay.steps).toHaveLength(most);
    expect(replayPageBound("hununga", record.seats.length, 1, most)).toBeLessThanOrEqual(REPLAY_PAGE_BYTES);
  });

  it("the stand-in closes the sender's connection on a message over socket.io's 1e6 bytes, and delivers nothing", () => {
    const world = worldOf(["alice"]);
    const big = "x".repeat(SOCKET_IO_MAX_BUFFER);
    expect(world.arrive({ result: big }, "gm")).toBe(false);
    expect(world.inbox.get("alice") ?? []).toEqual([]);
    expect(connectionsClosedForSize(world)).toEqual([{ user: "gm", bytes: big.length + 13 }]);
    expect(world.users.find((u) => u.id === "gm")!.active).toBe(false);
  });
});
