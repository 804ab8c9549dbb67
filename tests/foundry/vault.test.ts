/**
 * Foundry's sealed store: a move writes only its own table's record and the last chunk of its log,
 * a ledger change only the parts of its event that changed; a refused settings write changes
 * nothing; a table dealt again, a personal record and an event stored in the layout before come
 * back after a reload. (The crash test of the vault is in tests/table/crash.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { LOG_CHUNK, SealedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { STEPS_PER_RECORD } from "../../src/foundry/vault-tables";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { type UbongoState, solutionFor } from "../../src/rules/ubongo";
import { sevenUlwanMarkets } from "../../src/rules/ulwan";
import { TableHost } from "../../src/table/host";
import { type TableRecord, archiveOf } from "../../src/table/store";
import { MemoryNetwork } from "../../src/table/transport";
import { expectSound, play } from "../helpers/evening";
import { longRecord } from "../helpers/long-record";

const USERS = ["gm", "alice", "bob", "carol", "dave"];

/** The world's settings as a Map, every write recorded; `refuse` makes writes fail like Foundry's. */
class RecordingBackend implements VaultBackend {
  readonly map: Map<string, unknown>;
  readonly writes: { key: string; value: unknown }[] = [];
  refuse: string | null = null;
  constructor(entries: ReadonlyMap<string, unknown> = new Map()) {
    this.map = new Map(entries);
  }
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    if (this.refuse !== null) throw new Error(this.refuse);
    const copy = JSON.parse(JSON.stringify(value ?? null)) as unknown;
    this.writes.push({ key, value: copy });
    // `null` deletes the setting, as env.ts's backend deletes its Setting document.
    if (copy === null) this.map.delete(key);
    else this.map.set(key, copy);
  }
}

async function hostOn(sealer: Sealer, backend: VaultBackend): Promise<TableHost> {
  let id = 0;
  return TableHost.start({
    games,
    store: new SealedStore(sealer, () => ({}), backend),
    transport: new MemoryNetwork().host(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => USERS,
    random: new SeededRandom(3),
    bettingRandom: new SeededRandom(4),
    markets: { "seven-ulwan": sevenUlwanMarkets },
    now: () => 1_000,
    newId: () => `t${++id}`,
  });
}

/** The GM's key, an empty world and a host storing in it. */
async function freshHost(): Promise<{ sealer: Sealer; backend: RecordingBackend; host: TableHost }> {
  const sealer = await Sealer.create("gm", await generateKeyPair());
  const backend = new RecordingBackend();
  return { sealer, backend, host: await hostOn(sealer, backend) };
}

/** Alice and Bob in the two seats of a table. */
const ALICE_AND_BOB = [
  { kind: "person" as const, userId: "alice", name: "Alice" },
  { kind: "person" as const, userId: "bob", name: "Bob" },
];

describe("Foundry's sealed store", () => {
  it("a move writes one small step of its log, nothing of other tables and no journal; its record every STEPS_PER_RECORD steps", async () => {
    const { sealer, backend, host } = await freshHost();
    const seats = ALICE_AND_BOB;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await host.handle("gm", { type: "create", spec: { gameId: "ulwan", seats, options: {} } });
      ids.push((reply as { tableId: string }).tableId);
    }
    const pick = new SeededRandom(5);
    await play(host, ids[0]!, LOG_CHUNK + 3, pick);
    const before = backend.writes.length;
    const at = host.record(ids[0]!)!.log.length;
    await play(host, ids[0]!, 1, pick);
    expect(backend.writes.slice(before).map((w) => w.key)).toEqual([`s-${ids[0]}-${at}`]);
    // The bytes of one move do not depend on how long the log is, and stay under 2 KB.
    const stepBytes = async (): Promise<number> => {
      const from = backend.writes.length;
      await play(host, ids[0]!, 1, pick);
      const steps = backend.writes.slice(from).filter((w) => w.key.startsWith("s-"));
      expect(steps).toHaveLength(1);
      return JSON.stringify(steps[0]!.value).length;
    };
    const early = await stepBytes();
    await play(host, ids[0]!, 8 * LOG_CHUNK - 1, pick);
    const late = await stepBytes();
    expect(host.record(ids[0]!)!.log.length).toBeGreaterThan(8 * LOG_CHUNK);
    expect(late).toBe(early);
    expect(late).toBeLessThan(2048);
    // Over 2 × STEPS_PER_RECORD moves, the table's record was written once to thrice.
    const from = backend.writes.length;
    await play(host, ids[0]!, 2 * STEPS_PER_RECORD, pick);
    const records = backend.writes.slice(from).filter((w) => w.key === `t-${ids[0]}`).length;
    expect(records).toBeGreaterThanOrEqual(1);
    expect(records).toBeLessThanOrEqual(3);
    // A reload replays the steps since the last record: the same table.
    const reloaded = await hostOn(sealer, new RecordingBackend(backend.map));
    for (const id of ids) expect(reloaded.record(id)).toEqual(host.record(id));
  });

  it("a refused settings write (an Assistant GM, a full quota) changes nothing; the change plays once it is allowed", async () => {
    const { sealer, backend, host } = await freshHost();
    const created = await host.handle("gm", {
      type: "create",
      spec: {
        gameId: "sabacc-super-simplified",
        seats: [
          { kind: "person", userId: "alice", name: "Alice" },
          { kind: "person", userId: "bob", name: "Bob" },
        ],
        options: {},
      },
    });
    const tableId = (created as { tableId: string }).tableId;
    const stored = JSON.stringify([...backend.map]);
    backend.refuse = "User gm lacks permission to update Setting";
    const record = host.record(tableId)!;
    const seat = record.seats[0]!;
    const intent = { type: "intent", tableId, version: 0, seat: seat.seat, move: { type: "roll-order" } };
    expect(await host.handle(seat.userId!, intent)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.StoreFailed", params: { reason: "User gm lacks permission to update Setting" } },
    });
    expect(host.record(tableId)).toBe(record);
    expect(JSON.stringify([...backend.map])).toBe(stored);
    backend.refuse = null;
    expect(await host.handle(seat.userId!, intent)).toEqual({ ok: true, version: 1 });
    // A new host on what is stored sees the move.
    expect((await hostOn(sealer, new RecordingBackend(backend.map))).record(tableId)!.version).toBe(1);
  });
});

