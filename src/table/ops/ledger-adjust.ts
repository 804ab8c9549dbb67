/**
 * A GM's adjustment of an account (`ledger-adjust`): credits and Luck/Force points with a reason,
 * one entry in the event's ledger; refused without a reason or past what the account holds.
 */
import { adjust, own, withEvent } from "../ledger";
import { Errors } from "../protocol";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult } from "./context";

export function adjustLedger(books: Books, request: Asked<"ledger-adjust">, ctx: OpContext): OpResult {
  const event = own(books.ledger.events, request.eventId);
  if (!event) return refuse(Errors.unknownEvent);
  if (request.reason === "") return refuse(Errors.reasonRequired);
  const next = adjust(event, request.account, request.credits, request.luck, request.reason, ctx.now(), request.from);
  if (!next.ok) return next;
  return succeed({ change: { ledger: withEvent(books.ledger, next.event) }, reply: { ok: true, eventId: event.id } });
}
