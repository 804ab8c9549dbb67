/**
 * Running a table (issue 14): the GM deals again with the same seats and options, pauses and resumes
 * a table (its clock stands still, moves are refused with a reason), hands an absent player's seat to
 * a bot and back, and removes a player. Each is GM-only, idempotent, logged and one stored change.
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, type AnyGame, SeededRandom } from "../../src/rules/core";
import { games as registry, bots as registryBots, markets } from "../../src/games";
import { TableClient } from "../../src/table/client";
import { parseRequest } from "../../src/table/parse-request";
import { MemoryStore, type StoreChange } from "../../src/table/store";
import { TURN_MS, turns } from "../helpers/turns-game";
import { FakeTime } from "../helpers/fake-time";
import { countingIds, startMemoryHost } from "../helpers/memory-host";

const firstMove: AnyBot = { choose: (_view, legal) => legal[0] };
const games: Readonly<Record<string, AnyGame>> = { ...registry, [turns.id]: turns as unknown as AnyGame };
const bots = { ...registryBots, [turns.id]: { first: firstMove } };

/** A store whose writes can be refused (nothing of the change is kept). */
class RefusingStore extends MemoryStore {
  refuse = false;
  override async commit(change: StoreChange): Promise<void> {
    if (this.refuse) throw new Error("refused");
    return super.commit(change);
  }
}

async function world(gameId = turns.id, options: unknown = {}) {
  const time = new FakeTime();
  const { host, network, store } = await startMemoryHost({
    games,
    bots,
    markets,
    store: new RefusingStore(),
    users: ["gm", "alice", "bob", "zed"],
    random: new SeededRandom(3),
    ...time.hostClock,
    newId: countingIds(),
  });
  const client = (user: string) => new TableClient(network.client(user), () => time.now);
  const clients = { gm: client("gm"), alice: client("alice"), bob: client("bob"), zed: client("zed") };
  const created = await clients.gm.create({
    gameId,
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options,
  });
  expect(created.ok).toBe(true);
  const tableId = created.ok ? (created.tableId ?? "") : "";
  const snapshot = () =>
    JSON.stringify([...store.tables.entries()]) + store.ledger + JSON.stringify([...store.archives.entries()]);
  return { host, store, time, clients, network, tableId, snapshot };
}

type World = Awaited<ReturnType<typeof world>>;

/** A non-GM's request and a refused write both change nothing. */
async function refusedForOthersAndOnFailedWrite(w: World, request: Record<string, unknown>): Promise<void> {
  const before = w.snapshot();
  expect(await w.network.deliver("alice", request)).toMatchObject({
    ok: false,
    error: { code: "CANTINA.Error.GMOnly" },
  });
  w.store.refuse = true;
  expect(await w.network.deliver("gm", request)).toMatchObject({
    ok: false,
    error: { code: "CANTINA.Error.StoreFailed" },
  });
  w.store.refuse = false;
  expect(w.snapshot()).toBe(before);
}

describe("running a table: the requests", () => {
  it("parses the new operations and refuses malformed ones", () => {
    expect(parseRequest({ type: "pause", tableId: "t1", paused: true })).toEqual({
      type: "pause",
      tableId: "t1",
      paused: true,
    });
    expect(parseRequest({ type: "pause", tableId: "t1", paused: "yes" })).toBeNull();
    expect(parseRequest({ type: "seat-bot", tableId: "t1", seat: "seat-1", bot: false })).toMatchObject({ bot: false });
    expect(parseRequest({ type: "seat-bot", tableId: "t1", seat: "__proto__", bot: true })).toBeNull();
    expect(parseRequest({ type: "remove-player", tableId: "t1" })).toBeNull();
    expect(parseRequest({ type: "rematch", tableId: "t1" })).toEqual({ type: "rematch", tableId: "t1" });
  });
});

