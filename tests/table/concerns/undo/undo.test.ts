/**
 * Taking back a move (issue 27): where the GM allows it, a player takes back their last move while
 * it drew nothing and nobody has acted since; logged as an undo entry that replays (the replay shows
 * the take-back); refused, changing nothing, when not allowed, not theirs, after a die, or stale.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../../src/rules/core";
import { replaySteps } from "../../../../src/table/record-file";
import { Errors, UNDO_NOTICE_KEY, UndoErrors } from "../../../../src/table/protocol";
import { replay } from "../../../../src/table/replay";
import { type CountState, countingBots, countingGames } from "../../../helpers/free-turns-game";
import { clientsOf, startMemoryHost } from "../../../helpers/memory-host";

const USERS = ["gm", "alice", "bob"];

async function world(undo: boolean | undefined) {
  const { host, network } = await startMemoryHost({
    games: countingGames,
    bots: countingBots,
    users: USERS,
    random: new SeededRandom(3),
    newId: () => "t1",
  });
  const c = clientsOf(network, USERS);
  const created = await c.gm!.create({
    gameId: "test-count",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
    ...(undo !== undefined ? { undo } : {}),
  });
  expect(created).toMatchObject({ ok: true });
  return { host, gm: c.gm!, alice: c.alice!, bob: c.bob! };
}

const state = (w: Awaited<ReturnType<typeof world>>) => w.host.record("t1")!.state as CountState;

describe("taking back a move", () => {
  it("where the GM allows it: the player's last move is taken back, logged, and replays with the take-back", async () => {
    const w = await world(true);
    expect(w.alice.tables.get("t1")?.table.undo).toBe(true);
    expect(w.alice.tables.get("t1")?.canUndo).toBeUndefined(); // nothing to take back yet
    await w.alice.move("t1", { add: 1 });
    expect(w.alice.tables.get("t1")?.canUndo).toBe(true);
    expect(w.bob.tables.get("t1")?.canUndo).toBeUndefined();
    expect(await w.alice.undo("t1")).toEqual({ ok: true, version: 2 });
    expect(state(w)).toMatchObject({ turn: 0, count: 0 });
    const record = w.host.record("t1")!;
    expect(record.log[2]).toMatchObject({ seat: "seat-1", move: null, dice: [], undo: true });
    expect(record.log[2]!.events).toEqual([
      { kind: "notice", key: UNDO_NOTICE_KEY, params: { name: "Alice" }, seat: "seat-1" },
    ]);
    // Everyone is told: the take-back's line in chat, Alice to act again, nothing more to take back.
    expect(w.bob.chat.at(-1)?.event).toMatchObject({ key: UNDO_NOTICE_KEY });
    expect(w.alice.tables.get("t1")?.table.toAct).toEqual(["seat-1"]);
    expect(w.alice.tables.get("t1")?.canUndo).toBeUndefined();
    expect(await w.alice.undo("t1")).toEqual({ ok: false, error: { code: UndoErrors.nothing } });
    // She plays on; the log replays to the state, and the replay shows the take-back as a step.
    await w.alice.move("t1", { add: 2 });
    const after = w.host.record("t1")!;
    const replayed = replay(after, countingGames);
    expect(replayed.ok && replayed.state).toEqual(after.state);
    const steps = replaySteps(after, countingGames);
    expect(steps.ok).toBe(true);
    if (!steps.ok) return;
    expect(steps.steps.map((s) => s.undo === true)).toEqual([false, false, true, false]);
    expect(steps.steps[2]!.state).toEqual(steps.steps[0]!.state);
  });

  it("is off by default: refused, and nothing changes", async () => {
    const w = await world(undefined);
    await w.alice.move("t1", { add: 1 });
    expect(await w.alice.undo("t1")).toEqual({ ok: false, error: { code: UndoErrors.notAllowed } });
    expect(w.host.record("t1")!.version).toBe(1);
  });

  it("once the next player acted, or for another player's move, it is refused", async () => {
    const w = await world(true);
    await w.alice.move("t1", { add: 1 });
    expect(await w.bob.undo("t1")).toEqual({ ok: false, error: { code: UndoErrors.notYours } });
    await w.bob.move("t1", { add: 1 });
    expect(await w.alice.undo("t1")).toEqual({ ok: false, error: { code: UndoErrors.notYours } });
    expect(w.host.record("t1")!.version).toBe(2);
  });

  it("a move that drew a die brought new information: it cannot be taken back", async () => {
    const w = await world(true);
    await w.alice.move("t1", { roll: true });
    expect(w.host.record("t1")!.log[1]!.dice).toHaveLength(1);
    expect(w.alice.tables.get("t1")?.canUndo).toBeUndefined();
    expect(await w.alice.undo("t1")).toEqual({ ok: false, error: { code: UndoErrors.newInformation } });
    expect(w.host.record("t1")!.version).toBe(1);
  });

  it("a take-back asked at a version other than the table's is stale", async () => {
    const w = await world(true);
    await w.alice.move("t1", { add: 1 });
    const raw = await w.host.handle("alice", { type: "undo", tableId: "t1", version: 0, requestId: "u1" });
    expect(raw).toEqual({ ok: false, error: { code: Errors.stale, params: { current: 1 } } });
  });

  it("a record whose undo entry does not follow a dice-free move of the same seat does not replay", async () => {
    const w = await world(true);
    await w.alice.move("t1", { roll: true });
    const record = w.host.record("t1")!;
    const forged = {
      ...record,
      log: [...record.log, { ...record.log[1]!, version: 2, move: null, dice: [], undo: true as const, events: [] }],
    };
    const steps = replaySteps(forged, countingGames);
    expect(steps.ok).toBe(false);
  });
});
