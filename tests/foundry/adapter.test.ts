/**
 * The Foundry adapter against small stand-ins for the Foundry globals it touches (see
 * standins.ts for the list: game.user, game.users, game.world, game.i18n, game.settings,
 * ui.notifications, socketlib, Roll.fromData, ChatMessage.create, CONFIG.sounds).
 *
 * One GM client runs the real CantinaRuntime (keys, sealed store, host, socket handlers); the
 * players are TableClients on their own keys, talking through the GM's registered socketlib
 * handlers with the caller named as the socket server would name them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { planChat, postChat, rollJson } from "../../src/foundry/chat";
import { type SealedMessage, type SealedRecord, Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { MemoryKeyStore, loadOrCreateKeyPair } from "../../src/foundry/keys";
import { CantinaRuntime, Handlers, LEDGER_UNREADABLE } from "../../src/foundry/runtime";
import { SealedStore } from "../../src/foundry/sealed-store";
import { openSealedRoll, sealedRollOf } from "../../src/foundry/sealed-chat";
import { NO_ANSWER, isWireReply } from "../../src/foundry/secure-transport";
import type { SuperSimplifiedMove, SuperSimplifiedView } from "../../src/rules/sabacc/super-simplified";
import type { TableClient } from "../../src/table/client";
import { emptyEvent } from "../../src/table/ledger";
import type { HostReply } from "../../src/table/protocol";
import { type FakeWorld, Roles, directoryOf, fakeUser, fakeWorld, playerClient } from "./standins";
import { QUICK_ELECTION, closeTabsOf, removeFoundryGlobals, settleAll, startRuntime } from "./world";

const GAME = "sabacc-super-simplified";

afterEach(() => removeFoundryGlobals());

/** Hand-overs in these tests do not wait long for an incoming GM's key (runtime.ts, HANDOVER_WAIT_MS). */
const QUICK = { handoverWaitMs: 100, deadlineMs: 1000, election: QUICK_ELECTION };

/** The GM's client started; on a `world` given, the GM's earlier tabs close first (a reload, a new browser). */
async function gmWorld(keys = new MemoryKeyStore(), world?: FakeWorld) {
  if (world) closeTabsOf(world, "gm");
  const w =
    world ??
    fakeWorld([
      fakeUser("gm", "Game Master", true),
      fakeUser("alice", "Alice", false),
      fakeUser("bob", "Bob", false),
      fakeUser("carol", "Carol", false),
    ]);
  return { world: w, runtime: await startRuntime(w, "gm", keys, QUICK), keys };
}

/** Two GMs ("gm" and "gm2"), alice and bob. */
function twoGMs(): FakeWorld {
  return fakeWorld([
    fakeUser("gm", "GM", true),
    fakeUser("gm2", "Second GM", true),
    fakeUser("alice", "Alice", false),
    fakeUser("bob", "Bob", false),
  ]);
}

/** The Gamemaster ("gm", role 4) and an Assistant GM ("agm", role 3, whose id sorts first), alice and bob. */
function gamemasterAndAssistant(): FakeWorld {
  return fakeWorld([
    fakeUser("gm", "GM", true, Roles.gamemaster),
    fakeUser("agm", "Assistant", true, Roles.assistant),
    fakeUser("alice", "Alice", false),
    fakeUser("bob", "Bob", false),
  ]);
}

async function players(world: FakeWorld, ids: string[]) {
  const out: Record<string, Awaited<ReturnType<typeof playerClient>>> = {};
  for (const id of ids) out[id] = await playerClient(world, id);
  return out;
}

/** The runtime's work done and each of `ps` up to date. */
const settlePlayers = (runtime: CantinaRuntime, ps: Record<string, Awaited<ReturnType<typeof playerClient>>>) =>
  settleAll(runtime, Object.values(ps));

async function openTable(runtime: CantinaRuntime): Promise<string> {
  const reply = await runtime.client!.create({
    gameId: GAME,
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
  });
  expect(reply.ok).toBe(true);
  return (reply as { tableId: string }).tableId;
}

/** Plays the seated players' first sensible legal move until `until` holds. */
async function play(
  runtime: CantinaRuntime,
  ps: Record<string, Awaited<ReturnType<typeof playerClient>>>,
  tableId: string,
  until: (view: SuperSimplifiedView) => boolean,
) {
  const order: SuperSimplifiedMove["type"][] = ["roll-order", "roll-hand", "keep", "bet"];
  for (let step = 0; step < 60; step++) {
    await settlePlayers(runtime, ps);
    const gmView = runtime.client!.tables.get(tableId)!.view as SuperSimplifiedView;
    if (until(gmView)) return;
    let moved = false;
    for (const p of Object.values(ps)) {
      const update = p.client.tables.get(tableId);
      const legal = (update?.legalMoves ?? []) as SuperSimplifiedMove[];
      const move = order.map((t) => legal.find((m) => m.type === t)).find((m) => m !== undefined);
      if (!move) continue;
      const reply = await p.client.move(tableId, move.type === "bet" ? { type: "bet", amount: gmView.minBet } : move);
      expect(reply).toMatchObject({ ok: true });
      moved = true;
      break;
    }
    expect(moved).toBe(true);
  }
  throw new Error("the game did not reach the expected point");
}

/** Every vault record stored in the world's settings, by setting key (sealed-store.ts). */
function vaultOf(world: FakeWorld): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of world.settings) if (key.startsWith("cantina-games.vault-")) out[key] = value;
  return out;
}

/** The sealed record of a table (without its log) as stored. */
function storedTable(world: FakeWorld, tableId: string): SealedRecord {
  return world.settings.get(`cantina-games.vault-t-${tableId}`) as SealedRecord;
}

