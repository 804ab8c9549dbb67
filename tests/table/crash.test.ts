/**
 * The crash test: a scripted evening (a table of each game, spectator bets, ledger adjustments,
 * early ends) stored in the standalone page's LocalStorageStore, then the host stopped after each
 * of its storage writes in turn. Recovering from what the storage held at that moment must give
 * books that balance (ledger + open purses + open stakes = opened + adjustments, the house's take
 * being an account of the ledger) and tables whose logs replay to their stored states.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/rules/core";
import { gameById } from "../../src/rules";
import { LocalStorageStore } from "../../src/standalone/store";
import { TableHost, pursesOf } from "../../src/table/host";
import type { Ledger } from "../../src/table/ledger";
import type { HostReply, TableSpec } from "../../src/table/protocol";
import { replay } from "../../src/table/replay";
import type { TableRecord } from "../../src/table/store";
import { MemoryNetwork } from "../../src/table/transport";
import { sevenUlwanMarkets } from "../../src/rules/ulwan";

const USERS = ["gm", "alice", "bob", "carol", "dave"];

/** A Storage over a Map that records every write, so any prefix of them can be stored again. */
class RecordingStorage implements Storage {
  readonly data = new Map<string, string>();
  readonly writes: { key: string; value: string | null }[] = [];
  get length(): number {
    return this.data.size;
  }
  key(i: number): string | null {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes.push({ key, value });
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.writes.push({ key, value: null });
    this.data.delete(key);
  }
  clear(): void {
    this.data.clear();
  }
}

function storageOf(data: ReadonlyMap<string, string>): RecordingStorage {
  const s = new RecordingStorage();
  for (const [k, v] of data) s.data.set(k, v);
  return s;
}

