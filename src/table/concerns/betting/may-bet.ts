/**
 * Whether a user may bet at a table at all (no seat there, may watch it, an account in its event):
 * asked by the `side-bet` request and by each update's `canBet`, so both always agree.
 */
import { BetErrors } from "./book";
import { HOUSE_ACCOUNT, own } from "../../ledger";
import { Errors } from "../../protocol";
import { type Result, refuse, succeed } from "../../../rules/core";
import type { TableRecord } from "../../store";
import type { Books, OpContext } from "../../context";
import { viewerOf } from "../../viewers";

/**
 * Whether `user` may bet at this table at all: ok, or why not: no betting, a seat there, not
 * allowed to watch, or no account in its event. The update's `canBet` says the same (updates.ts),
 * so a window offers "Bet on this" only to whom the host would take a bet from.
 */
export function mayBet(
  books: Pick<Books, "ledger">,
  record: TableRecord,
  user: string,
  ctx: Pick<OpContext, "games" | "isGM" | "allowSpectators">,
): Result {
  if (!record.betting) return refuse(BetErrors.noBetting);
  if (record.seats.some((s) => (s.kind === "person" && s.userId === user) || s.awayUserId === user))
    return refuse(BetErrors.seated);
  // Who may not watch may not bet either.
  if (!viewerOf(ctx, record, user)) return refuse(Errors.noSpectators);
  const event = own(books.ledger.events, record.eventId);
  if (!event) return refuse(Errors.unknownEvent);
  // Joining an event is the GM's act: a bet never opens an account.
  if (!own(event.accounts, user) || user === HOUSE_ACCOUNT) return refuse(BetErrors.noAccount);
  return succeed({});
}
