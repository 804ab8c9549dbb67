/**
 * Which finished tables are due for the archive: finished long enough ago, their match settled (for
 * games that use the ledger) and their pools closed. The host stores them archived in one change.
 */
import type { TableRecord } from "../store";
import { type Books, type OpContext, gameOf } from "../context";

/** The tables due, in the books' order; none when `afterMs` is null (never archive). */
export function dueForArchive(books: Books, ctx: OpContext, afterMs: number | null): TableRecord[] {
  if (afterMs === null) return [];
  return [...books.tables.values()].filter(
    (r) =>
      r.finishedAt !== undefined &&
      ctx.now() - r.finishedAt >= afterMs &&
      (r.settled || !gameOf(ctx, r.gameId)?.usesLedger) &&
      (!r.betting || r.betting.over),
  );
}