/** Every sealed record a settings write put in the world (the journal's included). */
function sealedInSettings(world: FakeWorld): SealedRecord[] {
  const out: SealedRecord[] = [];
  for (const s of world.wire.settings) {
    const journal = s.key === "cantina-games.vault-journal" ? (s.value as { puts: Record<string, unknown> }) : null;
    for (const value of journal ? Object.values(journal.puts) : [s.value])
      if (value && typeof value === "object" && "readers" in value) out.push(value as SealedRecord);
  }
  return out;
}

describe("socket handler", () => {
  it("refuses a caller who does not hold the seat, whatever the payload says", async () => {
    const { world, runtime } = await gmWorld();
    const ps = await players(world, ["alice", "bob", "carol"]);
    const tableId = await openTable(runtime);
    await settlePlayers(runtime, ps);

    // Carol (no seat) asks to move: refused.
    const refused = await ps.carol!.client.move(tableId, { type: "roll-order" });
    expect(refused).toEqual({ ok: false, error: { code: "CANTINA.Error.NotYourSeat" } });

    // Carol seals a request that claims to come from Alice: the socket names Carol, so it is refused.
    const gmKey = world.users[0]!.flags["cantina-games"]!.publicKey;
    const forged = await ps.carol!.sealer.seal(Handlers.request, "gm", gmKey as never, {
      type: "intent",
      tableId,
      version: 0,
      move: { type: "roll-order" },
    });
    const reply = await world.call(Handlers.request, "carol", { ...forged, from: "alice" });
    expect(reply).toEqual({ plain: { ok: false, error: { code: "CANTINA.Error.Malformed" } } });

    // Alice herself may.
    expect(await ps.alice!.client.move(tableId, { type: "roll-order" })).toMatchObject({ ok: true, version: 1 });
    // A non-GM cannot pass a request on as "forwarded" for someone else.
    const viaPlayer = await world.call(Handlers.forward, "carol", "alice", forged);
    expect(viaPlayer).toEqual({ plain: { ok: false, error: { code: "CANTINA.Error.Malformed" } } });
  });

  it("with no GM connected a player's move changes nothing: their client keeps it for the GM", async () => {
    const { world, runtime } = await gmWorld();
    const ps = await players(world, ["alice", "bob"]);
    const tableId = await openTable(runtime);
    await settlePlayers(runtime, ps);
    const writes = world.wire.settings.length;
    world.users[0]!.active = false;
    const reply: HostReply = await ps.alice!.client.move(tableId, { type: "roll-order" });
    expect(reply).toEqual({ ok: true, kept: true });
    expect(ps.alice!.client.keptMove(tableId)).toBe(true);
    expect(world.wire.settings.length).toBe(writes);
  });
});

describe("no GM", () => {
  it("a player who starts with no GM connected is told so, once", async () => {
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.users[0]!.active = false;
    const runtime = await startRuntime(world, "alice", new MemoryKeyStore(), QUICK);
    await runtime.refreshAuthority();
    expect(world.wire.notifications).toEqual([{ kind: "warn", text: "CANTINA.Error.NoHost" }]);
    expect(runtime.isHost).toBe(false);
    expect(await runtime.client!.sync()).toEqual({ ok: false, error: { code: "CANTINA.Error.NoHost" } });
  });
});

describe("dice to chat", () => {
  it("a roll event becomes a ChatMessage whose roll has the recorded dice and the cs>= formula", async () => {
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.install("gm");
    const record = {
      gameId: GAME,
      seats: [{ seat: "seat-1", name: "Alice", kind: "person" as const, userId: "alice", account: "alice" }],
    };
    const plans = planChat(
      record,
      [
        {
          version: 3,
          seat: "seat-1",
          move: null,
          dice: [1, 2, 2, 1],
          events: [
            {
              kind: "roll",
              seat: "seat-1",
              purpose: "CANTINA.Sabacc.Roll.Order",
              notation: "4d2>2",
              dice: [1, 2, 2, 1],
              total: 2,
            },
          ],
        },
      ],
      { hostUser: "gm", gmIds: ["gm"], format: (k, p) => `${k} ${JSON.stringify(p)}`, localize: (k) => k },
    );
    await postChat(plans, null);
    expect(world.wire.chat).toHaveLength(1);
    const { data, options } = world.wire.chat[0]!;
    const roll = (data.rolls as { fromData: ReturnType<typeof rollJson> }[])[0]!.fromData;
    expect(roll.formula).toBe("4d2cs>=2");
    expect(roll.total).toBe(2);
    expect(roll.terms[0]).toMatchObject({ class: "Die", number: 4, faces: 2, modifiers: ["cs>=2"] });
    const die = roll.terms[0] as unknown as { results: { result: number; success: boolean }[] };
    expect(die.results.map((r) => r.result)).toEqual([1, 2, 2, 1]);
    expect(die.results.map((r) => r.success)).toEqual([false, true, true, false]);
    // The hosting GM authors it (a player author could delete it); the seat speaks.
    expect(data.author).toBe("gm");
    expect(data.speaker).toEqual({ alias: "Alice" });
    // The flavour is HTML (escaped text): as Foundry shows it, the notation as the texts write it.
    const shown = String(data.flavor).replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    expect(shown).toContain("4d2>2");
    expect(shown).toContain("CANTINA.Games.sabacc-super-simplified");
    expect(data.whisper).toBeUndefined();
    expect(options).toEqual({ rollMode: "publicroll" });
  });

  it("ranges and modifiers become Foundry formulas with the same total", () => {
    expect(rollJson("1-23", [17])).toMatchObject({ formula: "1d23", total: 17 });
    expect(rollJson("2d6+1", [3, 4])).toMatchObject({ formula: "2d6 + 1", total: 8 });
    expect(rollJson("5-10", [2]).total).toBe(6);
  });

  it("the host posts each roll of a real game; a private hand roll is whispered, sealed, only to its player and the GM", async () => {
    const { world, runtime } = await gmWorld();
    const ps = await players(world, ["alice", "bob", "carol"]);
    const tableId = await openTable(runtime);
    await play(runtime, ps, tableId, (v) => v.phase === "betting");
    const state = runtime.host!.record(tableId)!.state as { hands: Record<string, number> };
    const rolls = world.wire.chat.filter((c) => Array.isArray(c.data.rolls));
    const order = rolls.filter(
      (c) => (c.data.rolls as { fromData: { formula: string } }[])[0]!.fromData.formula === "1d100",
    );
    expect(order.length).toBeGreaterThanOrEqual(2);
    for (const c of order) expect(c.data.whisper).toBeUndefined();
    // No hand roll is in the clear anywhere.
    expect(
      rolls.filter((c) => (c.data.rolls as { fromData: { formula: string } }[])[0]!.fromData.formula === "1d23"),
    ).toEqual([]);
    const hands = world.wire.chat.filter((c) => sealedRollOf(c.data.flags, "cantina-games"));
    expect(hands).toHaveLength(2);
    const aliceHand = hands.find((c) => (c.data.whisper as string[]).includes("alice"))!;
    expect([...(aliceHand.data.whisper as string[])].sort()).toEqual(["alice", "gm"]);
    const bobHand = hands.find((c) => (c.data.whisper as string[]).includes("bob"))!;
    expect([...(bobHand.data.whisper as string[])].sort()).toEqual(["bob", "gm"]);
    for (const c of hands) expect(c.data.rolls).toBeUndefined();
    // Each player's own client opens their hand from chat: the dice the host recorded.
    const opened = await openSealedRoll(
      { id: aliceHand.data._id as string, flags: aliceHand.data.flags },
      "cantina-games",
      ps.alice!.sealer,
      directoryOf(world.users),
    );
    expect(opened?.roll.formula).toBe("1d23");
    expect(opened?.roll.total).toBe(state.hands["seat-1"]);
    // The host GM opens both.
    for (const c of hands)
      expect(
        await openSealedRoll(
          { id: c.data._id as string, flags: c.data.flags },
          "cantina-games",
          runtime.sealer!,
          directoryOf(world.users),
        ),
      ).not.toBeNull();
    // Everyone else only learns that a private roll happened: no roll in that message.
    const notices = world.wire.chat.filter((c) => !c.data.rolls && !sealedRollOf(c.data.flags, "cantina-games"));
    expect(notices.length).toBe(2);
    for (const n of notices) expect(n.data.whisper).toBeUndefined();
  });

  it('with "Whisper private rolls to chat" off, no private roll reaches chat at all', async () => {
    const { world, runtime } = await gmWorld();
    world.settings.set("cantina-games.privateRollsToChat", false);
    const ps = await players(world, ["alice", "bob"]);
    const tableId = await openTable(runtime);
    await play(runtime, ps, tableId, (v) => v.phase === "betting");
    expect(world.wire.chat.filter((c) => c.data.whisper !== undefined)).toEqual([]);
    expect(world.wire.chat.filter((c) => !c.data.rolls)).toHaveLength(2);
  });
});

