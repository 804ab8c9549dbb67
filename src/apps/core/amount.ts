/**
 * Reads an amount of credits a person typed (a bet, a raise, a stake) and says what is wrong with
 * it: nothing typed, not a whole number, or below `min`. A game's bet passes 0 (no amount is
 * negative), never a rule's minimum: the rules say what they accept, the window does not re-check.
 */
import type { ActionResult } from "./types";

export type AmountRead = { readonly amount: number } | Extract<ActionResult, { error: string }>;

export function readAmount(raw: string | undefined, min: number): AmountRead {
  const text = (raw ?? "").trim();
  if (text === "") return { error: "CANTINA.Error.AmountMissing", params: { min } };
  if (!/^[-+−]?\d+([.,]\d*)?$/.test(text)) return { error: "CANTINA.Error.AmountNotNumber", params: { amount: text } };
  if (!/^[-+−]?\d+([.,]0*)?$/.test(text)) return { error: "CANTINA.Error.AmountNotWhole", params: { amount: text } };
  const amount = Number(text.replace("−", "-").replace(/[.,]0*$/, ""));
  if (amount < min) return { error: "CANTINA.Error.AmountTooSmall", params: { amount: text, min } };
  return { amount };
}
