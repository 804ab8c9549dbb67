/**
 * Turn clocks, away marks and take-backs on Foundry (issue 27), on the stand-ins, over the sealed
 * socket: the GM marks a player away and skips their turn, the player says they are back, and a
 * player takes back a move where the table allows it; every client sees the same marks and turns.
 */
import { afterEach, describe, expect, it } from "vitest";
import { UNDO_NOTICE_KEY } from "../../src/table/protocol";
import { playerClient } from "./standins";
import { gmWorld, removeFoundryGlobals, settleAll } from "./world";

afterEach(() => removeFoundryGlobals());

async function takatTable(undo: boolean) {
  const { world, runtime } = await gmWorld(["alice", "bob"]);
  const alice = await playerClient(world, "alice");
  const bob = await playerClient(world, "bob");
  await alice.client.sync();
  await bob.client.sync();
  const reply = await runtime.client!.create({
    gameId: "takat",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
    turnClock: { turnSeconds: 60, botAfterSeconds: 0 },
    undo,
  });
  expect(reply).toMatchObject({ ok: true });
  const tableId = (reply as { tableId: string }).tableId;
  await settleAll(runtime, [alice, bob]);
  return { runtime, alice, bob, tableId };
}

describe("turn clocks and take-backs on Foundry", () => {
  it("the GM marks a player away and skips the turn; the player says they are back", async () => {
    const { runtime, alice, bob, tableId } = await takatTable(false);
    expect(alice.client.tables.get(tableId)?.table.time).toEqual({
      turnClock: { turnSeconds: 60, botAfterSeconds: 0 },
      away: [],
    });
    expect(alice.client.tables.get(tableId)?.deadline).toMatchObject({ ms: 60_000, seat: "seat-1" });
    expect(await runtime.client!.markAway(tableId, "seat-1", true)).toMatchObject({ ok: true });
    await settleAll(runtime, [alice, bob]);
    expect(bob.client.tables.get(tableId)?.table.time?.away).toEqual(["seat-1"]);
    expect(await runtime.client!.skipTurn(tableId, "seat-1")).toMatchObject({ ok: true, version: 1 });
    await settleAll(runtime, [alice, bob]);
    expect(bob.client.tables.get(tableId)?.table.toAct).toEqual(["seat-2"]);
    expect(await alice.client.markAway(tableId, "seat-1", false)).toMatchObject({ ok: true });
    await settleAll(runtime, [alice, bob]);
    expect(bob.client.tables.get(tableId)?.table.time?.away).toEqual([]);
  });

  it("a player takes back a move where the table allows it, and everyone sees the turn come back", async () => {
    const { runtime, alice, bob, tableId } = await takatTable(true);
    const first = alice.client.tables.get(tableId)!.legalMoves[0];
    expect(await alice.client.move(tableId, first)).toMatchObject({ ok: true, version: 1 });
    await settleAll(runtime, [alice, bob]);
    expect(alice.client.tables.get(tableId)?.canUndo).toBe(true);
    expect(bob.client.tables.get(tableId)?.canUndo).toBeUndefined();
    expect(await alice.client.undo(tableId)).toEqual({ ok: true, version: 2 });
    await settleAll(runtime, [alice, bob]);
    expect(bob.client.tables.get(tableId)?.table.toAct).toEqual(["seat-1"]);
    expect(bob.client.chat.at(-1)?.event).toMatchObject({ key: UNDO_NOTICE_KEY, params: { name: "Alice" } });
  });
});