describe("Foundry's sealed store: a change of more than one move writes each record once (issue 34)", () => {
  it("a table new to the settings has its record and log written once, before the journal that names it", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const backend = new RecordingBackend();
    const store = new SealedStore(sealer, () => ({}), backend);
    await store.load();
    const { finishedAt: _finished, ...long } = longRecord({ gameId: "ulwan", seed: 7 });
    await store.commit({ tables: [{ ...long, id: "new" }] });
    const journal = backend.writes.find((w) => w.key === "journal" && w.value !== null)!.value as { puts: object };
    expect(Object.keys(journal.puts).filter((k) => k.includes("new"))).toEqual([]);
    expect(backend.writes.filter((w) => w.key === "t-new")).toHaveLength(1);
    expect(backend.writes.findIndex((w) => w.key === "t-new")).toBeLessThan(
      backend.writes.findIndex((w) => w.key === "journal"),
    );
    expect(backend.map.get("index")).toMatchObject({ tables: ["new"] });
    const again = new SealedStore(sealer, () => ({}), new RecordingBackend(backend.map));
    expect((await again.load()).tables.map((t) => t.log)).toEqual([long.log]);
  });

  it("the new part of a table's log goes before the journal, not in it; the change reads back whole", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const backend = new RecordingBackend();
    const store = new SealedStore(sealer, () => ({}), backend);
    await store.load();
    // A table still in play (a finished one goes whole to the shelf).
    const { finishedAt: _finished, ...long } = longRecord({ gameId: "ulwan", seed: 5 });
    const first = { ...long, id: "one", log: long.log.slice(0, 10) };
    const other = { ...long, id: "two", log: long.log.slice(0, 4) };
    await store.commit({ tables: [first, other] });
    const from = backend.writes.length;
    // Two tables in one change: not a move alone, so through the journal.
    await store.commit({
      tables: [
        { ...first, log: long.log.slice(0, 13) },
        { ...other, version: other.version + 1 },
      ],
    });
    const written = backend.writes.slice(from);
    const journal = written.find((w) => w.key === "journal" && w.value !== null)!.value as { puts: object };
    expect(Object.keys(journal.puts)).not.toContain("s-one-10");
    expect(written.filter((w) => w.key === "s-one-10")).toHaveLength(1);
    // Written before the journal: nothing reads it until the table's record (in the journal) says so.
    expect(written.findIndex((w) => w.key === "s-one-10")).toBeLessThan(written.findIndex((w) => w.key === "journal"));
    const again = new SealedStore(sealer, () => ({}), new RecordingBackend(backend.map));
    const tables = (await again.load()).tables;
    expect(tables.find((t) => t.id === "one")!.log).toEqual(long.log.slice(0, 13));
  });
});

