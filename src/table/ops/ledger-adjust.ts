/**
 * A GM's adjustment of an account (`ledger-adjust`): credits and Luck/Force points with a reason,
 * one entry in the event's ledger; refused without a reason, with nothing to change (no ±0 entry),
 * or past what the account holds (the house alone may go below zero: it lends to the tables).
 */
import { HOUSE_ACCOUNT, adjust, own, withEvent } from "../ledger";
import { Errors } from "../protocol";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult } from "../context";

/** Why an adjustment is refused (lang/*.json, CANTINA.GameNight.Adjust). */
export const AdjustErrors = {
  nothing: "CANTINA.GameNight.Adjust.Nothing",
  creditsTooLow: "CANTINA.GameNight.Adjust.CreditsTooLow",
  luckTooLow: "CANTINA.GameNight.Adjust.LuckTooLow",
} as const;

export function adjustLedger(books: Books, request: Asked<"ledger-adjust">, ctx: OpContext): OpResult {
  const event = own(books.ledger.events, request.eventId);
  if (!event) return refuse(Errors.unknownEvent);
  if (request.reason.trim() === "") return refuse(Errors.reasonRequired);
  if (request.credits === 0 && request.luck === 0) return refuse(AdjustErrors.nothing);
  const account = own(event.accounts, request.account);
  if (!account) return refuse(Errors.unknownAccount);
  // Taking more than the account holds would write a smaller change than the GM typed (or ±0).
  if (request.account !== HOUSE_ACCOUNT && account.credits + request.credits < 0)
    return refuse(AdjustErrors.creditsTooLow, { name: account.name, have: account.credits });
  if (account.luck + request.luck < 0)
    return refuse(AdjustErrors.luckTooLow, { name: account.name, have: account.luck });
  const next = adjust(event, request.account, request.credits, request.luck, request.reason, ctx.now(), request.from);
  if (!next.ok) return next;
  return succeed({ change: { ledger: withEvent(books.ledger, next.event) }, reply: { ok: true, eventId: event.id } });
}
