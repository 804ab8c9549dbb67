/**
 * Turn clocks (issue 27), on the host's injected clock: off by default; a person's turn that runs
 * out marks them away and the table's bot plays that turn (logged, replayable); a move in time
 * restarts the clock; a player back clears the mark; a seat away past the GM's time goes to a bot
 * kept for its player; the GM marks and skips; a pause stops the clock; a restart re-arms it.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../../src/rules/core";
import { Errors, type TurnClockOptions, TimeErrors } from "../../../../src/table/protocol";
import { replay } from "../../../../src/table/replay";
import { MemoryStore } from "../../../../src/table/store";
import { type CountState, countingBots, countingGames } from "../../../helpers/free-turns-game";
import { FakeTime } from "../../../helpers/fake-time";
import { clientsOf, startMemoryHost } from "../../../helpers/memory-host";
import { TURN_MS, turns } from "../../../helpers/turns-game";

const USERS = ["gm", "alice", "bob"];

async function world(turnClock?: TurnClockOptions, store = new MemoryStore(), time = new FakeTime()) {
  const { host, network } = await startMemoryHost({
    games: countingGames,
    bots: countingBots,
    store,
    users: USERS,
    random: new SeededRandom(1),
    ...time.hostClock,
    newId: () => "t1",
  });
  const clients = clientsOf(network, USERS, () => time.now);
  if (store.tables.size === 0) {
    const created = await clients.gm!.create({
      gameId: "test-count",
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
      options: {},
      ...(turnClock ? { turnClock } : {}),
    });
    expect(created).toMatchObject({ ok: true, tableId: "t1" });
  } else await clients.gm!.sync();
  return { host, store, time, network, gm: clients.gm!, alice: clients.alice!, bob: clients.bob! };
}

const state = (w: Awaited<ReturnType<typeof world>>) => w.host.record("t1")!.state as CountState;
const THIRTY: TurnClockOptions = { turnSeconds: 30, botAfterSeconds: 0 };

describe("turn clocks", () => {
  it("are off by default: no turn runs out, nobody is marked away, no countdown is sent", async () => {
    const w = await world();
    w.time.advance(3_600_000);
    await w.host.idle();
    expect(w.host.record("t1")).toMatchObject({ version: 0 });
    expect(w.host.record("t1")!.turnStartedAt).toBeUndefined();
    expect(w.alice.tables.get("t1")?.deadline).toBeUndefined();
    expect(w.time.pending).toBe(0);
  });

  it("a turn that runs out marks the player away and the table's bot plays it, logged and replayable", async () => {
    const w = await world(THIRTY);
    expect(w.alice.tables.get("t1")?.deadline).toMatchObject({ remainingMs: 30_000, ms: 30_000, seat: "seat-1" });
    w.time.advance(29_999);
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(0);
    w.time.advance(1);
    await w.host.idle();
    const record = w.host.record("t1")!;
    expect(record.log[1]).toMatchObject({ seat: "seat-1", move: { add: 2 } });
    expect(record.away).toEqual({ "seat-1": w.time.now });
    expect(record.ops?.at(-1)).toMatchObject({ op: "skip", seat: "seat-1", by: "gm" });
    expect(w.bob.tables.get("t1")?.table.time).toEqual({ turnClock: THIRTY, away: ["seat-1"] });
    // Bob's turn starts now, with a whole turn.
    expect(w.bob.tables.get("t1")?.deadline).toMatchObject({ remainingMs: 30_000, seat: "seat-2" });
    const replayed = replay(record, countingGames);
    expect(replayed.ok && replayed.state).toEqual(record.state);
  });

  it("a move in time restarts the clock for the next turn", async () => {
    const w = await world(THIRTY);
    w.time.advance(20_000);
    expect(await w.alice.move("t1", { add: 1 })).toMatchObject({ ok: true, version: 1 });
    w.time.advance(20_000); // 40 s after the start: Alice's turn would have run out
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(1);
    w.time.advance(10_000); // Bob's thirty seconds
    await w.host.idle();
    expect(w.host.record("t1")!.log[2]).toMatchObject({ seat: "seat-2", move: { add: 2 } });
    expect(w.host.record("t1")!.away).toEqual({ "seat-2": w.time.now });
  });

  it("a player marked away is back when they move, or say so; nobody marks another player's seat", async () => {
    const w = await world(THIRTY);
    w.time.advance(30_000);
    await w.host.idle();
    expect(w.host.record("t1")!.away).toHaveProperty("seat-1");
    expect(await w.bob.markAway("t1", "seat-1", false)).toEqual({ ok: false, error: { code: Errors.notYourSeat } });
    expect(w.host.record("t1")!.away).toHaveProperty("seat-1");
    expect(await w.alice.markAway("t1", "seat-1", false)).toMatchObject({ ok: true });
    expect(w.host.record("t1")!.away).toBeUndefined();
    expect(w.host.record("t1")!.ops?.at(-1)).toMatchObject({ op: "back", seat: "seat-1", by: "alice" });
    // Bob's turn runs out, then he moves on his next turn: the move itself clears his mark.
    w.time.advance(30_000);
    await w.host.idle();
    expect(w.host.record("t1")!.away).toHaveProperty("seat-2");
    await w.alice.move("t1", { add: 1 });
    await w.bob.move("t1", { add: 1 });
    expect(w.host.record("t1")!.away).toBeUndefined();
  });

  it("a seat marked away longer than the GM's time goes to a bot kept for its player, who can have it back", async () => {
    const w = await world({ turnSeconds: 30, botAfterSeconds: 60 });
    w.time.advance(30_000); // Alice's turn runs out: marked away
    await w.host.idle();
    await w.bob.move("t1", { add: 1 });
    w.time.advance(30_000); // her second turn runs out: still away since the first
    await w.host.idle();
    expect(w.host.record("t1")!.seats[0]).toMatchObject({ kind: "person", userId: "alice" });
    await w.bob.move("t1", { add: 1 });
    w.time.advance(30_000); // sixty seconds away: a bot takes her seat
    await w.gm.sync(); // queued after the takeover (idle() would wait for the bot's move, on a timer this clock holds)
    const record = w.host.record("t1")!;
    expect(record.seats[0]).toMatchObject({ kind: "bot", userId: null, botLevel: "steady", awayUserId: "alice" });
    expect(record.away).toBeUndefined();
    expect(record.ops?.at(-1)).toMatchObject({ op: "seat-bot", seat: "seat-1", by: "gm" });
    expect(await w.gm.seatBot("t1", "seat-1", false)).toMatchObject({ ok: true });
    expect(w.host.record("t1")!.seats[0]).toMatchObject({ kind: "person", userId: "alice" });
  });

  it('a player whose seat a bot took after a time-out takes it back themselves with "I\'m back"; nobody else can', async () => {
    const w = await world({ turnSeconds: 30, botAfterSeconds: 30 });
    w.time.advance(30_000); // Alice's turn runs out: marked away
    await w.host.idle();
    await w.bob.move("t1", { add: 1 });
    w.time.advance(30_000); // thirty seconds away: a bot takes her seat
    await w.gm.sync();
    expect(w.host.record("t1")!.seats[0]).toMatchObject({ kind: "bot", awayUserId: "alice" });
    // Her window offers the seat back (she sees the table as a spectator meanwhile); Bob's does not.
    expect(w.alice.tables.get("t1")?.reclaim).toBe("seat-1");
    expect(w.bob.tables.get("t1")?.reclaim).toBeUndefined();
    expect(await w.bob.markAway("t1", "seat-1", false)).toEqual({ ok: false, error: { code: Errors.notYourSeat } });
    expect(await w.alice.markAway("t1", "seat-1", false)).toMatchObject({ ok: true });
    expect(w.host.record("t1")!.seats[0]).toMatchObject({ kind: "person", userId: "alice" });
    expect(w.host.record("t1")!.ops?.at(-1)).toMatchObject({ op: "seat-player", seat: "seat-1", by: "alice" });
    expect(w.alice.tables.get("t1")).toMatchObject({ seat: "seat-1" });
    expect(w.alice.tables.get("t1")?.reclaim).toBeUndefined();
  });

  it("the GM marks a player away and skips their turn; a skip needs the mark, and only a GM skips", async () => {
    const w = await world(THIRTY);
    expect(await w.gm.skipTurn("t1", "seat-1")).toEqual({ ok: false, error: { code: TimeErrors.notAway } });
    expect(await w.bob.skipTurn("t1", "seat-1")).toEqual({ ok: false, error: { code: Errors.gmOnly } });
    expect(await w.gm.markAway("t1", "seat-1", true)).toMatchObject({ ok: true });
    expect(await w.gm.skipTurn("t1", "seat-2")).toEqual({ ok: false, error: { code: TimeErrors.notAway } });
    expect(await w.gm.skipTurn("t1", "seat-1")).toMatchObject({ ok: true, version: 1 });
    expect(state(w)).toMatchObject({ turn: 1, count: 2 });
    expect(w.host.record("t1")!.away).toHaveProperty("seat-1");
    // A seat marked away but not to act cannot be skipped.
    expect(await w.gm.skipTurn("t1", "seat-1")).toEqual({ ok: false, error: { code: TimeErrors.notToAct } });
  });

  it("a paused table's turn clock stands still and runs on from where it stood", async () => {
    const w = await world(THIRTY);
    w.time.advance(20_000);
    await w.gm.pause("t1", true);
    w.time.advance(600_000);
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(0);
    await w.gm.pause("t1", false);
    expect(w.alice.tables.get("t1")?.deadline).toMatchObject({ remainingMs: 10_000 });
    w.time.advance(9_999);
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(0);
    w.time.advance(1);
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(1);
  });

  it("stops while no GM hosts: a host that starts again gives the running turn a fresh start", async () => {
    const store = new MemoryStore();
    const time = new FakeTime();
    const first = await world(THIRTY, store, time);
    time.advance(20_000);
    first.host.stop();
    expect(time.pending).toBe(0);
    time.advance(600_000); // ten minutes without a GM: not Alice's time
    const second = await world(THIRTY, store, time);
    await second.alice.sync();
    expect(second.alice.tables.get("t1")?.deadline).toMatchObject({ remainingMs: 30_000 });
    time.advance(29_999);
    await second.host.idle();
    expect(second.host.record("t1")!.version).toBe(0);
    expect(second.host.record("t1")!.away).toBeUndefined();
    time.advance(1);
    await second.host.idle();
    expect(second.host.record("t1")!.log[1]).toMatchObject({ seat: "seat-1", move: { add: 2 } });
  });

  it("a turn clock out of its bounds is refused with the bounds, and no table opens", async () => {
    const w = await world();
    for (const turnClock of [
      { turnSeconds: 1, botAfterSeconds: 0 },
      { turnSeconds: 30, botAfterSeconds: -1 },
      { turnSeconds: 4000, botAfterSeconds: 0 },
    ]) {
      const reply = await w.gm.create({
        gameId: "test-count",
        seats: [
          { kind: "person", userId: "alice", name: "Alice" },
          { kind: "person", userId: "bob", name: "Bob" },
        ],
        options: {},
        turnClock,
      });
      expect(reply).toMatchObject({
        ok: false,
        error: { code: TimeErrors.badTurnClock, params: { turnSecondsMin: 5 } },
      });
    }
    expect(w.host.summaries()).toHaveLength(1);
  });

  it("a game's own deadline takes precedence: the turn clock does not run beside it", async () => {
    const time = new FakeTime();
    const { host, network } = await startMemoryHost({
      games: { [turns.id]: turns as never },
      users: USERS,
      random: new SeededRandom(1),
      ...time.hostClock,
      newId: () => "t1",
    });
    const { gm } = clientsOf(network, USERS, () => time.now);
    await gm!.create({
      gameId: "test-turns",
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
      options: { hourglass: false },
      turnClock: { turnSeconds: 5, botAfterSeconds: 0 },
    });
    time.advance(TURN_MS);
    await host.idle();
    const record = host.record("t1")!;
    expect(record.log[1]).toMatchObject({ seat: "seat-1", timeout: true });
    expect(record.away).toBeUndefined();
  });
});
