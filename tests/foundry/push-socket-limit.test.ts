/**
 * A full resync of a long table never drops the hosting GM (issue 34): socket.io 4's server closes a
 * connection that sends a message over 1e6 bytes, and a full update carries every event of the
 * table's log. Through the stand-in socket that closes a connection as socket.io does, the host pushes
 * a player the whole of a table of thousands of steps: the push goes in parts (pushPieces), each
 * message under the module's 256 KB, and the player's client joins them into the one update.
 */
import { afterAll, describe, expect, it } from "vitest";
import { MODULE_EVENT } from "../../src/foundry/env";
import { MAX_MESSAGE_BYTES } from "../../src/foundry/public-size";
import { SecureHostTransport, pushFrame, pushPieces } from "../../src/foundry/secure-transport";
import type { TableRecord } from "../../src/table/store";
import { aliceAtLongTable, hostOf, worldWithGmKey } from "./socket-limit";
import { connectionsClosedForSize, directoryOf, playerClient } from "./standins";
import { removeFoundryGlobals } from "./world";

afterAll(() => removeFoundryGlobals());

/** Defiance and Domain at its longest (paired moves, no draw by repetition): over a thousand steps. */
const LONG_MATCH = {
  gameId: "defiance-and-domain",
  seed: 2,
  options: { maxMoves: 5000, paired: true, repetitionDraw: false },
} as const;

interface ModuleSocket {
  emit(event: string, data: unknown, options?: { recipients?: string[] }): void;
}

describe("a full resync of a long table and the socket's message limit", () => {
  it("a player's full update of a table of thousands of steps arrives in parts under 256 KB, whole, the GM connected", async () => {
    const { world, gmSealer } = await worldWithGmKey();
    // Still open: the host pushes a player a table in play.
    const record: TableRecord = { ...aliceAtLongTable(LONG_MATCH), finishedAt: undefined };
    expect(record.log.length).toBeGreaterThan(1000);
    const alice = await playerClient(world, "alice", { deadlineMs: 5_000 });
    const gmSocket = (globalThis as unknown as { game: { socket: ModuleSocket } }).game.socket;
    const pushed: number[] = [];
    // The host's send as hosting.ts makes it: the module's own event, to the recipient only, in parts.
    const transport = new SecureHostTransport(gmSealer, directoryOf(world.users), async (to, message) => {
      pushed.push(JSON.stringify(message).length);
      for (const piece of pushPieces(message)) gmSocket.emit(MODULE_EVENT, pushFrame(piece), { recipients: [to] });
    });
    const host = await hostOf(record, transport);
    await host.handle("alice", { type: "sync" });
    await host.idle();
    await new Promise((r) => setTimeout(r, 50));
    await alice.transport.settled();
    // The push itself was over the limit: only its parts travelled.
    expect(Math.max(...pushed)).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(connectionsClosedForSize(world)).toEqual([]);
    expect(world.users.every((u) => u.active)).toBe(true);
    const sizes = [...world.inbox.values()].flat().map((m) => m.bytes);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    const update = alice.client.tables.get(record.id);
    expect(update?.table.version).toBe(record.version);
    const whole = host.updateFor(record, "alice", 0);
    expect(alice.client.chat.filter((c) => c.tableId === record.id)).toHaveLength(whole?.events.length ?? -1);
  });
});
