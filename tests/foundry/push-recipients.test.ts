/**
 * Pushes go to their recipient only (issue 25): socketlib emits without recipients, so Foundry's
 * server relays each of its messages to every client; the host sends each sealed push on the
 * module's own socket event with `recipients`, which the server relays to that user's clients
 * only. Measured here with six clients: the bytes of pushes each client's socket receives. Each
 * push is what changed (a delta against the recipient's last update), unpadded for an
 * open-information game (docs/foundry.md, "Cost per move").
 */
import { afterEach, describe, expect, it } from "vitest";
import { isPushFrame } from "../../src/foundry/secure-transport";
import { Handlers } from "../../src/foundry/runtime";
import { playerClient } from "./standins";
import { gmWorld, openTable, removeFoundryGlobals, settleAll } from "./world";

afterEach(() => removeFoundryGlobals());

const PLAYERS = ["alice", "bob", "carol", "dave", "erin"];

describe("pushes on the wire", () => {
  it("with six clients, each client's socket receives the pushes sealed for it and no other", async () => {
    const { world, runtime } = await gmWorld(PLAYERS);
    const clients = await Promise.all(PLAYERS.map((p) => playerClient(world, p)));
    const tableId = await openTable(runtime, "sabacc-super-simplified");
    await settleAll(runtime, clients);
    world.inbox.clear();
    const before = world.wire.socket.length;

    expect((await clients[0]!.client.move(tableId, { type: "roll-order" })).ok).toBe(true);
    await settleAll(runtime, clients);
    await world.pushesDelivered();

    let pushes = 0;
    let pushBytes = 0;
    for (const user of PLAYERS) {
      const box = world.inbox.get(user) ?? [];
      // No socketlib push (it would reach everyone) ...
      expect(box.filter((m) => (m.payload as { handlerName?: unknown }).handlerName === Handlers.push)).toEqual([]);
      // ... and every push frame this client's socket received is sealed for this user.
      const frames = box.filter((m) => isPushFrame(m.payload));
      for (const m of frames) expect((m.payload as { sealed: { to: string } }).sealed.to).toBe(user);
      // Every client watches the table list, so each gets its own news of the move.
      expect(frames.length).toBeGreaterThan(0);
      pushes += frames.length;
      pushBytes += frames.reduce((sum, m) => sum + m.bytes, 0);
    }
    // Each push crossed the wire once: what all clients received is what the host sent.
    const sent = world.wire.socket.slice(before).filter((m) => m.handler === Handlers.push);
    expect(pushes).toBe(sent.length);
    expect(pushBytes).toBe(
      sent.reduce((sum, m) => sum + JSON.stringify({ cantina: "push", sealed: m.args[0] }).length, 0),
    );
  });

  it("at an Ulwan table each player's push after a move is a delta of under 2 KB, and every client is in step", async () => {
    const { world, runtime } = await gmWorld(PLAYERS);
    const clients = await Promise.all(PLAYERS.map((p) => playerClient(world, p)));
    const tableId = await openTable(runtime, "ulwan");
    await settleAll(runtime, clients);
    for (let i = 0; i < 4; i++) {
      world.inbox.clear();
      const mover = clients.find((c) => {
        const t = c.client.tables.get(tableId);
        return t?.seat && t.table.toAct.includes(t.seat);
      })!;
      const move = mover.client.tables.get(tableId)!.legalMoves[0];
      expect((await mover.client.move(tableId, move)).ok).toBe(true);
      await settleAll(runtime, clients);
      await world.pushesDelivered();
      const version = runtime.client!.tables.get(tableId)!.table.version;
      for (const [n, user] of PLAYERS.entries()) {
        const frames = (world.inbox.get(user) ?? []).filter((m) => isPushFrame(m.payload));
        expect(frames.length, user).toBeGreaterThan(0);
        for (const m of frames) expect(m.bytes, `${user}'s push after move ${i + 1}`).toBeLessThan(2048);
        expect(clients[n]!.client.tables.get(tableId)?.table.version, user).toBe(version);
      }
    }
  });
});
