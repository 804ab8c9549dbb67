/**
 * The crash test: a scripted evening (a table of each game, spectator bets, ledger adjustments,
 * early ends, a table dealt again before its end, a solo game's personal record) stored in the
 * standalone page's LocalStorageStore and in the Foundry vault (the sealed store over the world's
 * settings), then the host stopped after each of its storage writes in turn. Recovering from what
 * the storage held at that moment must give books that balance (ledger + open purses + open stakes
 * = opened + adjustments, the house's take being an account of the ledger) and tables whose logs
 * replay to their stored states; in the vault, the evening carried on from there must also come
 * back whole after a reload.
 */
import { describe, expect, it } from "vitest";
import { bots, games, markets } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { LocalStorageStore } from "../../src/standalone/store";
import { TableHost } from "../../src/table/host";
import { MemoryNetwork } from "../../src/table/transport";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { SealedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { STEPS_PER_RECORD } from "../../src/foundry/vault-tables";
import { evening, expectSound, play } from "../helpers/evening";
import { countingIds, sevenUlwanBetting, startMemoryHost } from "../helpers/memory-host";

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

/** A host over this storage, as a GM's tab starts it after a crash: nothing but what was stored. */
async function hostOn(storage: Storage): Promise<TableHost> {
  const { host } = await startMemoryHost({
    users: USERS,
    store: new LocalStorageStore(storage),
    random: new SeededRandom(3),
    ...sevenUlwanBetting(4),
    bots,
    now: () => 1_000,
    newId: countingIds(),
  });
  return host;
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
      expectSound(recovered, `after write ${k} of ${writes.length}`, replayed);
      checked++;
    }
    expect(checked).toBe(writes.length + 1);
    // The evening's end: every table settled or ended, the house holds what it took.
    const end = await hostOn(storageOf(data));
    const event = Object.values(end.currentLedger().events)[0]!;
    expect(event.accounts.house).toMatchObject({ luck: 0 });
    expect(event.entries.filter((e) => e.account === "house" && e.kind === "opened")).toHaveLength(1);
    // The bots played on the house's purse: staked from it, paid back to it, no account of their own.
    expect(event.entries.filter((e) => e.kind === "stake").map((e) => -e.credits)).toEqual([300, 1500]);
    expect(Object.keys(event.accounts).sort()).toEqual(["alice", "bob", "carol", "dave", "house"]);
  });
});

/** The world's settings as a Map, every write recorded (game.settings.set in a world: one value per key). */
class RecordingVault implements VaultBackend {
  readonly map: Map<string, unknown>;
  readonly writes: { key: string; value: unknown }[] = [];
  constructor(entries: ReadonlyMap<string, unknown> = new Map()) {
    this.map = new Map(entries);
  }
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    const copy = JSON.parse(JSON.stringify(value ?? null)) as unknown;
    this.writes.push({ key, value: copy });
    this.map.set(key, copy);
  }
}

/** A GM's host over the vault, as it starts after a crash or a reload; `ids` keeps its new ids apart. */
async function vaultHost(sealer: Sealer, vault: VaultBackend, ids: string) {
  const store = new SealedStore(sealer, () => ({}), vault);
  let n = 0;
  const host = await TableHost.start({
    games,
    store,
    transport: new MemoryNetwork().host(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => USERS,
    random: new SeededRandom(3),
    bettingRandom: new SeededRandom(4),
    markets,
    now: () => 1_000,
    newId: () => `${ids}${++n}`,
  });
  return { host, store };
}

/** The evening carried on after a crash: a move at each open table, one dealt again, an adjustment. */
async function carryOn(host: TableHost, tag: string): Promise<void> {
  const pick = new SeededRandom(29);
  const open = host.summaries().filter((s) => !s.over);
  for (const s of open) await play(host, s.id, 1, pick);
  const unfinished = open.find((s) => !host.record(s.id)!.finishedAt && host.record(s.id)!.gameId.startsWith("sabacc"));
  if (unfinished) {
    const dealt = await host.handle("gm", { type: "rematch", tableId: unfinished.id, requestId: `${tag}-deal` });
    expect(dealt.ok, JSON.stringify(dealt)).toBe(true);
  }
  const event = Object.values(host.currentLedger().events)[0];
  const account = Object.keys(event?.accounts ?? {}).find((a) => a !== "house");
  if (event && account) {
    const request = { type: "ledger-adjust", eventId: event.id, account, credits: 5, luck: 0, reason: "Carried on" };
    const adjusted = await host.handle("gm", { ...request, requestId: `${tag}-adjust` });
    expect(adjusted.ok, JSON.stringify(adjusted)).toBe(true);
  }
  await host.idle();
}

describe("crash test: the Foundry vault, stopped at every write of an evening and carried on", () => {
  it("recovers sound books at every write, and the evening carried on from there comes back whole after a reload", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const vault = new RecordingVault();
    const { host } = await vaultHost(sealer, vault, "t");
    await evening(host, true);
    // A table of moves alone: its steps, and its record written again after STEPS_PER_RECORD of them.
    const seats = ["alice", "bob"].map((userId) => ({ kind: "person" as const, userId, name: userId }));
    const long = await host.handle("gm", { type: "create", spec: { gameId: "ulwan", seats, options: {} } });
    expect(long.ok, JSON.stringify(long)).toBe(true);
    await play(host, (long as { tableId: string }).tableId, STEPS_PER_RECORD + 4, new SeededRandom(31));
    await host.idle();
    const writes = vault.writes;
    // Deal-again, bets, a personal record and adjustments are among them.
    expect(writes.some((w) => w.key.startsWith("u-"))).toBe(true);
    expect(writes.some((w) => w.key.startsWith("b-"))).toBe(true);
    // A move alone is one step of its table's log; every STEPS_PER_RECORD steps its record follows one.
    const isStep = (w: { key: string; value: unknown } | undefined): boolean =>
      w !== undefined && w.key.startsWith("s-") && (w.value as { light?: boolean } | null)?.light === true;
    expect(writes.filter(isStep).length).toBeGreaterThan(STEPS_PER_RECORD);
    expect(writes.some((w, i) => w.key.startsWith("t-") && isStep(writes[i - 1]))).toBe(true);
    const replayed = new Map<string, boolean>();
    const data = new Map<string, unknown>();
    for (let k = 0; k <= writes.length; k++) {
      if (k > 0) data.set(writes[k - 1]!.key, writes[k - 1]!.value);
      const label = `after write ${k} of ${writes.length}`;
      const crashed = new RecordingVault(data);
      const { host: recovered, store } = await vaultHost(sealer, crashed, `r${k}-`);
      expect([store.unreadable, store.heldBack], label).toEqual([[], []]);
      expectSound(recovered, label, replayed);
      // Carried on, then the GM reloads: what the host held is what comes back.
      await carryOn(recovered, `k${k}`);
      const { host: reloaded, store: again } = await vaultHost(sealer, new RecordingVault(crashed.map), `s${k}-`);
      expect(again.unreadable, label).toEqual([]);
      const ids = (h: TableHost) =>
        h
          .summaries()
          .map((s) => s.id)
          .sort();
      expect(ids(reloaded), label).toEqual(ids(recovered));
      for (const id of ids(recovered)) expect(reloaded.record(id), `${id} ${label}`).toEqual(recovered.record(id));
      expect(reloaded.currentLedger(), label).toEqual(recovered.currentLedger());
      expectSound(reloaded, `reloaded ${label}`, replayed);
    }
  }, 120_000);
});
