/**
 * Ending a table early (a GM's `end`): its open pools refunded, the purses of an unsettled match
 * returned as they came, and the table removed, in one change.
 */
import { cancel } from "../concerns/betting/book";
import { withCredits } from "../concerns/betting/after-move";
import { voidRoundTable } from "../concerns/tournament/after-move";
import { HOUSE_ACCOUNT, type Ledger, own, voidTable, withEvent } from "../ledger";
import { Errors } from "../protocol";
import type { TableRecord } from "../store";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, ledgerChange, pursesOf } from "../context";

export function endTable(books: Books, request: Asked<"end">, ctx: OpContext): OpResult {
  const ending = books.tables.get(request.tableId);
  if (!ending) return refuse(Errors.unknownTable);
  const ledger = calledOff(books.ledger, ctx, ending);
  return succeed({
    change: { deleted: [ending.id], ...ledgerChange(ledger, books.ledger) },
    reply: { ok: true },
    removed: [ending.id],
    ended: true,
  });
}

/** The ledger once a table is called off: its open pools refunded, the purses of an unsettled match returned as they came. */
export function calledOff(ledgerBefore: Ledger, ctx: OpContext, ending: TableRecord): Ledger {
  let ledger = ledgerBefore;
  if (ending.betting && !ending.betting.over)
    ledger = withCredits(ctx, ledger, ending, cancel(ending.betting, HOUSE_ACCOUNT).credits);
  // A match ended before its end: every seat gets its purse back as it came (a seat lobby took none).
  const event = !ending.settled && !ending.lobby ? own(ledger.events, ending.eventId) : undefined;
  if (event)
    ledger = withEvent(ledger, voidTable(event, ending.id, ending.seats, pursesOf(ending), ctx.now(), ctx.hostUser));
  // A tournament's round table closes in its round too, so the next round can open.
  return voidRoundTable(ledger, ctx, ending);
}
