/**
 * An imported record's money lines (the host's match summary after the rules' last events) are kept
 * only when they are the very summary the record's own seats, purses and result give: a record
 * played through the host imports as it is; an added, edited or misplaced money line is refused.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { games } from "../../src/games";
import { type GameEvent } from "../../src/rules/core";
import type { LogEntry } from "../../src/table/protocol";
import { RecordErrors, type ReplayRecord, exportRecord, importRecord } from "../../src/table/record-file";
import { aliceAgainstStakedDroid } from "../helpers/memory-host";

/** A Sabacc match of Alice against a bot on a house stake, played through the host to its end. */
async function hostRecord(): Promise<ReplayRecord> {
  const { host, clients, tableId } = await aliceAgainstStakedDroid();
  const record = host.record(tableId);
  if (!record || !clients.alice!.tables.get(tableId)?.table.over) throw new Error("the match did not end");
  return record;
}

const isMoney = (e: GameEvent): boolean => e.kind === "notice" && e.key.startsWith("CANTINA.Money.");

/** The record with its log's events changed by `edit` (given each entry and its index). */
function edited(record: ReplayRecord, edit: (entry: LogEntry, index: number) => GameEvent[]): string {
  return exportRecord({ ...record, log: record.log.map((e, i) => ({ ...e, events: edit(e, i) })) });
}

describe("an imported record's money lines", () => {
  it("a record played through the host imports with its summary lines, which are the replay's own", async () => {
    const record = await hostRecord();
    const last = record.log[record.log.length - 1]!;
    expect(last.events.filter(isMoney).map((e) => (e.kind === "notice" ? e.key : ""))).toContain(
      "CANTINA.Money.SummaryStake",
    );
    const imported = importRecord(exportRecord(record), games);
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    if (imported.ok) expect(imported.steps[imported.steps.length - 1]?.events).toEqual(last.events);
  });

  it("refuses an edited summary line (a bot's stake brought back changed), naming the step", async () => {
    const record = await hostRecord();
    const step = record.log.length - 1;
    const file = edited(record, (e, i) =>
      i !== step
        ? [...e.events]
        : e.events.map((ev) =>
            ev.kind === "notice" && ev.key === "CANTINA.Money.SummaryStake"
              ? { ...ev, params: { ...ev.params, back: 99_999 } }
              : ev,
          ),
    );
    expect(importRecord(file, games)).toMatchObject({
      ok: false,
      error: { code: RecordErrors.moneyLines, params: { step } },
    });
  });

  it("refuses an added summary line (a house take the result does not give) and a dropped one", async () => {
    const record = await hostRecord();
    const step = record.log.length - 1;
    const house: GameEvent = { kind: "notice", key: "CANTINA.Money.SummaryHouse", params: { amount: 500 } };
    const added = edited(record, (e, i) => (i === step ? [...e.events, house] : [...e.events]));
    expect(importRecord(added, games)).toMatchObject({ ok: false, error: { code: RecordErrors.moneyLines } });
    // Only part of the summary (its first line kept, the stake line dropped) is not the summary either.
    const rules = record.log[step]!.events.filter((e) => !isMoney(e));
    const firstOnly = edited(record, (e, i) => (i === step ? [...rules, e.events.find(isMoney)!] : [...e.events]));
    expect(importRecord(firstOnly, games)).toMatchObject({ ok: false, error: { code: RecordErrors.moneyLines } });
  });

  it("refuses the true summary moved to an earlier move (the host posts it only on the match's last move)", async () => {
    const record = await hostRecord();
    const step = record.log.length - 1;
    const summary = record.log[step]!.events.filter(isMoney);
    const moved = edited(record, (e, i) =>
      i === 1 ? [...e.events, ...summary] : i === step ? e.events.filter((ev) => !isMoney(ev)) : [...e.events],
    );
    expect(importRecord(moved, games)).toMatchObject({
      ok: false,
      error: { code: RecordErrors.moneyLines, params: { step: 1 } },
    });
  });

  it("keeps a record with no money lines at all (a table outside any event's ledger posts none)", async () => {
    const record = await hostRecord();
    const none = edited(record, (e) => e.events.filter((ev) => !isMoney(ev)));
    expect(importRecord(none, games).ok).toBe(true);
  });

  it("refuses a record whose seats or log are not of the stored shape as malformed, before replaying it", async () => {
    const record = await hostRecord();
    const file = (r: unknown): string => JSON.stringify({ format: "cantina-games-record", version: 1, record: r });
    const malformed = { ok: false, error: { code: RecordErrors.malformed } };
    expect(importRecord(file({ ...record, seats: [{ seat: "a", name: "A", kind: "ghost" }] }), games)).toEqual(
      malformed,
    );
    expect(importRecord(file({ ...record, log: [{ ...record.log[0], dice: [1.5] }] }), games)).toEqual(malformed);
    expect(importRecord(file({ ...record, log: [{ dice: [], events: [] }] }), games)).toEqual(malformed);
    expect(importRecord(file({ ...record, eventId: 7 }), games)).toEqual(malformed);
    expect(importRecord(file([record]), games)).toEqual(malformed);
  });

  it("says why in English", () => {
    const text = dictionaryLocalizer(en).format(RecordErrors.moneyLines, { step: 7 });
    expect(text).toContain("step 7");
  });
});
