/**
 * The crash test: a scripted evening (a table of each game, spectator bets, ledger adjustments,
 * early ends) stored in the standalone page's LocalStorageStore, then the host stopped after each
 * of its storage writes in turn. Recovering from what the storage held at that moment must give
 * books that balance (ledger + open purses + open stakes = opened + adjustments, the house's take
 * being an account of the ledger) and tables whose logs replay to their stored states.
 */
import { describe, expect, it } from "vitest";
import { bots } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { LocalStorageStore } from "../../src/standalone/store";
import type { TableHost } from "../../src/table/host";
import { evening, expectSound } from "../helpers/evening";
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
