/**
 * The write-ahead journal under the standalone store: a refused journal write (a full quota)
 * changes nothing; once the journal is written the change holds even if applying it fails, is read
 * through, applied before the next change and completed at the next load.
 */
import { describe, expect, it } from "vitest";
import { LocalStorageStore } from "../../src/standalone/store";
import { JournaledKeyValue, type KeyValueBackend } from "../../src/table/store";
import type { TableRecord } from "../../src/table/store";
import { mapStorage } from "../helpers/map-storage";

class QuotaBackend implements KeyValueBackend {
  readonly data = new Map<string, string>();
  /** Writes left before the quota is exceeded (null: no limit). */
  budget: number | null = null;
  get(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  set(key: string, value: string): void {
    if (this.budget !== null && this.budget-- <= 0) throw new Error("QuotaExceededError");
    this.data.set(key, value);
  }
  remove(key: string): void {
    this.data.delete(key);
  }
  keys(): string[] {
    return [...this.data.keys()];
  }
}

describe("the write-ahead journal", () => {
  it("a refused journal write changes nothing and throws", () => {
    const backend = new QuotaBackend();
    const kv = new JournaledKeyValue(backend, "journal");
    kv.write({ a: "1" });
    backend.budget = 0;
    expect(() => kv.write({ a: "2", b: "2" })).toThrow("QuotaExceededError");
    expect([...backend.data]).toEqual([["a", "1"]]);
    expect(kv.get("a")).toBe("1");
  });

  it("a change whose journal is written holds even if applying it fails; it is applied first next time", () => {
    const backend = new QuotaBackend();
    const kv = new JournaledKeyValue(backend, "journal");
    kv.write({ a: "1", b: "1" });
    backend.budget = 2; // the journal and one put
    kv.write({ a: "2", b: "2" });
    expect(backend.get("b")).toBe("1");
    expect([kv.get("a"), kv.get("b")]).toEqual(["2", "2"]);
    backend.budget = null;
    kv.write({ c: "3" });
    expect([backend.get("a"), backend.get("b"), backend.get("c"), backend.get("journal")]).toEqual([
      "2",
      "2",
      "3",
      null,
    ]);
  });

  it("a journal a crash left behind is completed once at load", async () => {
    const data = new Map<string, string>();
    const storage = mapStorage(data);
    const record = { id: "t1", createdAt: 1, log: [] } as unknown as TableRecord;
    // The host stopped after writing the journal of opening a table with its purses.
    data.set("cantina-games:journal", JSON.stringify({ "cantina-games:table:t1": JSON.stringify(record) }));
    const books = await new LocalStorageStore(storage).load();
    expect(books.tables).toEqual([record]);
    expect(data.has("cantina-games:journal")).toBe(false);
    expect(JSON.parse(data.get("cantina-games:table:t1")!)).toEqual(record);
  });
});
