/**
 * Opening an event (a GM's `event-create`): a new book in the ledger, with its name, the credits
 * each account starts with, and its house account.
 */
import { emptyEvent, withEvent, withHouse } from "../ledger";
import { succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult } from "../context";

export function openEvent(books: Books, request: Asked<"event-create">, ctx: OpContext): OpResult {
  const event = withHouse(
    emptyEvent(`e${ctx.newId()}`, request.name, request.startingCredits, ctx.now()),
    ctx.now(),
    ctx.hostUser,
  );
  return succeed({ change: { ledger: withEvent(books.ledger, event) }, reply: { ok: true, eventId: event.id } });
}
