/**
 * The authoritative host over the in-memory transport: refusals change nothing, and what each
 * client is sent never holds another player's hidden roll before the show.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom, ScriptedRandom, type Random } from "../../src/rules/core";
import { bots, games } from "../../src/games";
import type { SuperSimplifiedView } from "../../src/rules/sabacc/super-simplified";
import { TableClient } from "../../src/table/client";
import { TableHost } from "../../src/table/host";
import type { HostMessage, TableSpec, TableUpdate } from "../../src/table/protocol";
import { replay } from "../../src/table/replay";
import { MemoryStore, type TableRecord } from "../../src/table/store";
import type { MemoryNetwork } from "../../src/table/transport";
import { clientsOf, countingIds, playWithoutFolding, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob", "carol"];

async function world(random: Random = new SeededRandom(7), store = new MemoryStore()) {
  const { host, network } = await startMemoryHost({
    users: USERS,
    store,
    random,
    bots,
    now: () => 1_000,
    newId: () => "t1",
  });
  return { network, host, store, clients: clientsOf(network, USERS) };
}

async function openTable(
  w: Awaited<ReturnType<typeof world>>,
  seats: TableSpec["seats"] = [
    { kind: "person", userId: "alice", name: "Alice" },
    { kind: "person", userId: "bob", name: "Bob" },
  ],
) {
  const reply = await w.clients.gm!.create({ gameId: "sabacc-super-simplified", seats, options: {} });
  expect(reply).toEqual({ ok: true, tableId: "t1", version: 0 });
  return "t1";
}

/** A world with the Sabacc table t1 open for Alice and Bob (the table most refusals are tried on). */
async function openedWorld(random?: Random) {
  const w = await world(random);
  await openTable(w);
  return w;
}

/** A move request for table t1 at this version, with any extra fields a test forges. */
const intent = (version: number, move: unknown, extra: Record<string, unknown> = {}) => ({
  type: "intent",
  tableId: "t1",
  version,
  ...extra,
  move,
});

function snapshot(w: Awaited<ReturnType<typeof world>>): string {
  return JSON.stringify([...w.store.tables.entries()]) + w.store.ledger + w.network.sent.length;
}

/** Expects a refusal with this code that stores nothing and sends nothing. */
async function expectRefused(w: Awaited<ReturnType<typeof world>>, from: string, request: unknown, code: string) {
  const before = snapshot(w);
  const reply = await w.network.deliver(from, request);
  expect(reply).toMatchObject({ ok: false, error: { code } });
  expect(snapshot(w)).toBe(before);
}

async function expectRefusedOn(
  network: MemoryNetwork,
  store: MemoryStore,
  from: string,
  request: unknown,
  code: string,
) {
  const before = JSON.stringify([...store.tables.entries()]) + store.ledger + network.sent.length;
  expect(await network.deliver(from, request)).toMatchObject({ ok: false, error: { code } });
  expect(JSON.stringify([...store.tables.entries()]) + store.ledger + network.sent.length).toBe(before);
}

/** Order rolls alice 90, bob 40, then hands alice 21, bob 7: play order alice, bob. */
const scripted = () => new ScriptedRandom([90, 40, 21, 7, 15, 3, 3, 3, 3]);

