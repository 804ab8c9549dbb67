/**
 * True Sabacc's deal: a roll of 1d(N) against the remaining deck in its fixed order, told to the
 * player only, with the keep-or-reroll step that follows a private card.
 */
import type { GameEvent, Random, RollEvent, SeatId } from "../../core";
import { privateRoll } from "../common";
import type { CardId } from "../deck";
import type { TrueState } from "./types";

/**
 * "Roll against the deck table": 1d(N), N the cards left, the result-th card of the remaining deck.
 * The bookkeeper's roll: only the GM sees it (audience: no seat), and it is *quiet*. Its range (1dN)
 * would tell anyone else, the player too, how many cards are gone, hence whether someone spent a
 * Luck/Force point on a reroll, and its result which cards are out. The player is told their card
 * (`dealtNotice`); everyone learns that a card was dealt (`publicDeal`).
 */
export function dealOne(
  deck: readonly CardId[],
  seat: SeatId,
  purpose: string,
  random: Random,
): { card: CardId; deck: CardId[]; event: RollEvent } {
  const r = privateRoll(seat, `1d${deck.length}`, purpose, random);
  const index = r.total - 1;
  const card = deck[index] as CardId;
  const rest = [...deck.slice(0, index), ...deck.slice(index + 1)];
  return { card, deck: rest, event: { ...r, audience: [], quiet: true } };
}

/** The card dealt, told to its player only; or to all after the show (Sudden Demise). */
export function dealtNotice(seat: SeatId, card: CardId, visible = false): GameEvent {
  return visible
    ? { kind: "notice", key: "CANTINA.Sabacc.Log.Dealt", seat, params: { seat, card } }
    : { kind: "notice", key: "CANTINA.Sabacc.Log.Dealt", seat, params: { seat, card }, audience: [seat] };
}

/** What everyone learns of a deal: that this player got a card. */
export function publicDeal(seat: SeatId): GameEvent {
  return { kind: "notice", key: "CANTINA.Sabacc.Log.DealtHidden", seat, params: { seat } };
}

/** Gives `seat` a private card and opens the keep-or-reroll step. */
export function dealWithChoice(
  s: TrueState,
  seat: SeatId,
  purpose: string,
  random: Random,
  events: GameEvent[],
): TrueState {
  const d = dealOne(s.deck, seat, purpose, random);
  events.push(d.event, dealtNotice(seat, d.card), publicDeal(seat));
  return {
    ...s,
    deck: d.deck,
    hands: { ...s.hands, [seat]: [...(s.hands[seat] ?? []), d.card] },
    deciding: true,
    pending: d.card,
  };
}