describe("running a table: deal again", () => {
  it("a finished table is dealt again with the same seats and options, the old one archived, in one change", async () => {
    const w = await world(turns.id, { hourglass: true });
    for (let i = 0; i < 3; i++) {
      w.time.advance(TURN_MS); // three timeouts end the test game
      await w.host.idle();
    }
    expect(w.clients.gm.tables.get(w.tableId)?.table.over).toBe(true);
    await refusedForOthersAndOnFailedWrite(w, { type: "rematch", tableId: w.tableId });
    const writes = w.store.writes;
    const reply = await w.clients.gm.rematch(w.tableId);
    expect(reply).toMatchObject({ ok: true, version: 0 });
    const t2 = reply.ok ? (reply.tableId ?? "") : "";
    expect(w.store.writes).toBe(writes + 1);
    const fresh = w.host.record(t2)!;
    const old = JSON.parse(w.store.archives.get(w.tableId)!) as { seats: unknown; options: unknown };
    expect(fresh.seats).toEqual(old.seats);
    expect(fresh.options).toEqual(old.options);
    expect(fresh.ops).toEqual([{ at: w.time.now, by: "gm", op: "rematch", from: w.tableId }]);
    expect(w.host.record(w.tableId)).toBeUndefined();
    // The players see the new table and no longer the old one.
    expect(w.clients.alice.tables.has(t2)).toBe(true);
    expect(w.clients.alice.tables.has(w.tableId)).toBe(false);
    // Asked again (another click, another request id), it answers with the same new table.
    expect(await w.clients.gm.rematch(w.tableId)).toMatchObject({ ok: true, tableId: t2 });
    expect(w.store.writes).toBe(writes + 1);
  });

  it("an unfinished Sabacc match dealt again is called off (purses back) and the seats bring them again", async () => {
    const w = await world("sabacc-super-simplified");
    const before = w.host.record(w.tableId)!;
    const reply = await w.clients.gm.rematch(w.tableId);
    expect(reply).toMatchObject({ ok: true });
    const fresh = w.host.record(reply.ok ? (reply.tableId ?? "") : "")!;
    expect(fresh.seats.map((s) => [s.name, s.userId, s.account])).toEqual(
      before.seats.map((s) => [s.name, s.userId, s.account]),
    );
    expect(fresh.options).toEqual(before.options);
    expect(fresh.purses).toEqual(before.purses);
    const event = Object.values(w.host.currentLedger().events)[0]!;
    const kinds = event.entries.filter((e) => e.account === "alice").map((e) => e.kind);
    expect(kinds.slice(-3)).toEqual(["seated", "voided", "seated"]);
    expect(w.store.archives.size).toBe(0);
  });
});

describe("running a table: pause and resume", () => {
  it("moves are refused while paused, with the reason", async () => {
    const w = await world();
    expect(await w.clients.gm.pause(w.tableId, true)).toMatchObject({ ok: true });
    expect(w.clients.alice.tables.get(w.tableId)?.table.paused).toBe(true);
    expect(await w.clients.alice.move(w.tableId, { type: "pass" })).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.TablePaused" },
    });
    await w.clients.gm.pause(w.tableId, false);
    expect(w.clients.alice.tables.get(w.tableId)?.table.paused).toBeUndefined();
    expect(await w.clients.alice.move(w.tableId, { type: "pass" })).toMatchObject({ ok: true, version: 1 });
  });

  it("the host's clock stands still while paused and runs on from there once resumed", async () => {
    const w = await world();
    w.time.advance(4_000);
    await w.clients.gm.pause(w.tableId, true);
    expect(w.clients.alice.tables.get(w.tableId)?.deadline).toBeUndefined();
    w.time.advance(10 * TURN_MS);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.version).toBe(0);
    await w.clients.gm.pause(w.tableId, false);
    expect(w.clients.alice.tables.get(w.tableId)?.deadline?.remainingMs).toBe(TURN_MS - 4_000);
    w.time.advance(TURN_MS - 4_001);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.version).toBe(0);
    w.time.advance(1);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.log[1]).toMatchObject({ timeout: true });
  });

  it("is GM-only, idempotent, logged and one change", async () => {
    const w = await world();
    await refusedForOthersAndOnFailedWrite(w, { type: "pause", tableId: w.tableId, paused: true });
    const writes = w.store.writes;
    await w.clients.gm.pause(w.tableId, true);
    const once = w.snapshot();
    expect(await w.clients.gm.pause(w.tableId, true)).toMatchObject({ ok: true });
    expect(w.snapshot()).toBe(once);
    expect(w.store.writes).toBe(writes + 1);
    await w.clients.gm.pause(w.tableId, false);
    expect(w.host.record(w.tableId)!.ops?.map((o) => o.op)).toEqual(["pause", "resume"]);
  });

  it("bots wait while their table is paused", async () => {
    const w = await world();
    await w.clients.gm.pause(w.tableId, true);
    await w.clients.gm.seatBot(w.tableId, "seat-1", true);
    w.time.advance(1_000);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.version).toBe(0);
    await w.clients.gm.pause(w.tableId, false);
    w.time.advance(1);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.log[1]).toMatchObject({ seat: "seat-1", move: { type: "pass" } });
  });
});