describe("storage", () => {
  it("a stored table is restored on ready, after the GM's browser reloads", async () => {
    const keys = new MemoryKeyStore();
    const first = await gmWorld(keys);
    const ps = await players(first.world, ["alice", "bob"]);
    const tableId = await openTable(first.runtime);
    await settlePlayers(first.runtime, ps);
    expect(await ps.alice!.client.move(tableId, { type: "roll-order" })).toMatchObject({ ok: true });
    await settlePlayers(first.runtime, ps);
    const before = first.runtime.host!.record(tableId)!;
    expect(storedTable(first.world, tableId)).toBeDefined();

    // Reload: a new runtime on the same world settings and the same browser key store.
    const second = await gmWorld(keys, first.world);
    const restored = second.runtime.host!.record(tableId)!;
    expect(restored).toEqual(before);
    expect(second.runtime.client!.tables.get(tableId)?.table.version).toBe(1);
    // No roll is posted twice after the reload.
    const chatBefore = first.world.wire.chat.length;
    await second.runtime.settle();
    expect(first.world.wire.chat.length).toBe(chatBefore);
  });

  it("a GM on another browser (another key) cannot open the stored tables, and is told so", async () => {
    const first = await gmWorld(new MemoryKeyStore());
    await openTable(first.runtime);
    await first.runtime.settle();
    const second = await gmWorld(new MemoryKeyStore(), first.world);
    expect(second.runtime.host!.summaries()).toEqual([]);
    // The ledger they settle into cannot be opened either: the notice says so, tables included.
    expect(
      first.world.wire.notifications.some((n) => n.text.startsWith("CANTINA.Foundry.Notify.LedgerUnreadable")),
    ).toBe(true);
  });
});

describe("a settings write the server refuses", () => {
  it("changes nothing: the player's move is refused with the reason, the GM is notified, the retry plays", async () => {
    const { world, runtime } = await gmWorld(new MemoryKeyStore());
    const ps = await players(world, ["alice", "bob"]);
    const tableId = await openTable(runtime);
    await settlePlayers(runtime, ps);
    const stored = JSON.stringify(vaultOf(world));
    // As Foundry refuses an Assistant GM without the "modify configuration settings" permission.
    const settings = (globalThis as unknown as { game: { settings: { set: unknown } } }).game.settings;
    const set = settings.set;
    settings.set = () => Promise.reject(new Error("User lacks permission to update Setting"));
    const refused = await ps.alice!.client.move(tableId, { type: "roll-order" });
    expect(refused).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.StoreFailed", params: { reason: "User lacks permission to update Setting" } },
    });
    await settlePlayers(runtime, ps);
    expect(JSON.stringify(vaultOf(world))).toBe(stored);
    expect(runtime.host!.record(tableId)!.version).toBe(0);
    expect(world.wire.notifications).toContainEqual({
      kind: "error",
      text: expect.stringContaining("CANTINA.Error.StoreFailed") as unknown as string,
    });
    settings.set = set;
    expect(await ps.alice!.client.move(tableId, { type: "roll-order" })).toEqual({ ok: true, version: 1 });
  });
});