async function hostOn(storage: Storage, network = new MemoryNetwork()): Promise<TableHost> {
  let id = 0;
  return TableHost.start({
    store: new LocalStorageStore(storage),
    transport: network.host(),
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

/** Plays legal moves chosen by a seeded source for the seats' users, at most `moves` of them. */
async function play(host: TableHost, tableId: string, moves: number, pick: SeededRandom, bets?: () => Promise<void>) {
  for (let n = 0; n < moves; n++) {
    const record = host.record(tableId)!;
    const game = gameById(record.gameId)!;
    const status = game.status(record.state);
    if (status.over) return;
    const seat = record.seats.find((s) => status.toAct.includes(s.seat))!;
    const legal = game.legalMoves(record.state, seat.seat);
    const move = legal[pick.die(legal.length) - 1];
    const reply = await host.handle(seat.userId!, {
      type: "intent",
      tableId,
      version: record.version,
      seat: seat.seat,
      move,
      requestId: `m${tableId}-${n}`,
    });
    expect(reply.ok).toBe(true);
    await bets?.();
  }
}

const two = (): TableSpec["seats"] => [
  { kind: "person", userId: "alice", name: "Alice" },
  { kind: "person", userId: "bob", name: "Bob" },
];

async function ok(reply: Promise<HostReply>): Promise<HostReply> {
  const r = await reply;
  expect(r.ok ? r : JSON.stringify(r)).toMatchObject({ ok: true });
  return r;
}

/** The evening: every kind of change the host stores. */
async function evening(host: TableHost): Promise<void> {
  const pick = new SeededRandom(17);
  const gm = (request: Record<string, unknown>) =>
    ok(host.handle("gm", { ...request, requestId: `gm-${pick.die(1e9)}` }));
  const { eventId } = (await gm({ type: "event-create", name: "Nova night", startingCredits: 5000 })) as {
    eventId: string;
  };
  for (const [account, name] of [
    ["alice", "Alice"],
    ["bob", "Bob"],
    ["carol", "Carol"],
    ["dave", "Dave"],
  ])
    await gm({ type: "event-join", eventId, account, name });
  const create = async (gameId: string, seats: TableSpec["seats"], options: object = {}) =>
    ((await gm({ type: "create", spec: { gameId, eventId, seats, options } })) as { tableId: string }).tableId;

  // A Super Simplified Sabacc match to its end, settled into the ledger.
  await play(host, await create("sabacc-super-simplified", two()), 500, pick);
  await gm({
    type: "ledger-adjust",
    eventId,
    account: "alice",
    credits: 150,
    luck: 1,
    reason: "Won the costume prize",
  });
  await gm({ type: "ledger-adjust", eventId, account: "bob", credits: -40, luck: 0, reason: "Spilled a drink" });
  // True Sabacc to its end (its Sabacc Pot goes to the house when nobody wins it).
  const three = [...two(), { kind: "person" as const, userId: "carol", name: "Carol" }];
  await play(host, await create("sabacc-true", three), 800, pick);
  // Simplified Sabacc ended early: the purses go back as they came.
  const simplified = await create("sabacc-simplified", two());
  await play(host, simplified, 4, pick);
  await gm({ type: "end", tableId: simplified });
  // Seven Ulwan with spectator bets: short pools open, close and pay out as it plays; ended early,
  // the stakes still in pools are refunded and the winner's share held goes to the house.
  const seven = await create("seven-ulwan", two(), { betting: 1, winnerShare: 10 });
  const bet = async (user: string, amount: number) => {
    const book = host.record(seven)?.betting;
    const version = host.record(seven)!.version;
    for (const pool of book?.pools ?? []) {
      if (pool.status !== "open" || version >= pool.closesAt || book?.over) continue;
      const outcome = pool.outcomes[pick.die(pool.outcomes.length) - 1]!;
      const request = {
        type: "side-bet",
        tableId: seven,
        pool: pool.id,
        outcome,
        amount,
        requestId: `b${pick.die(1e9)}`,
      };
      await ok(host.handle(user, request));
    }
  };
  await bet("carol", 100);
  await bet("dave", 60);
  let n = 0;
  await play(host, seven, 60, pick, async () => {
    if (++n % 3 === 0) await bet(n % 2 === 0 ? "carol" : "dave", 7 + (n % 5));
  });
  const pools = host.record(seven)!.betting!.pools;
  expect(pools.some((p) => p.status === "settled" && Object.keys(p.paid).length > 0)).toBe(true);
  await gm({ type: "end", tableId: seven });
  // Plain Ulwan (no ledger) ended early.
  const plain = await create("ulwan", two());
  await play(host, plain, 10, pick);
  await gm({ type: "end", tableId: plain });
}

/**
 * Credits the books account for, per event: accounts (the house's among them), the purses at
 * tables not settled, stakes in pools not settled and shares held; and what came in (accounts
 * opened, adjustments). The two must be equal.
 */
function balance(ledger: Ledger, tables: readonly TableRecord[]): { held: number; came: number }[] {
  return Object.values(ledger.events).map((event) => {
    let held = Object.values(event.accounts).reduce((a, acc) => a + acc.credits, 0);
    for (const t of tables) {
      if (t.eventId !== event.id) continue;
      if (!t.settled) held += Object.values(pursesOf(t)).reduce((a, p) => a + p.credits, 0);
      const book = t.betting;
      if (!book) continue;
      for (const pool of book.pools)
        if (pool.status === "open" || pool.status === "counting") held += pool.bets.reduce((a, b) => a + b.amount, 0);
      held += book.shareHeld;
    }
    const came = event.entries
      .filter((e) => e.kind === "opened" || e.kind === "adjustment")
      .reduce((a, e) => a + e.credits, 0);
    return { held, came };
  });
}

describe("crash test: the host stopped at every store write of an evening", () => {
  it("recovers books that balance and tables that replay to their stored state, after each write", async () => {
    const storage = new RecordingStorage();
    const host = await hostOn(storage);
    await evening(host);
    await host.idle();
    const writes = storage.writes;

    expect(writes.length).toBeGreaterThan(100);

    const replayed = new Map<string, boolean>();
    const data = new Map<string, string>();
    let checked = 0;
    for (let k = 0; k <= writes.length; k++) {
      if (k > 0) {
        const w = writes[k - 1]!;
        if (w.value === null) data.delete(w.key);
        else data.set(w.key, w.value);
      }
      // What the storage held when the host stopped after `k` writes, recovered by a new host.
      const recovered = await hostOn(storageOf(data));
      const tables = recovered.summaries().map((s) => recovered.record(s.id)!);
      for (const { held, came } of balance(recovered.currentLedger(), tables))
        expect(held, `after write ${k} of ${writes.length}`).toBe(came);
      for (const record of tables) {
        const raw = JSON.stringify(record);
        if (!replayed.has(raw)) {
          const again = replay(record);
          replayed.set(raw, again.ok && JSON.stringify(again.state) === JSON.stringify(record.state));
        }
        expect(replayed.get(raw), `table ${record.id} after write ${k}`).toBe(true);
        // A table and the ledger agree on whether its result is in.
        const event = recovered.currentLedger().events[record.eventId];
        if (gameById(record.gameId)!.usesLedger)
          expect(event?.settledTables.includes(record.id), `table ${record.id} after write ${k}`).toBe(record.settled);
      }
      checked++;
    }
    expect(checked).toBe(writes.length + 1);
    // The evening's end: every table settled or ended, the house holds what it took.
    const end = await hostOn(storageOf(data));
    const event = Object.values(end.currentLedger().events)[0]!;
    expect(event.accounts.house).toMatchObject({ luck: 0 });
    expect(event.entries.filter((e) => e.account === "house" && e.kind === "opened")).toHaveLength(1);
  });
});
