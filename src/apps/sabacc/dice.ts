/**
 * What the two dice Sabacc windows (Super Simplified, Simplified) share: a seat's hand and bet, the
 * viewer's own purse, and the clicks both have, turned into moves. The rules check them again.
 */
import type { DiceSeatView, DiceViewBasics } from "../../rules/sabacc/dice-variants";
import type { SuperSimplifiedMove } from "../../rules/sabacc/super-simplified";
import { succeed } from "../../rules/core";
import { readAmount } from "../core/amount";
import type { ActionInput, ActionResult } from "../core/types";
import type { TableUpdate } from "../../table/protocol";
import type { SeatBasics } from "./basics";

/** A seat as both dice windows draw it: the hand only where the viewer may see it, the bet once placed. */
export function diceSeat<S extends DiceSeatView>(s: S, seatBasics: (s: S) => SeatBasics) {
  return {
    ...seatBasics(s),
    handKnown: s.hand !== null,
    hand: s.hand,
    hasHand: s.hasHand,
    bet: s.bet,
    betPlaced: s.bet !== null,
  };
}

/** The viewer's own row under the table. */
export function diceMe(me: DiceSeatView, nameOf: (seat: string) => string) {
  return { name: nameOf(me.seat), hand: me.hand, luck: me.luck, credits: me.credits };
}

/** Super Simplified has exactly these moves; Simplified has them too, and adds its own. */
const move = (m: SuperSimplifiedMove): ActionResult => succeed({ move: m });

/** What both dice windows' views hold: their seats. */
type DiceView = DiceViewBasics & { readonly seats: readonly DiceSeatView[] };

function bet(input: ActionInput, update: TableUpdate<DiceView>): ActionResult {
  const view = update.view;
  const mine = view.seats.find((s) => s.seat === update.seat);
  const raw =
    input.data.amount === "all" ? String(mine?.credits ?? 0) : (input.data.amount ?? input.fields.amount ?? "").trim();
  // No minimum bet here (an all-in below it is legal): the rules refuse what they do not accept.
  const read = readAmount(raw, 0);
  return read.ok ? move({ type: "bet", amount: read.amount }) : read;
}

export const diceActions = {
  "roll-order": () => move({ type: "roll-order" }),
  "roll-hand": () => move({ type: "roll-hand" }),
  reroll: () => move({ type: "reroll" }),
  keep: () => move({ type: "keep" }),
  fold: () => move({ type: "fold" }),
  bet,
} satisfies Record<string, (input: ActionInput, update: TableUpdate<DiceView>) => ActionResult>;
