/**
 * The host's books under trouble: a refused write changes nothing and says why (to the caller and
 * the GMs) and clients resynchronize; bots retry with back-off then stop and say so; a request
 * repeated with its id is answered once; ids from outside such as `__proto__` are refused; bets
 * need an account; the house is one account with no Luck/Force points and holds its takings.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom, type GameResult } from "../../src/rules/core";
import { bots } from "../../src/games";
import { TableClient } from "../../src/table/client";
import { BOT_WRITE_TRIES } from "../../src/table/host";
import { HOUSE_ACCOUNT, emptyEvent, ensureAccount, houseTakings, seatPurses, settle } from "../../src/table/ledger";
import type { SeatAssignment, TableSpec } from "../../src/table/protocol";
import type { MemoryStore } from "../../src/table/store";
import {
  RefusingStore,
  clientsOf,
  countingIds,
  noticesTo,
  sevenUlwanBetting,
  startMemoryHost,
} from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob", "carol"];

async function world(store = new RefusingStore()) {
  const { host, network } = await startMemoryHost({
    users: USERS,
    store,
    random: new SeededRandom(7),
    ...sevenUlwanBetting(2),
    bots,
    botRetryMs: 1,
    now: () => 1_000,
    newId: countingIds(),
  });
  const clients = clientsOf(network, USERS);
  // The evening's event is "et1"; the first table opened is "t2".
  if (!store.ledger) await host.handle("gm", { type: "event-create", name: "Nova night", startingCredits: 1000 });
  return { network, host, store, clients };
}

const two: TableSpec["seats"] = [
  { kind: "person", userId: "alice", name: "Alice" },
  { kind: "person", userId: "bob", name: "Bob" },
];

function stored(store: MemoryStore): string {
  return JSON.stringify([...store.tables.entries()]) + store.ledger;
}

describe("a failed write is never silent", () => {
  it("a player's move whose write is refused changes nothing, tells the mover and the GM why, and resyncs; the retry plays", async () => {
    const w = await world();
    expect((await w.clients.gm!.create({ gameId: "sabacc-super-simplified", seats: two, options: {} })).ok).toBe(true);
    const before = stored(w.store);
    const record = w.host.record("t2");
    const toAct = record!.seats.find((s) => s.seat === w.host.summaries()[0]!.toAct[0])!.userId!;
    const mover = w.clients[toAct]!;
    const sentBefore = w.network.sent.length;
    w.store.refuse = "User lacks permission to update Setting";
    const reply = await mover.move("t2", { type: "roll-order" });
    expect(reply).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.StoreFailed", params: { reason: "User lacks permission to update Setting" } },
    });
    expect(w.host.record("t2")).toBe(record);
    expect(stored(w.store)).toBe(before);
    // The GM is told, and every client is sent the table again as stored.
    expect(noticesTo(w.network, "gm")).toEqual([
      { type: "notice", error: reply.ok ? null : reply.error, tableId: "t2" },
    ]);
    const resent = w.network.sent.slice(sentBefore).filter((s) => s.message.type === "table");
    expect(new Set(resent.map((s) => s.to))).toEqual(new Set(USERS));
    expect(resent.every((s) => s.message.type === "table" && s.message.full && s.message.table.version === 0)).toBe(
      true,
    );
    // Once the store takes writes again, the same player's retry is the move (not "not your turn").
    w.store.refuse = null;
    expect(await mover.move("t2", { type: "roll-order" })).toEqual({ ok: true, version: 1 });
  });

  it("a refused table opening leaves the purses in the ledger, so the retry can afford the ante", async () => {
    const w = await world();
    const { eventId } = (await w.clients.gm!.createEvent("Nova night", 1000)) as { eventId: string };
    const before = stored(w.store);
    w.store.refuse = "QuotaExceededError";
    const refused = await w.clients.gm!.create({ gameId: "sabacc-super-simplified", seats: two, options: {} });
    expect(refused).toMatchObject({ ok: false, error: { code: "CANTINA.Error.StoreFailed" } });
    expect(stored(w.store)).toBe(before);
    expect(w.host.summaries()).toEqual([]);
    expect(Object.keys(w.host.currentLedger().events[eventId]!.accounts)).toEqual([HOUSE_ACCOUNT]);
    w.store.refuse = null;
    expect(await w.clients.gm!.create({ gameId: "sabacc-super-simplified", seats: two, options: {} })).toMatchObject({
      ok: true,
    });
  });

  it("a bot whose moves cannot be stored retries with back-off, then its bots stop and the GM is told", async () => {
    const w = await world();
    const botSeats: TableSpec["seats"] = [
      { kind: "bot", userId: null, name: "R2" },
      { kind: "bot", userId: null, name: "C3" },
    ];
    const created = await w.host.handle("gm", {
      type: "create",
      spec: { gameId: "sabacc-super-simplified", seats: botSeats, options: {} },
    });
    expect(created.ok).toBe(true);
    w.store.refuse = "connection lost";
    const record = w.host.record("t2");
    await w.host.idle();
    expect(w.host.record("t2")).toBe(record);
    const notices = noticesTo(w.network, "gm");
    expect(notices.filter((n) => n.type === "notice" && n.error.code === "CANTINA.Error.StoreFailed")).toHaveLength(
      BOT_WRITE_TRIES,
    );
    expect(notices.at(-1)).toEqual({
      type: "notice",
      error: { code: "CANTINA.Error.BotsStopped", params: { table: "t2" } },
      tableId: "t2",
    });
    // Stopped: no more tries even once the store would take them.
    w.store.refuse = null;
    await new Promise((r) => setTimeout(r, 20));
    await w.host.idle();
    expect(w.host.record("t2")).toBe(record);
  });

  it("the GM's client hears the host's notices", async () => {
    const w = await world();
    const heard: string[] = [];
    w.clients.gm!.onNotice((error) => heard.push(error.code));
    await w.clients.gm!.create({ gameId: "sabacc-super-simplified", seats: two, options: {} });
    w.store.refuse = "nope";
    await w.clients.alice!.move("t2", { type: "roll-order" });
    await w.clients.bob!.move("t2", { type: "roll-order" });
    expect(heard).toEqual(["CANTINA.Error.StoreFailed", "CANTINA.Error.StoreFailed"]);
  });
});

describe("requests are idempotent", () => {
  async function withBetting() {
    const w = await world();
    await w.clients.gm!.create({ gameId: "seven-ulwan", seats: two, options: {}, betting: { winnerShare: 0 } });
    const eventId = w.host.record("t2")!.eventId;
    await w.clients.gm!.joinEvent(eventId, "carol", "Carol");
    return { ...w, eventId };
  }

  it("a side bet sent again with its id is answered as the first time and staked once", async () => {
    const w = await withBetting();
    const bet = {
      type: "side-bet",
      tableId: "t2",
      pool: "long-winner",
      outcome: "seat-1",
      amount: 40,
      requestId: "r1",
    };
    const first = await w.network.deliver("carol", bet);
    expect(first.ok).toBe(true);
    const after = stored(w.store);
    expect(await w.network.deliver("carol", bet)).toEqual(first);
    expect(stored(w.store)).toBe(after);
    expect(w.host.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(1000 - 40);
    // Two copies in flight at once are one bet too.
    const again = { ...bet, requestId: "r2" };
    const [a, b] = await Promise.all([w.network.deliver("carol", again), w.network.deliver("carol", again)]);
    expect(a).toEqual(b);
    expect(w.host.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(1000 - 80);
  });

  it("a ledger adjustment sent again is applied once; another user's request with the same id is its own", async () => {
    const w = await withBetting();
    const adjust = {
      type: "ledger-adjust",
      eventId: w.eventId,
      account: "carol",
      credits: 25,
      luck: 0,
      reason: "Prize",
      requestId: "same",
    };
    expect((await w.network.deliver("gm", adjust)).ok).toBe(true);
    expect((await w.network.deliver("gm", adjust)).ok).toBe(true);
    expect(w.host.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(1025);
    const bet = {
      type: "side-bet",
      tableId: "t2",
      pool: "long-winner",
      outcome: "seat-1",
      amount: 5,
      requestId: "same",
    };
    expect((await w.network.deliver("carol", bet)).ok).toBe(true);
    expect(w.host.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(1020);
  });

  it("a request whose write was refused applied nothing, so its repeat is tried again", async () => {
    const w = await withBetting();
    const bet = { type: "side-bet", tableId: "t2", pool: "long-winner", outcome: "seat-2", amount: 10, requestId: "x" };
    w.store.refuse = "offline";
    expect(await w.network.deliver("carol", bet)).toMatchObject({ ok: false });
    w.store.refuse = null;
    expect((await w.network.deliver("carol", bet)).ok).toBe(true);
    expect((await w.network.deliver("carol", bet)).ok).toBe(true);
    expect(w.host.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(990);
  });

  it("every request a client sends carries a fresh id", async () => {
    const w = await withBetting();
    const seen: unknown[] = [];
    const client = new TableClient({
      user: "carol",
      request: async (r) => {
        seen.push((r as { requestId?: unknown }).requestId);
        return w.network.deliver("carol", r);
      },
      onMessage: () => () => undefined,
    });
    await client.bet("t2", "long-winner", "seat-1", 1);
    await client.bet("t2", "long-winner", "seat-1", 1);
    expect(seen).toHaveLength(2);
    expect(typeof seen[0]).toBe("string");
    expect(seen[0]).not.toBe(seen[1]);
    expect(w.host.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(998);
  });
});

describe("small holes", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "an id such as %s is refused, never thrown on (event join, adjustment, table creation, bet)",
    async (id) => {
      const w = await world();
      const { eventId } = (await w.clients.gm!.createEvent("Nova night", 1000)) as { eventId: string };
      await w.clients.gm!.create({
        gameId: "seven-ulwan",
        eventId,
        seats: two,
        options: {},
        betting: { winnerShare: 0 },
      });
      const before = stored(w.store);
      const requests: [string, Record<string, unknown>][] = [
        ["gm", { type: "event-join", eventId: id, account: "carol", name: "Carol" }],
        ["gm", { type: "event-join", eventId, account: id, name: "Carol" }],
        ["gm", { type: "ledger-adjust", eventId: id, account: "alice", credits: 5, luck: 0, reason: "x" }],
        ["gm", { type: "ledger-adjust", eventId, account: id, credits: 5, luck: 0, reason: "x" }],
        ["gm", { type: "create", spec: { gameId: "sabacc-super-simplified", eventId: id, seats: two, options: {} } }],
        ["gm", { type: "create", spec: { gameId: id, seats: two, options: {} } }],
        [
          "gm",
          {
            type: "create",
            spec: { gameId: "sabacc-super-simplified", seats: [{ ...two[0], account: id }, two[1]], options: {} },
          },
        ],
        ["carol", { type: "side-bet", tableId: id, pool: "long-winner", outcome: "seat-1", amount: 1 }],
        ["carol", { type: "side-bet", tableId: "t2", pool: id, outcome: "seat-1", amount: 1 }],
        ["carol", { type: "intent", tableId: "t2", version: 0, seat: id, move: {} }],
        ["gm", { type: "end", tableId: id }],
      ];
      for (const [from, request] of requests)
        expect(await w.network.deliver(from, request)).toEqual({
          ok: false,
          error: { code: "CANTINA.Error.Malformed" },
        });
      expect(stored(w.store)).toBe(before);
    },
  );

  it("the ledger's maps keyed by outside ids have no prototype", async () => {
    const w = await world();
    const { eventId } = (await w.clients.gm!.createEvent("Nova night", 1000)) as { eventId: string };
    await w.clients.gm!.joinEvent(eventId, "carol", "Carol");
    const ledger = w.host.currentLedger();
    expect(Object.getPrototypeOf(ledger.events)).toBeNull();
    expect(Object.getPrototypeOf(ledger.events[eventId]!.accounts)).toBeNull();
    // Restored from storage, too.
    const again = await world(w.store);
    expect(Object.getPrototypeOf(again.host.currentLedger().events[eventId]!.accounts)).toBeNull();
  });

  it("a bet from a user with no account in the event is refused: joining an event is the GM's act", async () => {
    const w = await world();
    await w.clients.gm!.create({ gameId: "seven-ulwan", seats: two, options: {}, betting: { winnerShare: 0 } });
    const before = stored(w.store);
    expect(await w.clients.carol!.bet("t2", "long-winner", "seat-1", 1)).toEqual({
      ok: false,
      error: { code: "CANTINA.Betting.Error.NoAccount" },
    });
    expect(stored(w.store)).toBe(before);
    expect(w.host.currentLedger().events[w.host.record("t2")!.eventId]!.accounts.carol).toBeUndefined();
  });

  it("nobody may seat or join the house's account", async () => {
    const w = await world();
    const { eventId } = (await w.clients.gm!.createEvent("Nova night", 1000)) as { eventId: string };
    expect(await w.clients.gm!.joinEvent(eventId, HOUSE_ACCOUNT, "House")).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.ReservedAccount" },
    });
    const seats = [{ ...two[0]!, account: HOUSE_ACCOUNT }, two[1]!];
    expect(await w.clients.gm!.create({ gameId: "sabacc-super-simplified", seats, options: {} })).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.ReservedAccount" },
    });
  });

  it("True Sabacc's Sabacc Pot that nobody wins goes to the house: one account, no Luck/Force points", () => {
    const seats: SeatAssignment[] = [
      { seat: "s1", name: "Han", kind: "person", userId: "u1", account: "han" },
      { seat: "s2", name: "Lando", kind: "person", userId: "u2", account: "lando" },
    ];
    let event = emptyEvent("e1", "", 5000, 0);
    event = ensureAccount(event, "han", "Han", 5000, 0, "gm");
    event = ensureAccount(event, "lando", "Lando", 5000, 0, "gm");
    const seated = seatPurses(event, "t2", seats, 0, "gm");
    // Han wins the Main Pot (1,000 from Lando); each lost 1,000 to the Sabacc Pot, which nobody won.
    const result: GameResult = { winners: ["s1"], creditDelta: { s1: 0, s2: -2000 }, luckSpent: {} };
    const settled = settle(seated.event, "t2", seats, seated.purses, result, 1, "gm");
    expect(settled.accounts[HOUSE_ACCOUNT]).toEqual({ id: HOUSE_ACCOUNT, name: HOUSE_ACCOUNT, credits: 2000, luck: 0 });
    const total = Object.values(settled.accounts).reduce((a, x) => a + x.credits, 0);
    expect(total).toBe(10_000);
    expect(houseTakings(settled)).toBe(2000);
    // Settled once only.
    expect(settle(settled, "t2", seats, seated.purses, result, 2, "gm")).toBe(settled);
  });

  it("a winner's share held at a table ended early goes to the one house account; the GM sees the takings, a player not", async () => {
    const w = await world();
    await w.clients.gm!.create({ gameId: "seven-ulwan", seats: two, options: {}, betting: { winnerShare: 50 } });
    const eventId = w.host.record("t2")!.eventId;
    await w.clients.gm!.joinEvent(eventId, "carol", "Carol");
    // Play (alternating seats) until a short pool settled with a share held.
    for (let n = 0; n < 400 && !(w.host.record("t2")!.betting!.shareHeld > 0); n++) {
      const r = w.host.record("t2")!;
      const book = r.betting!;
      for (const pool of book.pools)
        if (pool.kind === "short" && pool.status === "open" && r.version < pool.closesAt && pool.bets.length === 0)
          for (const outcome of pool.outcomes) await w.clients.carol!.bet("t2", pool.id, outcome, 2);
      const toAct = w.host.summaries()[0]!.toAct[0];
      const user = toAct === "seat-1" ? "alice" : "bob";
      const legal = w.clients[user]!.tables.get("t2")!.legalMoves;
      await w.clients[user]!.move("t2", legal[0]);
    }
    const held = w.host.record("t2")!.betting!.shareHeld;
    expect(held).toBeGreaterThan(0);
    expect((await w.clients.gm!.end("t2")).ok).toBe(true);
    const event = w.host.currentLedger().events[eventId]!;
    expect(event.accounts[HOUSE_ACCOUNT]).toMatchObject({ credits: held, luck: 0 });
    expect(event.entries.filter((e) => e.account === HOUSE_ACCOUNT && e.kind === "opened")).toHaveLength(1);
    const gmView = w.clients.gm!.events.find((e) => e.id === eventId)!;
    expect(gmView.houseTakings).toBe(held);
    expect(w.clients.carol!.events.find((e) => e.id === eventId)!.houseTakings).toBeUndefined();
  });
});

describe("finished tables are archived after the GM's time", () => {
  it("a settled table leaves the live tables, stored compacted (no state), its log kept; the ledger is untouched", async () => {
    let clock = 1_000;
    const { host, network, store } = await startMemoryHost({
      users: USERS,
      random: new SeededRandom(7),
      bots,
      botDelayMs: 0,
      archiveAfterMs: () => 60_000,
      now: () => clock,
      newId: countingIds(),
    });
    const seats: TableSpec["seats"] = [
      { kind: "bot", userId: null, name: "R2" },
      { kind: "bot", userId: null, name: "C3" },
    ];
    const reply = await host.handle("gm", {
      type: "create",
      spec: { gameId: "sabacc-super-simplified", seats, options: {} },
    });
    const tableId = (reply as { tableId: string }).tableId;
    await host.idle();
    const finished = host.record(tableId)!;
    expect(finished).toMatchObject({ settled: true, finishedAt: 1_000 });
    const ledger = store.ledger;
    // Not yet: the GM's time has not passed.
    clock += 59_000;
    await host.handle("gm", { type: "sync" });
    expect(host.record(tableId)).toBeDefined();
    clock += 1_000;
    await host.handle("gm", { type: "sync" });
    expect(host.record(tableId)).toBeUndefined();
    expect(store.tables.has(tableId)).toBe(false);
    const archived = JSON.parse(store.archives.get(tableId)!) as Record<string, unknown>;
    expect(archived.state).toBeUndefined();
    expect(archived.log).toEqual(finished.log);
    expect(store.ledger).toBe(ledger);
    expect(network.receivedBy("alice")).toContainEqual({ type: "table-removed", tableId });
    // A table still playing, or never settled, stays.
    expect(host.summaries()).toEqual([]);
  });
});
