/**
 * A spectator's bet (`side-bet`): only a user who may watch the table and holds no seat there, with
 * the credits in their event account; the stake leaves the account and enters the pool in one change.
 */
import { BetErrors, placeBet } from "./book";
import { adjust, orSame, own, withEvent } from "../../ledger";
import { Errors } from "../../protocol";
import type { TableRecord } from "../../store";
import { mayBet } from "./may-bet";
import { refuse, succeed } from "../../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult } from "../../context";

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