describe("table host: refusals change nothing", () => {
  it("refuses a move for a seat the caller does not hold", async () => {
    const w = await openedWorld();
    await expectRefused(w, "carol", intent(0, { type: "roll-order" }), "CANTINA.Error.NotYourSeat");
    await expectRefused(w, "alice", intent(0, { type: "roll-order" }, { seat: "seat-2" }), "CANTINA.Error.NotYourSeat");
  });

  it("ignores the seat a payload claims: the transport says who calls", async () => {
    const w = await openedWorld();
    // A forged "from" inside the payload changes nothing: carol is still carol.
    await expectRefused(w, "carol", intent(0, { type: "roll-order" }, { from: "alice" }), "CANTINA.Error.NotYourSeat");
  });

  it("refuses a move out of turn", async () => {
    const w = await openedWorld(scripted());
    expect((await w.clients.alice!.move("t1", { type: "roll-order" })).ok).toBe(true);
    await expectRefused(w, "alice", intent(1, { type: "roll-order" }), "CANTINA.Error.NotYourTurn");
    expect((await w.clients.bob!.move("t1", { type: "roll-order" })).ok).toBe(true);
    // Alice rolled 90, Bob 40: Alice rolls her hand first.
    await expectRefused(w, "bob", intent(2, { type: "roll-hand" }), "CANTINA.Error.NotYourTurn");
  });

  it("refuses a stale version", async () => {
    const w = await openedWorld(scripted());
    expect((await w.clients.alice!.move("t1", { type: "roll-order" })).ok).toBe(true);
    await expectRefused(w, "bob", intent(0, { type: "roll-order" }), "CANTINA.Error.StaleVersion");
  });

  it("refuses malformed requests and moves", async () => {
    const w = await openedWorld();
    for (const bad of [
      null,
      42,
      "intent",
      [],
      { type: "intent" },
      { type: "intent", tableId: "t1", version: "0", move: {} },
      { type: "intent", tableId: "t1", version: -1, move: {} },
      { type: "launch-missiles" },
    ]) {
      await expectRefused(w, "alice", bad, "CANTINA.Error.Malformed");
    }
    for (const move of [
      null,
      {},
      { type: "roll-order", extra: 1 },
      { type: "bet", amount: -5 },
      { type: "bet", amount: 1.5 },
      { type: "nope" },
    ]) {
      await expectRefused(w, "alice", intent(0, move), "CANTINA.Error.Malformed");
    }
  });

  it("refuses a move the rules forbid, with the rule's reason", async () => {
    const w = await openedWorld(scripted());
    await expectRefused(w, "alice", intent(0, { type: "fold" }), "CANTINA.Sabacc.Error.WrongPhase");
  });

  it("refuses to seat one character twice at a table (each seat would bring the whole balance)", async () => {
    const w = await world();
    // Two bots of one name are no character: each plays on its own stake from the house.
    const twoBots = { kind: "bot" as const, userId: null, name: "Droid" };
    const bots = await w.clients.gm!.create({
      gameId: "sabacc-super-simplified",
      seats: [twoBots, twoBots],
      options: {},
    });
    expect(bots.ok).toBe(true);
    const gmTwice = { kind: "person", userId: "gm", name: "Maz" };
    await expectRefused(
      w,
      "gm",
      { type: "create", spec: { gameId: "sabacc-super-simplified", seats: [gmTwice, gmTwice], options: {} } },
      "CANTINA.Error.SameAccountTwice",
    );
  });

  it("no credits are made: a purse at one table cannot be brought to another, and an ended table gives it back", async () => {
    const { host, network } = await startMemoryHost({
      users: USERS,
      random: new SeededRandom(5),
      bots,
      newId: countingIds(),
    });
    const gm = new TableClient(network.client("gm"));
    const seats: TableSpec["seats"] = [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ];
    const first = await gm.create({ gameId: "sabacc-super-simplified", seats, options: {} });
    const firstId = first.ok ? (first.tableId ?? "") : "";
    expect(firstId).not.toBe("");
    // Alice's 1000 are at the first table: a second table finds her purse empty.
    const second = await gm.create({ gameId: "sabacc-super-simplified", seats, options: {} });
    expect(second).toMatchObject({ ok: false, error: { code: "CANTINA.Sabacc.Error.CannotAffordAnte" } });
    const total = (): number =>
      Object.values(host.currentLedger().events)
        .flatMap((e) => Object.values(e.accounts))
        .reduce((n, a) => n + a.credits, 0);
    expect(total()).toBe(0);
    // The GM ends the first table before its match ends: the purses go back as they came.
    expect((await gm.end(firstId)).ok).toBe(true);
    expect(total()).toBe(2000);
    const alice = Object.values(host.currentLedger().events)[0]!.accounts.alice!;
    expect(alice).toMatchObject({ credits: 1000, luck: 3 });
  });

  it("refuses an unknown table and GM-only requests from players", async () => {
    const w = await openedWorld();
    await expectRefused(
      w,
      "alice",
      { type: "intent", tableId: "nope", version: 0, move: { type: "roll-order" } },
      "CANTINA.Error.UnknownTable",
    );
    await expectRefused(
      w,
      "alice",
      { type: "create", spec: { gameId: "sabacc-super-simplified", seats: [], options: {} } },
      "CANTINA.Error.GMOnly",
    );
    await expectRefused(w, "alice", { type: "end", tableId: "t1" }, "CANTINA.Error.GMOnly");
    await expectRefused(
      w,
      "alice",
      { type: "ledger-adjust", eventId: "e1", account: "alice", credits: 5000, luck: 3, reason: "gift" },
      "CANTINA.Error.GMOnly",
    );
  });

  it("with no host connected a move changes nothing yet: the client keeps it and sends it when a host is back", async () => {
    const w = await openedWorld(scripted());
    const before = snapshot(w);
    w.network.disconnectHost();
    const reply = await w.clients.alice!.move("t1", { type: "roll-order" });
    expect(reply).toEqual({ ok: true, kept: true });
    expect(snapshot(w)).toBe(before);
    // A host that comes back from the same store resumes the table; the kept move then goes through.
    const again = await TableHost.start({
      games,
      store: w.store,
      transport: w.network.host(),
      hostUser: "gm",
      isGM: (u) => u === "gm",
      users: () => USERS,
      random: scripted(),
    });
    expect(again.record("t1")?.version).toBe(0);
    await w.clients.alice!.sync();
    await again.idle();
    expect(again.record("t1")?.version).toBe(1);
  });
});

