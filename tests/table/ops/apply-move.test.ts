/** A move down the pipeline alone: the rules' state and log entry, the countdown, then each extension once, in order. */
import { describe, expect, it } from "vitest";
import { applyMove } from "../../../src/table/ops/apply-move";
import { AFTER_MOVE } from "../../../src/table/concerns";
import { moneySummary } from "../../../src/table/concerns/money-summary/after-move";
import { personalRecords } from "../../../src/table/concerns/personal-records/after-move";
import { settlement } from "../../../src/table/concerns/settlement/after-move";
import { spectatorBetting } from "../../../src/table/concerns/betting/after-move";
import { turnClock } from "../../../src/table/concerns/clock/after-move";
import { recordRoundMatch } from "../../../src/table/concerns/tournament/after-move";
import { finishedRace, opContext, openedBooks, race } from "../../helpers/op-books";

describe("a move down the pipeline", () => {
  it("runs settlement, a tournament round's match, personal records, spectator betting, the money summary and the turn clock, in that order", () => {
    expect(AFTER_MOVE).toEqual([
      settlement,
      recordRoundMatch,
      personalRecords,
      spectatorBetting,
      moneySummary,
      turnClock,
    ]);
  });

  it("a move that does not end the match: the next version, its log entry, a new countdown, no ledger in the change", () => {
    const ctx = opContext(3_000);
    const { books, table } = openedBooks(ctx);
    const result = applyMove(books, ctx, table, race, "seat-1", { type: "step" });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.change?.tables?.[0]).toMatchObject({ version: 1, clock: { key: null, startedAt: 3_000 } });
    expect(result.change?.ledger).toBeUndefined();
    expect(result.push).toEqual([{ record: result.change?.tables?.[0], since: 1 }]);
  });

  it("the move that ends it: finished at the host's time, settled, the record kept, the summary logged, one change", () => {
    const ctx = opContext(4_000);
    const { books, tableId } = finishedRace(ctx);
    const table = books.tables.get(tableId);
    expect(table).toMatchObject({ finishedAt: 4_000, settled: true });
    expect(table?.clock).toBeUndefined();
    expect(books.ledger.records?.alice?.["race-moves"]?.value).toBe(3);
    expect(table?.log.at(-1)?.events.some((e) => e.kind === "notice" && e.key === "CANTINA.Money.Summary")).toBe(true);
  });

  it("a move the rules refuse is refused, with nothing to store; a timeout move is logged as one", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    expect(applyMove(books, ctx, table, race, "seat-2", { type: "step" })).toEqual({
      ok: false,
      error: { code: "NotYours" },
    });
    const timedOut = applyMove(books, ctx, table, race, "seat-1", { type: "step" }, true);
    expect(timedOut).toMatchObject({ ok: true, change: { tables: [{ log: [{}, { timeout: true }] }] } });
  });
});