describe("Foundry's sealed store: archived tables", () => {
  it("an archived table is one sealed item on the shelf, its live record and log parts deleted, and it is not loaded again", async () => {
    const { sealer, backend, host } = await freshHost();
    const seats = ALICE_AND_BOB;
    const reply = await host.handle("gm", { type: "create", spec: { gameId: "ulwan", seats, options: {} } });
    const tableId = (reply as { tableId: string }).tableId;
    await play(host, tableId, 3 * LOG_CHUNK, new SeededRandom(9));
    const record = host.record(tableId)!;
    const store = new SealedStore(sealer, () => ({}), backend);
    expect((await store.load()).tables.map((t) => t.id)).toEqual([tableId]);
    expect([...backend.map.keys()].filter((key) => key.startsWith(`s-${tableId}-`)).length).toBeGreaterThan(3);
    await store.commit({ archived: [record] });
    // Deleted, not left holding null: nothing of the table stays in the settings every client downloads.
    expect([...backend.map.keys()].filter((key) => key.includes(tableId) && !key.startsWith("f-"))).toEqual([]);
    const item = (await sealer.openRecord(backend.map.get(`f-${tableId}~0`) as never, "finished")) as TableRecord;
    expect(item.log).toEqual(record.log);
    expect(await store.readArchive(tableId)).toEqual(archiveOf(record));
    expect(backend.map.get("index")).toMatchObject({ tables: [], archived: [] });
    expect(backend.map.get("index")).not.toHaveProperty("finished");
    expect((await new SealedStore(sealer, () => ({}), backend).load()).tables).toEqual([]);
    expect(await new SealedStore(sealer, () => ({}), backend).readArchive(tableId)).toBeNull();
    const again = new SealedStore(sealer, () => ({}), backend);
    await again.load();
    expect(await again.readArchive(tableId)).toEqual(archiveOf(record));
  });
});

describe("Foundry's sealed store: nothing lost at a reload (issue 23)", () => {
  it("a table dealt again before its end is there after a reload, the old one gone, its purses and books whole", async () => {
    const { sealer, backend, host } = await freshHost();
    const created = await host.handle("gm", {
      type: "create",
      spec: { gameId: "sabacc-super-simplified", seats: ALICE_AND_BOB, options: {} },
      requestId: "c1",
    });
    const old = (created as { tableId: string }).tableId;
    await play(host, old, 2, new SeededRandom(2));
    expect(host.record(old)!.finishedAt).toBeUndefined();
    const dealt = await host.handle("gm", { type: "rematch", tableId: old, requestId: "r1" });
    const fresh = (dealt as { tableId: string }).tableId;
    expect(fresh).not.toBe(old);
    const store = new SealedStore(sealer, () => ({}), new RecordingBackend(backend.map));
    const books = await store.load();
    expect(books.tables.map((t) => t.id)).toEqual([fresh]);
    expect(store.unreadable).toEqual([]);
    const reloaded = await hostOn(sealer, new RecordingBackend(backend.map));
    expect(reloaded.record(fresh)).toEqual(host.record(fresh));
    expectSound(reloaded, "after the reload", new Map());
  });

  it("a solo game's personal record is there after a reload", async () => {
    const { sealer, backend, host } = await freshHost();
    const created = await host.handle("gm", {
      type: "create",
      spec: {
        gameId: "ubongo-solo",
        seats: [{ kind: "person", userId: "alice", name: "Alice" }],
        options: { mode: "count", puzzles: 5 },
      },
      requestId: "c1",
    });
    const id = (created as { tableId: string }).tableId;
    // Alice presses Start (the first card is shown), then solves five.
    const begin = { type: "intent", tableId: id, version: host.record(id)!.version, move: { type: "start" } };
    expect((await host.handle("alice", { ...begin, requestId: "s" })).ok).toBe(true);
    for (let i = 0; i < 5; i++) {
      const record = host.record(id)!;
      const pieces = solutionFor(record.state as UbongoState, "seat-1");
      const move = { type: "claim", pieces };
      const reply = await host.handle("alice", {
        type: "intent",
        tableId: id,
        version: record.version,
        move,
        requestId: `m${i}`,
      });
      expect(reply.ok, JSON.stringify(reply)).toBe(true);
    }
    const records = host.currentLedger().records?.alice;
    expect(Object.keys(records ?? {})).toHaveLength(1);
    const reloaded = await hostOn(sealer, new RecordingBackend(backend.map));
    expect(reloaded.currentLedger().records?.alice).toEqual(records);
  });
});