describe("running a table: seats to bots and back, players removed", () => {
  it("an absent player's seat is played by a bot, then given back to them", async () => {
    const w = await world();
    await refusedForOthersAndOnFailedWrite(w, { type: "seat-bot", tableId: w.tableId, seat: "seat-1", bot: true });
    expect(await w.clients.gm.seatBot(w.tableId, "seat-1", true)).toMatchObject({ ok: true });
    const seat = w.host.record(w.tableId)!.seats[0]!;
    expect(seat).toMatchObject({ kind: "bot", userId: null, awayUserId: "alice", account: "alice", name: "Alice" });
    // Asked twice: nothing more.
    const once = w.snapshot();
    expect(await w.clients.gm.seatBot(w.tableId, "seat-1", true)).toMatchObject({ ok: true });
    expect(w.snapshot()).toBe(once);
    w.time.advance(1);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.log[1]).toMatchObject({ seat: "seat-1" });
    // Alice is a spectator meanwhile; Bob plays, then the seat goes back to Alice.
    expect(w.clients.alice.tables.get(w.tableId)?.seat).toBeNull();
    expect(await w.clients.bob.move(w.tableId, { type: "pass" })).toMatchObject({ ok: true });
    expect(await w.clients.gm.seatBot(w.tableId, "seat-1", false)).toMatchObject({ ok: true });
    expect(w.host.record(w.tableId)!.seats[0]).toEqual({
      seat: "seat-1",
      name: "Alice",
      kind: "person",
      userId: "alice",
      account: "alice",
    });
    expect(await w.clients.alice.move(w.tableId, { type: "pass" })).toMatchObject({ ok: true });
    expect(w.host.record(w.tableId)!.ops?.map((o) => [o.op, o.seat])).toEqual([
      ["seat-bot", "seat-1"],
      ["seat-player", "seat-1"],
    ]);
  });

  it("a removed player's seat stays a bot's: it cannot be given back, and a rematch keeps it so", async () => {
    const w = await world();
    await refusedForOthersAndOnFailedWrite(w, { type: "remove-player", tableId: w.tableId, seat: "seat-2" });
    expect(await w.clients.gm.removePlayer(w.tableId, "seat-2")).toMatchObject({ ok: true });
    expect(w.host.record(w.tableId)!.seats[1]).toMatchObject({ kind: "bot", userId: null, account: "bob" });
    expect(w.host.record(w.tableId)!.seats[1]!.awayUserId).toBeUndefined();
    expect(await w.clients.gm.seatBot(w.tableId, "seat-2", false)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.NobodyAway" },
    });
    expect(await w.clients.bob.move(w.tableId, { type: "pass" })).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.NotYourSeat" },
    });
    const reply = await w.clients.gm.rematch(w.tableId);
    expect(reply).toMatchObject({ ok: true });
    expect(w.host.record(reply.ok ? (reply.tableId ?? "") : "")!.seats[1]).toMatchObject({ kind: "bot", name: "Bob" });
  });

  it("a seat of a game without bots stays with its player; an unknown seat is refused", async () => {
    const w = await world("hununga");
    const hasBots = Object.keys(bots.hununga ?? {}).length > 0;
    expect(await w.clients.gm.seatBot(w.tableId, "seat-9", true)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.UnknownSeat" },
    });
    if (!hasBots)
      expect(await w.clients.gm.seatBot(w.tableId, "seat-1", true)).toMatchObject({
        ok: false,
        error: { code: "CANTINA.Error.NoBot" },
      });
  });

  it("a player whose seat a bot keeps may not bet on that table", async () => {
    const w = await world("seven-ulwan");
    const created = await w.clients.gm.create({
      gameId: "seven-ulwan",
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
      options: {},
      betting: { winnerShare: 5 },
    });
    const tableId = created.ok ? (created.tableId ?? "") : "";
    await w.clients.gm.seatBot(tableId, "seat-1", true);
    const pool = w.clients.alice.tables.get(tableId)?.betting?.pools[0];
    expect(pool).toBeDefined();
    const reply = await w.clients.alice.bet(
      tableId,
      pool?.id ?? "long-winner",
      pool?.outcomes[0]?.outcome ?? "seat-1",
      1,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: "CANTINA.Betting.Error.Seated" } });
  });
});