function updatesTo(messages: HostMessage[]): TableUpdate[] {
  return messages.filter((m): m is TableUpdate => m.type === "table");
}

describe("table host: hidden information", () => {
  it("never sends a player another player's hand roll before the show", async () => {
    const w = await openedWorld(scripted());
    await w.clients.alice!.move("t1", { type: "roll-order" });
    await w.clients.bob!.move("t1", { type: "roll-order" });
    await w.clients.alice!.move("t1", { type: "roll-hand" }); // 21
    await w.clients.alice!.move("t1", { type: "keep" });
    await w.clients.bob!.move("t1", { type: "roll-hand" }); // 7
    await w.clients.bob!.move("t1", { type: "reroll" }); // 15, a Luck/Force point
    // Hands: Alice 21; Bob 7, rerolled to 15.
    for (const [user, seat, other] of [
      ["alice", "seat-1", "seat-2"],
      ["bob", "seat-2", "seat-1"],
      ["carol", null, "seat-1"],
      ["carol", null, "seat-2"],
    ] as const) {
      for (const update of updatesTo(w.network.receivedBy(user))) {
        const view = update.view as SuperSimplifiedView;
        expect(view.seats.find((s) => s.seat === other)?.hand).toBeNull();
        expect(view.seats.find((s) => s.seat === other)?.luck).toBeNull();
        for (const { event } of update.events) {
          if (event.kind === "roll" && event.seat === other) expect(event.purpose).toBe("CANTINA.Sabacc.Roll.Order");
          if (event.kind === "notice" && event.seat === other)
            expect(event.key).not.toBe("CANTINA.Sabacc.Log.LuckSpent");
        }
        // The other's reroll leaves no trace at all; their first roll shows only as "rolls in private".
        const hidden = update.events.filter(({ event }) => event.kind === "hidden-roll" && event.seat === other);
        for (const { event } of hidden) expect(event).not.toHaveProperty("total");
        if (seat) expect(view.seats.find((s) => s.seat === seat)?.luck).not.toBeNull();
      }
    }
    // Bob's own client did get both of his rolls, and the GM got everything.
    const bobRolls = updatesTo(w.network.receivedBy("bob"))
      .flatMap((u) => u.events)
      .filter(
        ({ event }) =>
          event.kind === "roll" && event.seat === "seat-2" && event.purpose !== "CANTINA.Sabacc.Roll.Order",
      );
    expect(bobRolls.map(({ event }) => (event.kind === "roll" ? event.total : 0))).toEqual([7, 15]);
    const gmView = w.clients.gm!.tables.get("t1")?.view as SuperSimplifiedView;
    expect(gmView.seats.map((s) => s.hand)).toEqual([21, 15]);
  });

  it("shows the hands still in at the show, and a folded hand never", async () => {
    const w = await world(new ScriptedRandom([90, 40, 30, 21, 7, 15]));
    await openTable(w, [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
      { kind: "person", userId: "carol", name: "Carol" },
    ]);
    for (const u of ["alice", "bob", "carol"]) await w.clients[u]!.move("t1", { type: "roll-order" });
    for (const u of ["alice", "bob", "carol"]) {
      await w.clients[u]!.move("t1", { type: "roll-hand" });
      await w.clients[u]!.move("t1", { type: "keep" });
    }
    await w.clients.alice!.move("t1", { type: "bet", amount: 50 });
    await w.clients.bob!.move("t1", { type: "fold" });
    await w.clients.carol!.move("t1", { type: "bet", amount: 50 });
    const aliceView = w.clients.alice!.tables.get("t1")?.view as SuperSimplifiedView;
    expect(aliceView.phase).toBe("over");
    expect(aliceView.seats.map((s) => s.hand)).toEqual([21, null, 15]);
    expect(aliceView.winners).toEqual(["seat-1"]);
  });
});