describe("a stored ledger this browser cannot open", () => {
  it("is never overwritten: the GM is warned, every change is refused, and the GM who can open it finds it whole", async () => {
    const keysA = new MemoryKeyStore();
    const first = await gmWorld(keysA);
    expect(await first.runtime.client!.createEvent("Nova night", 5000)).toMatchObject({ ok: true });
    const tableId = await openTable(first.runtime);
    await first.runtime.settle();
    const stored = vaultOf(first.world);
    expect((stored["cantina-games.vault-index"] as { events: string[] }).events.length).toBeGreaterThan(0);

    // The only GM, on a new browser: a new key, which nothing stored was sealed for.
    const world = first.world;
    const notesBefore = world.wire.notifications.length;
    const second = await gmWorld(new MemoryKeyStore(), world);
    const alice = await playerClient(world, "alice");
    const notes = world.wire.notifications.slice(notesBefore);
    expect(notes).toContainEqual({
      kind: "error",
      text: expect.stringContaining("CANTINA.Foundry.Notify.LedgerUnreadable") as unknown as string,
    });

    // Every change is refused, clearly, rather than dropped: the GM's and a player's alike.
    const refused = { ok: false, error: { code: LEDGER_UNREADABLE } };
    expect(await second.runtime.client!.createEvent("Outer Rim night", 1000)).toEqual(refused);
    expect(
      await second.runtime.client!.create({
        gameId: GAME,
        seats: [
          { kind: "person", userId: "alice", name: "Alice" },
          { kind: "person", userId: "bob", name: "Bob" },
        ],
        options: {},
      }),
    ).toEqual(refused);
    expect(await second.runtime.client!.end(tableId)).toEqual(refused);
    expect(
      await alice.transport.request({ type: "intent", tableId, version: 0, move: { type: "roll-order" } }),
    ).toEqual(refused);
    expect((await second.runtime.client!.sync()).ok).toBe(true);
    await second.runtime.settle();

    // The ledger and the tables are stored exactly as they were.
    expect(vaultOf(world)).toEqual(stored);

    // Back on the first browser, the GM opens the ledger whole: the event and the table.
    const third = await gmWorld(keysA, world);
    const events = Object.values(third.runtime.host!.currentLedger().events).map((e) => e.name);
    expect(events).toContain("Nova night");
    expect(third.runtime.host!.record(tableId)?.gameId).toBe(GAME);
    expect(await third.runtime.client!.createEvent("Outer Rim night", 1000)).toMatchObject({ ok: true });
  });

  it("a GM on a new browser can host it once a GM who can open it has hosted while they were connected", async () => {
    const world = twoGMs();
    const keysA = new MemoryKeyStore();
    const a = await gmWorld(keysA, world);
    expect(await a.runtime.client!.createEvent("Nova night", 5000)).toMatchObject({ ok: true });
    const tableId = await openTable(a.runtime);
    await a.runtime.settle();

    // The second GM, alone, on a browser whose key nothing stored was sealed for: locked, warned.
    world.users[0]!.active = false;
    const b = await startRuntime(world, "gm2", new MemoryKeyStore(), QUICK);
    expect(b.isHost).toBe(true);
    expect(
      world.wire.notifications.filter((n) => n.text.startsWith("CANTINA.Foundry.Notify.LedgerUnreadable")),
    ).toHaveLength(1);
    expect(await b.client!.createEvent("Outer Rim night", 1000)).toEqual({
      ok: false,
      error: { code: LEDGER_UNREADABLE },
    });

    // The first GM comes back and hosts while the second is connected: it seals everything for them.
    world.users[0]!.active = true;
    await b.refreshAuthority();
    expect(b.isHost).toBe(false);
    const a2 = await gmWorld(keysA, world);
    expect(a2.runtime.isHost).toBe(true);
    await a2.runtime.settle();

    // The first GM leaves: the second hosts, now with the ledger and the table whole.
    world.users[0]!.active = false;
    world.install("gm2");
    await b.refreshAuthority();
    expect(b.isHost).toBe(true);
    expect(Object.values(b.host!.currentLedger().events).map((e) => e.name)).toContain("Nova night");
    expect(b.host!.record(tableId)?.gameId).toBe(GAME);
    expect(
      world.wire.notifications.filter((n) => n.text.startsWith("CANTINA.Foundry.Notify.LedgerUnreadable")),
    ).toHaveLength(1);
    expect(await b.client!.createEvent("Outer Rim night", 1000)).toMatchObject({ ok: true });
  });

  /** A vault backend over a Map, as the world's settings keep it. */
  function mapBackend(entries: Record<string, unknown>) {
    const map = new Map(Object.entries(entries));
    return {
      map,
      read: (key: string) => map.get(key) ?? null,
      write: async (key: string, value: unknown) => void map.set(key, JSON.parse(JSON.stringify(value)) as unknown),
    };
  }

  it("the sealed store keeps the stored ledger as it is: a save neither overwrites nor drops it", async () => {
    const owner = await Sealer.create("gm", await generateKeyPair());
    const event = { id: "e1", name: "Nova night" };
    const sealedEvent = await owner.sealRecord("ledger", { gm: owner.publicJwk }, event);
    const backend = mapBackend({ index: { v: 2, tables: [], events: ["e1"], archived: [] }, "e-e1": sealedEvent });
    const stranger = await Sealer.create("gm", await generateKeyPair());
    const store = new SealedStore(stranger, () => ({}), backend);
    expect(await store.load()).toEqual({ tables: [], ledger: null });
    expect(store.ledgerUnreadable).toBe(true);
    await expect(store.commit({ ledger: { events: {} } })).rejects.toThrow();
    await store.reseal();
    await store.flush();
    expect(backend.map.get("e-e1")).toEqual(sealedEvent);
    expect(await owner.openRecord(backend.map.get("e-e1") as never, "ledger")).toEqual(event);
  });

  it("with no ledger stored, the tables this GM can open load and the others are kept and counted", async () => {
    const owner = await Sealer.create("gm", await generateKeyPair());
    const me = await Sealer.create("gm", await generateKeyPair());
    const theirs = await owner.sealRecord("table", { gm: owner.publicJwk }, { id: "t1", logLength: 0 });
    const mine = await me.sealRecord("table", { gm: me.publicJwk }, { id: "t2", logLength: 0 });
    const backend = mapBackend({
      index: { v: 2, tables: ["t1", "t2"], events: [], archived: [] },
      "t-t1": theirs,
      "t-t2": mine,
    });
    const store = new SealedStore(me, () => ({}), backend);
    expect(await store.load()).toEqual({ tables: [{ id: "t2", log: [] }], ledger: null });
    expect([store.ledgerUnreadable, store.unreadable, store.heldBack]).toEqual([false, ["t1"], []]);
    await store.commit({ ledger: { events: { e1: emptyEvent("e1", "", 0, 0) } } });
    expect(backend.map.get("t-t1")).toEqual(theirs);
    expect(backend.map.get("index")).toEqual({
      v: 2,
      tables: ["t1", "t2"],
      events: ["e1"],
      archived: [],
      records: [],
    });
    expect(backend.map.get("e-e1")).not.toBeNull();
  });
});

