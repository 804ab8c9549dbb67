/**
 * Reads an amount of credits a person typed (a bet, a raise, a stake) and says what is wrong with
 * it: nothing typed, not a whole number, or below `min`. A game's bet passes 0 (no amount is
 * negative), never a rule's minimum: the rules say what they accept, the window does not re-check.
 */
import { type Result, refuse, succeed } from "../../rules/core";
import { WindowErrors } from "./errors";

export type AmountRead = Result<{ readonly amount: number }>;

export function readAmount(raw: string | undefined, min: number): AmountRead {
  const text = (raw ?? "").trim();
  if (text === "") return refuse(WindowErrors.amountMissing, { min });
  if (!/^[-+−]?\d+([.,]\d*)?$/.test(text)) return refuse(WindowErrors.amountNotNumber, { amount: text });
  if (!/^[-+−]?\d+([.,]0*)?$/.test(text)) return refuse(WindowErrors.amountNotWhole, { amount: text });
  const amount = Number(text.replace("−", "-").replace(/[.,]0*$/, ""));
  if (amount < min) return refuse(WindowErrors.amountTooSmall, { amount: text, min });
  return succeed({ amount });
}