describe("table host: bots, ledger, restore, replay", () => {
  it("drives bot seats to the end of a match and writes the result to the ledger once", async () => {
    const w = await world(new SeededRandom(3));
    await openTable(w, [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "bot", userId: null, name: "Droid" },
      { kind: "bot", userId: null, name: "Astromech" },
    ]);
    const alice = w.clients.alice!;
    for (let i = 0; i < 20; i++) {
      await w.host.idle();
      const update = alice.tables.get("t1");
      if (!update || update.table.over) break;
      const move = update.legalMoves.find((m) => (m as { type: string }).type !== "fold") ?? update.legalMoves[0];
      if (move) expect((await alice.move("t1", move)).ok).toBe(true);
    }
    await w.host.idle();
    expect(alice.tables.get("t1")?.table.over).toBe(true);
    const event = Object.values(w.host.currentLedger().events)[0]!;
    // Alice's credits and the house's (which staked the bots and took their purses back): nothing made.
    const credits = Object.values(event.accounts).reduce((sum, a) => sum + a.credits, 0);
    expect(credits).toBe(1000);
    expect(Object.keys(event.accounts).sort()).toEqual(["alice", "house"]);
    expect(event.settledTables).toEqual(["t1"]);
    expect(event.entries.filter((e) => e.kind === "match").length).toBeGreaterThan(0);
  });

  it("a restored host serves the same table, and the log replays to the same state", async () => {
    const w = await openedWorld(scripted());
    await w.clients.alice!.move("t1", { type: "roll-order" });
    await w.clients.bob!.move("t1", { type: "roll-order" });
    await w.clients.alice!.move("t1", { type: "roll-hand" });
    const stored = JSON.parse(w.store.tables.get("t1") ?? "null") as TableRecord;
    const replayed = replay(stored, games);
    expect(replayed.ok && replayed.state).toEqual(stored.state);

    const { network } = await startMemoryHost({ users: USERS, store: w.store, random: scripted() });
    const alice = new TableClient(network.client("alice"));
    await alice.sync();
    const view = alice.tables.get("t1")?.view as SuperSimplifiedView;
    expect(view.seats.find((s) => s.seat === "seat-1")?.hand).toBe(21);
    expect(alice.chat.length).toBeGreaterThan(0);
  });

  it("the GM adjusts a ledger balance with a reason that is kept; players see only their own account", async () => {
    const w = await openedWorld(scripted());
    const eventId = w.clients.gm!.events[0]!.id;
    // Alice's purse is at the table: the account holds what she gains meanwhile, the view shows both.
    expect((await w.clients.gm!.adjustLedger(eventId, "alice", 200, 1, "Won a side wager with a Hutt")).ok).toBe(true);
    const gmEvent = w.clients.gm!.events[0]!;
    expect(gmEvent.accounts.find((a) => a.id === "alice")).toMatchObject({
      credits: 200,
      luck: 1,
      atTables: { credits: 1000, luck: 3 },
    });
    expect(gmEvent.entries.at(-1)).toMatchObject({
      kind: "adjustment",
      reason: "Won a side wager with a Hutt",
      credits: 200,
      luck: 1,
      by: "gm",
    });
    expect(w.clients.alice!.events.flatMap((e) => e.accounts.map((a) => a.id))).toEqual(["alice"]);
    expect(w.clients.bob!.events.flatMap((e) => e.accounts.map((a) => a.id))).toEqual(["bob"]);
    expect(w.clients.bob!.events.flatMap((e) => e.entries.map((x) => x.account))).not.toContain("alice");
    await expectRefused(
      w,
      "gm",
      { type: "ledger-adjust", eventId, account: "nobody", credits: 1, luck: 0, reason: "typo" },
      "CANTINA.Error.UnknownAccount",
    );
    await expectRefused(
      w,
      "gm",
      { type: "ledger-adjust", eventId, account: "alice", credits: 1, luck: 0, reason: "  " },
      "CANTINA.Error.ReasonRequired",
    );
    await expectRefused(
      w,
      "gm",
      { type: "ledger-adjust", eventId: "nope", account: "alice", credits: 1, luck: 0, reason: "x" },
      "CANTINA.Error.UnknownEvent",
    );
  });

  it("the event: the GM opens events, adds participants, and each match settles into its own event", async () => {
    let ids = 0;
    const { host, network, store } = await startMemoryHost({
      users: USERS,
      random: new SeededRandom(11),
      bots,
      now: () => ++ids,
      newId: () => `id${++ids}`,
    });
    const gm = new TableClient(network.client("gm"));
    const alice = new TableClient(network.client("alice"));
    const night = await gm.createEvent("Electrum night", 2000);
    expect(night).toMatchObject({ ok: true, eventId: expect.stringMatching(/.+/) });
    const eventId = night.ok ? (night.eventId ?? "") : "";
    expect((await gm.joinEvent(eventId, "alice", "Alice")).ok).toBe(true);
    expect(alice.events).toEqual([
      expect.objectContaining({
        id: eventId,
        name: "Electrum night",
        accounts: [{ id: "alice", name: "Alice", credits: 2000, luck: 3 }],
      }),
    ]);
    const created = await gm.create({
      gameId: "sabacc-super-simplified",
      eventId,
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "bot", userId: null, name: "Droid" },
      ],
      options: {},
    });
    expect(created.ok).toBe(true);
    const tableId = created.ok ? (created.tableId ?? "") : "";
    expect(gm.tables.get(tableId)?.table.eventId).toBe(eventId);
    // Alice brings her event balance to the table.
    expect((gm.tables.get(tableId)?.view as SuperSimplifiedView).seats.find((s) => s.seat === "seat-1")?.credits).toBe(
      2000,
    );
    await playWithoutFolding(host, alice, tableId, 20);
    const event = host.currentLedger().events[eventId]!;
    expect(event.settledTables).toEqual([tableId]);
    const total = Object.values(event.accounts).reduce((sum, a) => sum + a.credits, 0);
    // The bot played on the house's stake of the event's starting credits and gave the purse back to it.
    expect(total).toBe(2000);
    expect(event.entries.find((e) => e.kind === "stake")).toMatchObject({ account: "house", credits: -2000 });
    await expectRefusedOn(
      network,
      store,
      "alice",
      { type: "event-create", name: "Mine", startingCredits: 1 },
      "CANTINA.Error.GMOnly",
    );
    await expectRefusedOn(
      network,
      store,
      "gm",
      { type: "event-join", eventId: "nope", account: "bob", name: "Bob" },
      "CANTINA.Error.UnknownEvent",
    );
  });
});
