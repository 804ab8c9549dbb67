/**
 * Joining an event (a GM's `event-join`): an account opened with the event's starting credits and
 * points (an account already there stays as it is); the house's id is reserved. The event's tables
 * with spectator betting are pushed again, since whether a user may bet there depends on the account.
 */
import { HOUSE_ACCOUNT, ensureAccount, own, withEvent } from "../ledger";
import { Errors } from "../protocol";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult } from "../context";

export function joinEvent(books: Books, request: Asked<"event-join">, ctx: OpContext): OpResult {
  const event = own(books.ledger.events, request.eventId);
  if (!event) return refuse(Errors.unknownEvent);
  if (request.account === HOUSE_ACCOUNT) return refuse(Errors.reservedAccount);
  const joined = ensureAccount(event, request.account, request.name, event.startingCredits, ctx.now(), request.from);
  // A new account may bet at the event's tables: their updates say so again (`canBet`), no events resent.
  const betting = [...books.tables.values()].filter((t) => t.eventId === event.id && t.betting);
  return succeed({
    change: { ledger: withEvent(books.ledger, joined) },
    reply: { ok: true, eventId: event.id },
    ...(betting.length > 0 ? { push: betting.map((record) => ({ record, since: record.version + 1 })) } : {}),
  });
}