describe("secrets on the wire", () => {
  it("nothing a non-recipient's client receives or can read holds another seat's hand", async () => {
    const { world, runtime } = await gmWorld();
    const ps = await players(world, ["alice", "bob", "carol"]);
    const tableId = await openTable(runtime);
    await play(runtime, ps, tableId, (v) => v.phase === "betting");
    const state = runtime.host!.record(tableId)!.state as { hands: Record<string, number> };
    expect(Object.values(state.hands).every((h) => typeof h === "number")).toBe(true);

    // 1. Every socket message and stored setting is sealed (or a plain refusal without content).
    const sealedShape = ["ct", "from", "iv", "key", "kind", "to", "v"];
    const recordShape = ["ct", "from", "iv", "key", "kind", "readers", "v"];
    for (const m of world.wire.socket) {
      for (const arg of m.args) {
        if (isWireReply(arg) && "plain" in arg) {
          expect((arg.plain as HostReply).ok).toBe(false);
          continue;
        }
        expect(Object.keys(arg as object).sort()).toEqual(sealedShape);
      }
    }
    const records = sealedInSettings(world);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(Object.keys(r).sort()).toEqual(recordShape);
    // What is not sealed is the index: the ids of the tables, events and users with records, and the
    // GMs' public keys everything is sealed for, nothing more.
    for (const s of world.wire.settings)
      if (s.key === "cantina-games.vault-index")
        expect(Object.keys(s.value as object).filter((k) => k !== "sealedFor")).toEqual([
          "v",
          "tables",
          "events",
          "archived",
          "records",
        ]);
    // A table's log parts: their counts in the clear, the rest sealed with the table's log key.
    const steps = world.wire.settings.filter((s) => s.key.startsWith("cantina-games.vault-s-"));
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps)
      expect(Object.keys(s.value as object).sort()).toEqual(["at", "ct", "e", "iv", "kind", "light", "n", "v"]);

    // 2. Carol's client (her own key) opens nothing meant for someone else, and no stored record.
    const carol = ps.carol!.sealer;
    let openedForCarol = 0;
    for (const m of world.wire.socket) {
      for (const arg of m.args) {
        if (!(arg && typeof arg === "object" && "ct" in arg)) continue;
        const msg = arg as SealedMessage;
        if (msg.to === "carol" && msg.kind === "push") {
          const update = (await carol.open(msg, "push")) as { type: string; view?: SuperSimplifiedView };
          openedForCarol++;
          if (update.type === "table") for (const seat of update.view!.seats) expect(seat.hand).toBeNull();
          continue;
        }
        if (msg.to === "carol") continue; // her own replies
        await expect(carol.open({ ...msg, to: "carol" }, msg.kind)).rejects.toThrow();
        await expect(carol.open(msg, msg.kind)).rejects.toThrow();
      }
    }
    expect(openedForCarol).toBeGreaterThan(0);
    for (const r of sealedInSettings(world)) await expect(carol.openRecord(r, r.kind)).rejects.toThrow();

    // 3. Alice's own client sees her hand but not Bob's; her copy of everything is hers alone.
    const aliceView = ps.alice!.client.tables.get(tableId)!.view as SuperSimplifiedView;
    expect(aliceView.seats.find((s) => s.seat === "seat-1")!.hand).toBe(state.hands["seat-1"]);
    expect(aliceView.seats.find((s) => s.seat === "seat-2")!.hand).toBeNull();

    // 4. Chat: no hand in the clear in any message every client may receive. A message with a
    //    sealed hand is whispered to its player and the GMs, never to Carol; Carol has no
    //    envelope and opens none; Alice opens her own hand and never Bob's.
    const directory = directoryOf(world.users);
    let sealedHands = 0;
    for (const c of world.wire.chat) {
      const formulas = ((c.data.rolls ?? []) as { fromData: { formula: string } }[]).map((r) => r.fromData.formula);
      expect(formulas).not.toContain("1d23");
      expect(c.data.flavor ?? "").not.toContain("CANTINA.Sabacc.Roll.Hand");
      const sealed = sealedRollOf(c.data.flags, "cantina-games");
      if (!sealed) continue;
      sealedHands++;
      expect(c.data.rolls).toBeUndefined();
      expect(c.data.whisper).not.toContain("carol");
      expect(sealed.carol).toBeUndefined();
      const message = { id: c.data._id as string, flags: c.data.flags };
      expect(await openSealedRoll(message, "cantina-games", carol, directory)).toBeNull();
      for (const e of Object.values(sealed)) {
        await expect(carol.open(e, e.kind)).rejects.toThrow();
        await expect(carol.open({ ...e, to: "carol" }, e.kind)).rejects.toThrow();
      }
      const forAlice = await openSealedRoll(message, "cantina-games", ps.alice!.sealer, directory);
      if ((c.data.whisper as string[]).includes("alice")) expect(forAlice?.roll.total).toBe(state.hands["seat-1"]);
      else expect(forAlice).toBeNull();
    }
    expect(sealedHands).toBe(2);
  });

  it("a second GM's key lets them open the stored tables (every record is sealed for each GM)", async () => {
    const world = twoGMs();
    const gm2 = await Sealer.create("gm2", await generateKeyPair());
    await world.users[1]!.setFlag("cantina-games", "publicKey", gm2.publicJwk);
    const { runtime } = await gmWorld(new MemoryKeyStore(), world);
    const tableId = await openTable(runtime);
    await runtime.settle();
    const record = (await gm2.openRecord(storedTable(world, tableId), "table")) as { id: string };
    expect(record.id).toBe(tableId);
  });
});

