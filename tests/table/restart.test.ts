/**
 * Requests are idempotent across a host restart (issue 10): the ids of applied requests are stored
 * with their change, in the same write, and loaded when a new host starts over the same store. A
 * bet, a ledger adjustment and a move repeated after the restart get their first answer and apply
 * nothing again, in each store (memory, the standalone page's localStorage, Foundry's sealed vault).
 */
import { describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { SealedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { LocalStorageStore } from "../../src/standalone/store";
import { STORED_REQUESTS, type TableHost } from "../../src/table/host";
import type { HostReply } from "../../src/table/protocol";
import { MemoryStore, type TableStore } from "../../src/table/store";
import type { MemoryNetwork } from "../../src/table/transport";
import { countingIds, sevenUlwanBetting, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob", "carol"];

class MapStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

class MapVault implements VaultBackend {
  readonly map = new Map<string, unknown>();
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    this.map.set(key, JSON.parse(JSON.stringify(value ?? null)) as unknown);
  }
}

/** A fresh host over `store`, as after a reload of the GM's tab: nothing remembered but the store. */
async function hostOver(store: TableStore): Promise<{ host: TableHost; network: MemoryNetwork }> {
  const { host, network } = await startMemoryHost({
    users: USERS,
    store,
    random: new SeededRandom(7),
    ...sevenUlwanBetting(2),
    now: () => 1_000,
    newId: countingIds(),
  });
  return { host, network };
}

const stores: readonly [string, () => Promise<() => TableStore>][] = [
  [
    "memory",
    async () => {
      const store = new MemoryStore();
      return () => store;
    },
  ],
  [
    "localStorage (standalone)",
    async () => {
      const storage = new MapStorage();
      return () => new LocalStorageStore(storage);
    },
  ],
  [
    "sealed vault (Foundry)",
    async () => {
      const sealer = await Sealer.create("gm", await generateKeyPair());
      const vault = new MapVault();
      return () => new SealedStore(sealer, () => ({}), vault);
    },
  ],
];

describe.each(stores)("requests repeated after a host restart: %s", (_name, makeStore) => {
  it("a bet, a ledger adjustment and a move repeated after a restart get the first answer and apply once", async () => {
    const storeOf = await makeStore();
    const first = await hostOver(storeOf());
    const deliver = (user: string, request: unknown): Promise<HostReply> => first.network.deliver(user, request);
    const event = await deliver("gm", {
      type: "event-create",
      name: "Nova night",
      startingCredits: 1000,
      requestId: "e",
    });
    expect(event.ok).toBe(true);
    const eventId = (event as { eventId: string }).eventId;
    const created = await deliver("gm", {
      type: "create",
      spec: {
        gameId: "seven-ulwan",
        eventId,
        seats: [
          { kind: "person", userId: "alice", name: "Alice" },
          { kind: "person", userId: "bob", name: "Bob" },
        ],
        options: {},
        betting: { winnerShare: 0 },
      },
      requestId: "c",
    });
    expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
    const tableId = (created as { tableId: string }).tableId;
    expect(
      (await deliver("gm", { type: "event-join", eventId, account: "carol", name: "Carol", requestId: "j" })).ok,
    ).toBe(true);
    const bet = {
      type: "side-bet",
      tableId,
      pool: "long-winner",
      outcome: "seat-1",
      amount: 40,
      requestId: "b1",
    };
    const adjust = {
      type: "ledger-adjust",
      eventId,
      account: "carol",
      credits: 25,
      luck: 0,
      reason: "Prize",
      requestId: "a1",
    };
    const betAnswer = await deliver("carol", bet);
    const adjustAnswer = await deliver("gm", adjust);
    expect(betAnswer.ok && adjustAnswer.ok).toBe(true);
    const record = first.host.record(tableId)!;
    const game = games[record.gameId]!;
    const seat = game.status(record.state).toAct[0]!;
    const mover = record.seats.find((s) => s.seat === seat && s.kind === "person") as { userId: string };
    const move = {
      type: "intent",
      tableId,
      version: record.version,
      move: game.legalMoves(record.state, seat)[0],
      requestId: "m1",
    };
    const moveAnswer = await deliver(mover.userId, move);
    expect(moveAnswer, JSON.stringify(moveAnswer)).toMatchObject({ ok: true, version: record.version + 1 });
    await first.host.idle();
    const credits = first.host.currentLedger().events[eventId]!.accounts.carol!.credits;
    expect(credits).toBe(1000 - 40 + 25);
    const version = first.host.record(tableId)!.version;

    // The GM's tab reloads: a new host over the same store, with nothing in memory.
    const second = await hostOver(storeOf());
    expect(await second.network.deliver("carol", bet)).toEqual(betAnswer);
    expect(await second.network.deliver("gm", adjust)).toEqual(adjustAnswer);
    expect(await second.network.deliver(mover.userId, move)).toEqual(moveAnswer);
    expect(second.host.currentLedger().events[eventId]!.accounts.carol!.credits).toBe(credits);
    expect(second.host.record(tableId)!.version).toBe(version);
    const pool = second.host.record(tableId)!.betting!.pools.find((p) => p.id === "long-winner")!;
    expect(pool.bets.filter((b) => b.account === "carol")).toHaveLength(1);
    // A new id is a new request.
    expect((await second.network.deliver("carol", { ...bet, requestId: "b2" })).ok).toBe(true);
    expect(second.host.currentLedger().events[eventId]!.accounts.carol!.credits).toBe(credits - 40);
  });
});

describe("stored request ids", () => {
  it(`only the last ${STORED_REQUESTS} applied requests are stored (a client repeats at once)`, async () => {
    const store = new MemoryStore();
    const { network } = await hostOver(store);
    const event = await network.deliver("gm", { type: "event-create", name: "N", startingCredits: 10, requestId: "e" });
    const eventId = (event as { eventId: string }).eventId;
    await network.deliver("gm", { type: "event-join", eventId, account: "carol", name: "Carol", requestId: "j" });
    for (let i = 0; i < STORED_REQUESTS + 5; i++)
      await network.deliver("gm", {
        type: "ledger-adjust",
        eventId,
        account: "carol",
        credits: 1,
        luck: 0,
        reason: "r",
        requestId: `a${i}`,
      });
    const stored = (await store.load()).requests!;
    expect(stored.map((a) => a.id)).toEqual(Array.from({ length: STORED_REQUESTS }, (_, i) => `a${i + 5}`));
  });
});
