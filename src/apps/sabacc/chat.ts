/** Sabacc's card ids and hand kinds in chat lines, named the way the window names them ("5 of Coins", "Pure Sabacc"). */
import type { ParamNamer } from "../core/chat";
import type { Localizer } from "../core/i18n";
import type { SeatId } from "../../rules/core";
import { cardOf } from "../../rules/sabacc/deck";
import type { TableUpdate } from "../../table/protocol";

function cardName(id: string, i18n: Localizer): string | undefined {
  const card = cardOf(id);
  if (!card) return undefined;
  const suit = card.suit ? i18n.localize(`CANTINA.Sabacc.Suit.${card.suit}`) : "";
  return i18n.format(card.nameKey, { value: card.value, suit });
}

/** The hand kinds a shown True Sabacc hand is given (rules/sabacc/true-sabacc `handKind`). */
const HAND_KINDS: ReadonlySet<string> = new Set(["idiots-array", "pure-sabacc", "hand", "bomb-out"]);

/** `card` holds one card id; `cards` a space-separated list of them; `kind` a shown hand's kind. */
export const sabaccCardNamer: ParamNamer = (key, value, i18n) => {
  if (key === "card") return cardName(value, i18n);
  // A shown hand's kind as a player reads it ("Pure Sabacc"), never its id ("pure-sabacc").
  if (key === "kind") return HAND_KINDS.has(value) ? i18n.localize(`CANTINA.Sabacc.True.Kind.${value}`) : undefined;
  if (key !== "cards") return undefined;
  const names = value
    .split(" ")
    .filter((v) => v !== "")
    .map((id) => cardName(id, i18n));
  return names.every((n): n is string => n !== undefined) ? names.join(", ") : undefined;
};

interface HandSeat {
  readonly seat: SeatId;
  readonly hand: number | readonly string[] | null;
}

/**
 * The viewer's own hand as chat names it (True Sabacc's cards "5 of Coins, Idiot"; a dice hand: its
 * value), for hosts that show it as text (GameApp.ownHand); null: no seat or no hand known.
 */
export function sabaccOwnHand(
  update: TableUpdate<{ readonly seats: readonly HandSeat[] }>,
  i18n: Localizer,
): string | null {
  const hand = update.view.seats.find((s) => s.seat === update.seat)?.hand;
  if (!update.seat || hand === undefined || hand === null) return null;
  return typeof hand === "number" ? String(hand) : hand.map((id) => cardName(id, i18n) ?? id).join(", ");
}
