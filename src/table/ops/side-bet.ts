/**
 * A spectator's bet (`side-bet`): only a user who may watch the table and holds no seat there, with
 * the credits in their event account; the stake leaves the account and enters the pool in one change.
 */
import { BetErrors, placeBet } from "../betting";
import { HOUSE_ACCOUNT, adjust, orSame, own, withEvent } from "../ledger";
import { Errors } from "../protocol";
import type { Result } from "../../rules/core";
import type { TableRecord } from "../store";
import { viewerOf } from "../viewers";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult } from "../context";

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

export function sideBet(books: Books, request: Asked<"side-bet">, ctx: OpContext): OpResult {
  const { from } = request;
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const allowed = mayBet(books, record, from, ctx);
  if (!allowed.ok) return allowed;
  if (!record.betting) return refuse(BetErrors.noBetting);
  let event = own(books.ledger.events, record.eventId);
  const account = event && own(event.accounts, from);
  if (!event || !account) return refuse(BetErrors.noAccount);
  const placed = placeBet(
    record.betting,
    request.pool,
    from,
    from,
    request.outcome,
    request.amount,
    account.credits,
    record.version,
  );
  if (!placed.ok) return placed;
  const market = record.betting.pools.find((p) => p.id === request.pool)?.market;
  const detail = { table: record.id, bet: "stake" as const, pool: request.pool, ...(market ? { market } : {}) };
  const reason = `bet ${record.id}/${request.pool}`;
  event = orSame(adjust(event, from, -request.amount, 0, reason, ctx.now(), from, "bet", detail), event);
  const next: TableRecord = { ...record, betting: placed.book };
  return succeed({
    change: { tables: [next], ledger: withEvent(books.ledger, event) },
    reply: { ok: true, version: record.version },
    push: [{ record: next, since: record.version + 1 }],
  });
}
