/**
 * An event's lists of tables in the vault (issue 34): the tables it numbered and settled are stored
 * in chunks, not in its head, so a settlement writes the same few bytes on the tenth night as on
 * the first; the lists read back whole, and a head stored with its lists in it (before) still reads.
 */
import { describe, expect, it } from "vitest";
import { TABLE_CHUNK, eventParts, readEvent, shelfPartBound } from "../../src/foundry/vault-ledger";
import { RecordKinds, VaultKeys } from "../../src/foundry/vault-layout";
import { type EventLedger, dict, emptyEvent } from "../../src/table/ledger";
import type { TableLabel } from "../../src/table/protocol";

/** An event that numbered and settled `n` tables (no entries: the lists alone). */
function eventWith(n: number): EventLedger {
  const ids = Array.from({ length: n }, (_, i) => `table-${i}`);
  const tables = dict<TableLabel>();
  ids.forEach((id, i) => (tables[id] = { number: i + 1, gameId: "sabacc-true", nameKey: "game.sabacc-true" }));
  return { ...emptyEvent("night", "Campaign", 1000, 0), settledTables: ids, tables };
}

/** What one more settlement writes after `n` tables: every part's bound and JSON length. */
function settlement(n: number): { bound: number; json: number; keys: string[] } {
  const parts = eventParts(eventWith(n + 1), eventWith(n));
  return {
    bound: parts.reduce((a, p) => a + p.bound, 0),
    json: parts.reduce((a, p) => a + JSON.stringify(p.value).length, 0),
    keys: parts.map((p) => p.key),
  };
}

const opener = (parts: ReadonlyMap<string, unknown>) => async (key: string) => {
  if (!parts.has(key)) throw new Error(`no record ${key}`);
  return parts.get(key);
};

describe("an event's lists of tables in the vault", () => {
  it("a settlement writes as much after hundreds of tables as after a few: the head does not name them", () => {
    const early = settlement(TABLE_CHUNK * 2 + 3);
    const late = settlement(TABLE_CHUNK * 25 + 3);
    expect(late.bound).toBe(early.bound);
    // Ids of more digits only: the same parts, a few bytes apart.
    expect(late.json - early.json).toBeLessThan(64);
    expect(late.keys.length).toBe(early.keys.length);
  });

  it("reads back every table's label and settlement, whatever the chunks", async () => {
    for (const n of [0, 1, TABLE_CHUNK, TABLE_CHUNK * 3 + 5]) {
      const event = eventWith(n);
      const parts = new Map(eventParts(event).map((p) => [p.key, p.value]));
      const read = await readEvent(parts.get(VaultKeys.event("night")), opener(parts));
      expect(read.settledTables).toEqual(event.settledTables);
      expect({ ...read.tables }).toEqual({ ...event.tables });
    }
  });

  it("a chunk's tables past the head's count (a change never made) are not read", async () => {
    const stored = new Map(eventParts(eventWith(3)).map((p) => [p.key, p.value]));
    // A crash after the chunk of a fourth settlement was written, before its head.
    for (const p of eventParts(eventWith(4), eventWith(3)))
      if (p.kind === RecordKinds.tableList) stored.set(p.key, p.value);
    const read = await readEvent(stored.get(VaultKeys.event("night")), opener(stored));
    expect(read.settledTables).toEqual(eventWith(3).settledTables);
    expect(Object.keys(read.tables ?? {})).toHaveLength(3);
  });

  it("a head stored with its lists in it (the layout before) reads as it was", async () => {
    const { entries: _entries, ...event } = eventWith(5);
    const head = { ...event, counted: 0, returnTables: [] };
    const read = await readEvent(head, opener(new Map()));
    expect(read.settledTables).toEqual(event.settledTables);
    expect({ ...read.tables }).toEqual({ ...event.tables });
  });
  it("a full table-list chunk kept on the shelf is sealed again to the bound it was written with (a table's would be NaN)", () => {
    const parts = eventParts(eventWith(TABLE_CHUNK * 2 + 1));
    const full = parts.filter(
      (p) => p.kind === RecordKinds.tableList && Array.isArray(p.value) && p.value.length === TABLE_CHUNK,
    );
    expect(full.length).toBeGreaterThan(0);
    for (const part of full) expect(shelfPartBound(part.kind, part.value)).toBe(part.bound);
    expect(shelfPartBound(RecordKinds.table, [])).toBeNull();
  });
});