describe("a GM who publishes a key later", () => {
  it("can open the stored tables once the host seals them again", async () => {
    const world = twoGMs();
    const { runtime } = await gmWorld(new MemoryKeyStore(), world);
    const tableId = await openTable(runtime);
    await runtime.settle();
    const gm2 = await Sealer.create("gm2", await generateKeyPair());
    const sealedBefore = storedTable(world, tableId);
    await expect(gm2.openRecord(sealedBefore, "table")).rejects.toThrow();
    await world.users[1]!.setFlag("cantina-games", "publicKey", gm2.publicJwk);
    await runtime.onGMKeyChanged();
    const sealedAfter = storedTable(world, tableId);
    expect(((await gm2.openRecord(sealedAfter, "table")) as { id: string }).id).toBe(tableId);
  });
});

describe("several GMs", () => {
  it("exactly one hosts; when it leaves, the next GM restores the tables from storage", async () => {
    const keys1 = new MemoryKeyStore();
    const keys2 = new MemoryKeyStore();
    const world = twoGMs();
    // The second GM's client starts first (its key is published) but is not the authority.
    world.install("gm2");
    const second = new CantinaRuntime(keys2, QUICK);
    await second.start();
    expect(second.isHost).toBe(false);
    const first = await gmWorld(keys1, world);
    expect(first.runtime.isHost).toBe(true);
    const tableId = await openTable(first.runtime);
    await first.runtime.settle();

    // The first GM leaves; the second GM's client hears userConnected and takes over.
    world.users[0]!.active = false;
    world.install("gm2");
    await second.refreshAuthority();
    expect(second.isHost).toBe(true);
    expect(second.host!.record(tableId)?.gameId).toBe(GAME);
  });
});

describe("socket requests with a deadline (issue 9)", () => {
  it("a lost request is answered 'the GM did not answer' after its deadline and its retries, and a later one goes through", async () => {
    const { world, runtime } = await gmWorld();
    await openTable(runtime);
    const { alice } = await players(world, ["alice"]).then((p) => ({ alice: p.alice! }));
    const waits: number[] = [];
    const retry = { delaysMs: [300, 1000], wait: async (ms: number) => void waits.push(ms) };
    const quick = await playerClient(world, "bob", { deadlineMs: 50, retry });
    world.network.lose = (handler) => handler === Handlers.request;
    const before = world.wire.socket.filter((m) => m.handler === Handlers.request).length;
    // The TableClient sends it again after each wait (with its request id), then gives up.
    expect(await quick.client.end("nope")).toEqual({ ok: false, error: { code: NO_ANSWER } });
    expect(waits).toEqual([300, 1000]);
    // A sync changes nothing: the transport tries it once more before giving up.
    expect(await quick.client.sync()).toEqual({ ok: false, error: { code: NO_ANSWER } });
    expect(world.wire.socket.filter((m) => m.handler === Handlers.request).length - before).toBe(3 + 2);
    world.network.lose = () => false;
    expect((await quick.client.sync()).ok).toBe(true);
    expect(alice.client.user).toBe("alice");
  });

  it("a hung request never blocks the hand-over queue", async () => {
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("gm2", "Second GM", true)]);
    const { runtime: first } = await gmWorld(new MemoryKeyStore(), world);
    expect(first.isHost).toBe(true);
    // The second GM's client: every socket message to the host is lost from now on.
    world.install("gm2");
    const second = new CantinaRuntime(new MemoryKeyStore(), {
      handoverWaitMs: 100,
      deadlineMs: 50,
      election: QUICK_ELECTION,
    });
    second.registerSocket();
    world.network.lose = () => true;
    const started = Date.now();
    await second.start(); // its first sync hangs in socketlib, but not here
    await second.refreshAuthority();
    expect(second.isHost).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("a GM who changes browser (issue 9)", () => {
  it("the host waits for the incoming GM's key and seals everything for it before stepping down", async () => {
    // The Gamemaster (role 4) outranks the Assistant GM (role 3) whatever their ids.
    const world = gamemasterAndAssistant();
    world.users[0]!.active = false;
    const assistant = await startRuntime(world, "agm", new MemoryKeyStore(), {
      handoverWaitMs: 5000,
      deadlineMs: 1000,
    });
    expect(assistant.isHost).toBe(true);
    const tableId = await openTable(assistant);
    expect((await assistant.client!.createEvent("Outer Rim night", 1000)).ok).toBe(true);
    await assistant.settle();

    // The Gamemaster connects from a new browser: a new key, published on their User.
    const newBrowser = new MemoryKeyStore();
    const fresh = await Sealer.create("gm", await loadOrCreateKeyPair(newBrowser, "test-world", "gm"));
    await world.users[0]!.setFlag("cantina-games", "publicKey", fresh.publicJwk);
    world.users[0]!.active = true;
    expect(world.users.find((u) => u.id === "agm")!.id < "gm").toBe(true);
    const started = Date.now();
    const stepping = assistant.refreshAuthority();
    // Before its client hosts, it sends its key to the GM who hosts (the "handover" socket call).
    await new Promise((r) => setTimeout(r, 20));
    expect(await world.call(Handlers.handover, "gm", fresh.publicJwk)).toBe(true);
    await stepping;
    expect(Date.now() - started).toBeLessThan(4000);
    expect(assistant.isHost).toBe(false);
    const vault = (key: string) => world.settings.get(`cantina-games.vault-${key}`) as never;
    const index = world.settings.get("cantina-games.vault-index") as { events: string[] };
    expect(((await fresh.openRecord(vault(`t-${tableId}`), "table")) as { id: string }).id).toBe(tableId);
    expect(await fresh.openRecord(vault(`e-${index.events[0]!}`), "ledger")).toBeTruthy();

    // The new browser hosts and opens the ledger and the table: nothing is held back.
    const { runtime } = await gmWorld(newBrowser, world);
    expect(runtime.isHost).toBe(true);
    expect(runtime.host!.record(tableId)?.gameId).toBe(GAME);
    expect(world.wire.notifications.filter((n) => n.text.includes("LedgerUnreadable"))).toEqual([]);
    expect((await runtime.client!.createEvent("Second night", 500)).ok).toBe(true);
  });

  it("a key from an earlier hand-over is never used for a later one (found by the browser test)", async () => {
    const world = gamemasterAndAssistant();
    const assistant = await startRuntime(world, "agm", new MemoryKeyStore(), {
      handoverWaitMs: 5000,
      deadlineMs: 1000,
    });
    expect(assistant.isHost).toBe(false);
    // The GM reloads on their first browser: its hand-over reaches the Assistant, who does not host.
    const first = await Sealer.create("gm", await generateKeyPair());
    await world.users[0]!.setFlag("cantina-games", "publicKey", first.publicJwk);
    await world.call(Handlers.handover, "gm", first.publicJwk);
    // The GM leaves; the Assistant hosts a table.
    world.users[0]!.active = false;
    await assistant.refreshAuthority();
    expect(assistant.isHost).toBe(true);
    const tableId = await openTable(assistant);
    await assistant.settle();
    // The GM comes back on a new browser: the Assistant waits for that key, not the old one.
    const fresh = await Sealer.create("gm", await generateKeyPair());
    await world.users[0]!.setFlag("cantina-games", "publicKey", fresh.publicJwk);
    world.users[0]!.active = true;
    const stepping = assistant.refreshAuthority();
    await new Promise((r) => setTimeout(r, 20));
    await world.call(Handlers.handover, "gm", fresh.publicJwk);
    await stepping;
    const stored = world.settings.get(`cantina-games.vault-t-${tableId}`) as never;
    expect(((await fresh.openRecord(stored, "table")) as { id: string }).id).toBe(tableId);
  });

  it("a hand-over request from a player, or without a key, changes nothing", async () => {
    const { world, runtime } = await gmWorld();
    expect(await world.call(Handlers.handover, "alice", runtime.sealer!.publicJwk)).toBe(false);
    expect(await world.call(Handlers.handover, "gm", { kty: "OKP" })).toBe(false);
    expect(runtime.isHost).toBe(true);
  });
});

describe("hand-over at a bot-vs-bot table", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Rejects when `promise` has not settled within `ms` (a hand-over that never ends). */
  const within = <T>(promise: Promise<T>, ms: number, what: string) =>
    Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what} did not finish within ${ms} ms`)))]);
  /** Waits until `holds` (a host made a move, say), failing after `ms`. */
  const until = async (holds: () => boolean, ms: number, what: string) => {
    for (const end = Date.now() + ms; !holds(); await sleep(5))
      if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
  };
  const pushesFrom = (world: FakeWorld, gm: string) =>
    world.wire.socket.filter(
      (m) => m.handler === Handlers.push && (m.args[0] as { from?: string } | undefined)?.from === gm,
    ).length;

  /** A world where the second GM hosts (the first is away) a table of two bots that play each other. */
  async function botTable() {
    const world = fakeWorld([
      fakeUser("gm", "GM", true),
      fakeUser("gm2", "Second GM", true),
      fakeUser("alice", "Alice", false),
    ]);
    world.settings.set("cantina-games.botDelay", 5);
    // The first GM's browser already has its key, published: records are sealed for it too.
    const keys1 = new MemoryKeyStore();
    const gm1 = await Sealer.create("gm", await loadOrCreateKeyPair(keys1, "test-world", "gm"));
    await world.users[0]!.setFlag("cantina-games", "publicKey", gm1.publicJwk);
    world.users[0]!.active = false;
    const second = await startRuntime(world, "gm2", new MemoryKeyStore(), QUICK);
    expect(second.isHost).toBe(true);
    const alice = await playerClient(world, "alice");
    const reply = await second.client!.create({
      gameId: "ulwan",
      seats: [
        { kind: "bot", userId: null, name: "R2" },
        { kind: "bot", userId: null, name: "C3" },
      ],
      options: {},
    });
    expect(reply.ok).toBe(true);
    const tableId = (reply as { tableId: string }).tableId;
    const oldHost = second.host!;
    await until(() => oldHost.record(tableId)!.version > 2, 3000, "the bots playing");
    return { world, keys1, second, alice, tableId, oldHost };
  }

  it("the GM who hands over stops its host; only the new host moves the tables", async () => {
    const { world, keys1, second, tableId, oldHost } = await botTable();

    // The first GM arrives: it is the authority now. The second GM's client hands over...
    world.users[0]!.active = true;
    // (its sync with the first GM, whose page has not loaded the module yet, waits out its deadline twice)
    await within(second.refreshAuthority(), 3000, "the hand-over");
    expect(second.isHost).toBe(false);
    const stoppedAt = oldHost.record(tableId)!.version;
    const pushes = pushesFrom(world, "gm2");
    const chat = world.wire.chat.length;
    const vault = JSON.stringify(vaultOf(world));
    // The stopped host moves, saves, sends and posts nothing more.
    await sleep(40);
    expect(oldHost.record(tableId)!.version).toBe(stoppedAt);
    expect(JSON.stringify(vaultOf(world))).toBe(vault);
    expect(pushesFrom(world, "gm2")).toBe(pushes);
    expect(world.wire.chat.length).toBe(chat);

    // ...and the first GM's client starts its host from storage, where the old host left off.
    const first = await gmWorld(keys1, world);
    expect(first.runtime.isHost).toBe(true);
    const newHost = first.runtime.host!;
    expect(newHost.record(tableId)!.log.slice(0, stoppedAt + 1)).toEqual(oldHost.record(tableId)!.log);
    await until(() => newHost.record(tableId)!.version > stoppedAt + 1, 3000, "the new host's bots playing");

    // The old host still makes no move and sends nothing; the new one plays on.
    expect(oldHost.record(tableId)!.version).toBe(stoppedAt);
    expect(pushesFrom(world, "gm2")).toBe(pushes);
    expect(newHost.record(tableId)!.version).toBeGreaterThan(stoppedAt);
    // What is stored is the new host's table, not the old one's.
    newHost.stop();
    await within(first.runtime.settle(), 2000, "settling the new host");
    // Its record and the steps of its log since, as a host reloading reads them.
    const settings = {
      read: (key: string) => world.settings.get(`cantina-games.vault-${key}`) ?? null,
      write: async () => {},
    };
    const books = await new SealedStore(first.runtime.sealer!, () => ({}), settings).load();
    const stored = books.tables.find((t) => t.id === tableId)!;
    expect(stored.version).toBe(newHost.record(tableId)!.version);
    expect(stored.version).toBeGreaterThan(stoppedAt);
  });

  it("a restart (a changed bot delay) ends too, and leaves one host", async () => {
    const { second, tableId, oldHost } = await botTable();
    await within(second.restartHost(), 2000, "the restart");
    expect(second.isHost).toBe(true);
    const restarted = second.host!;
    expect(restarted).not.toBe(oldHost);
    const stoppedAt = oldHost.record(tableId)!.version;
    await until(() => restarted.record(tableId)!.version > stoppedAt + 1, 3000, "the restarted host's bots playing");
    expect(oldHost.record(tableId)!.version).toBe(stoppedAt);
    // Stop it for good, so its bots do not play on after the test.
    restarted.stop();
    await within(second.settle(), 2000, "settling");
  });
});

export type { TableClient };

describe("the socket stand-in delivers as Foundry's server relays (issue 9)", () => {
  it("pushes keep their order from one sender, not across senders, and can be lost", async () => {
    const world = fakeWorld([
      fakeUser("gm", "GM", true),
      fakeUser("gm2", "Second GM", true),
      fakeUser("alice", "A", false),
    ]);
    const arrived: string[] = [];
    world.deliverPush.set("alice", (sealed, from) => arrived.push(`${from}:${String(sealed)}`));
    world.deliverPush.set("gm2", (sealed, from) => arrived.push(`to gm2 ${from}:${String(sealed)}`));
    world.network.delayMs = (_handler, _to, from) => (from === "gm" ? 40 : 0);
    world.network.lose = (_handler, to) => to === "gm2";
    type Pusher = { executeForUsers(name: string, to: string[], ...args: unknown[]): Promise<void> };
    // Each GM's tab has its own socket.
    const socketOf = (user: string) => {
      world.install(user);
      return (globalThis as unknown as { socketlib: { registerModule(): Pusher } }).socketlib.registerModule();
    };
    const socket = socketOf("gm");
    await socket.executeForUsers(Handlers.push, ["alice", "gm2"], "1");
    await socket.executeForUsers(Handlers.push, ["alice"], "2");
    await socketOf("gm2").executeForUsers(Handlers.push, ["alice"], "3");
    await world.pushesDelivered();
    expect(arrived).toEqual(["gm2:3", "gm:1", "gm:2"]);
  });

  it("a late push from the GM who stepped down never takes a player's table back", async () => {
    const world = twoGMs();
    const second = await startRuntime(world, "gm2", new MemoryKeyStore(), QUICK);
    const { runtime: first } = await gmWorld(new MemoryKeyStore(), world);
    await world.users[1]!.setFlag("cantina-games", "publicKey", second.sealer!.publicJwk);
    await first.onGMKeyChanged();
    const ps = await players(world, ["alice", "bob"]);
    const tableId = await openTable(first);
    await settlePlayers(first, ps);
    // From now on the first GM's pushes reach the players late.
    world.network.delayMs = (_handler, _to, from) => (from === "gm" ? 400 : 0);
    const senders: string[] = [];
    const deliver = world.deliverPush.get("alice")!;
    world.deliverPush.set("alice", (sealed, from) => {
      senders.push(from);
      deliver(sealed, from);
    });
    expect((await ps.alice!.client.move(tableId, { type: "roll-order" })).ok).toBe(true);
    world.users[0]!.active = false;
    world.install("gm2");
    await second.refreshAuthority();
    expect(second.isHost).toBe(true);
    // The stand-in keeps one handler per name: requests to "the GM" now reach the second GM's client.
    second.registerSocket();
    expect((await ps.bob!.client.sync()).ok).toBe(true);
    expect((await ps.bob!.client.move(tableId, { type: "roll-order" })).ok).toBe(true);
    await second.settle();
    await world.pushesDelivered();
    await settlePlayers(second, ps);
    // The first GM's push of version 1 came after the second GM's of version 2.
    expect(senders.lastIndexOf("gm")).toBeGreaterThan(senders.indexOf("gm2"));
    expect(senders.indexOf("gm2")).toBeGreaterThanOrEqual(0);
    for (const p of Object.values(ps)) expect(p.client.tables.get(tableId)?.table.version).toBe(2);
  });
});
