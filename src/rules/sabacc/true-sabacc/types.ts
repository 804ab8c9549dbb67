/**
 * True Sabacc's option schema, state, moves and views (the shapes), and its few constants.
 */
import { type OptionsOf, type SeatId, integer } from "../../core";
import { MAX_AMOUNT, type SabaccTable, type SeatViewBasics, purseFields } from "../common";
import type { CardId, HandKind } from "../deck";

export const TRUE_ID = "sabacc-true";
export const TRUE_MAX_SEATS = 6;
/** The last round after which the GM rolls for a Sabacc Shift (rule 16). */
export const LAST_SHIFT_ROUND = 3;
/** From this round on, locking comes before betting and a player may call (rules 18–19). */
export const CALL_ROUND = 4;

export const trueSchema = {
  mainAnte: integer(500, 0, MAX_AMOUNT, { ante: true }),
  sabaccAnte: integer(1000, 0, MAX_AMOUNT, { ante: true }),
  /** "extremely limited (most likely two to three players)": the GM sets the limit. */
  seatLimit: integer(3, 1, TRUE_MAX_SEATS),
  /** The house calls the game in this round's betting if no player has (so every match ends). */
  roundLimit: integer(10, CALL_ROUND, MAX_AMOUNT),
  ...purseFields(5000),
};
export type TrueOptions = OptionsOf<typeof trueSchema>;

export type TruePhase = "order" | "deal" | "dts" | "betting" | "lock" | "shift" | "cheat" | "demise" | "over";

export interface Betting {
  /** The bet to meet this round: the highest total any seat has put in this round. */
  readonly high: number;
  readonly contributed: Readonly<Record<SeatId, number>>;
  readonly acted: Readonly<Record<SeatId, boolean>>;
  /** The last round after a call (or the house's call): match only, no raise. */
  readonly final: boolean;
  readonly caller: SeatId | null;
}

/** A card out of play face down: rerolled away with a Luck/Force point, or erased by a shift. */
export interface SetAside {
  readonly card: CardId;
  readonly seat: SeatId;
}

export type Outcome = "show" | "uncontested" | "split" | "bomb-out";

export interface TrueState extends SabaccTable {
  readonly game: typeof TRUE_ID;
  readonly mainAnte: number;
  readonly sabaccAnte: number;
  readonly seatLimit: number;
  readonly roundLimit: number;
  readonly phase: TruePhase;
  readonly round: number;
  /** In the deal: the first or the second card. */
  readonly dealCard: number;
  readonly turn: number;
  /** The seat at `turn` was just dealt `pending` and chooses to keep it or reroll. */
  readonly deciding: boolean;
  readonly pending: CardId | null;
  /** The cards left, in the deal table's fixed order. */
  readonly deck: readonly CardId[];
  /** Cards in hand: secret to their owner (and the GM) until the show. */
  readonly hands: Readonly<Record<SeatId, readonly CardId[]>>;
  /** The Static Field: locked cards, face up. */
  readonly fields: Readonly<Record<SeatId, readonly CardId[]>>;
  /** Traded away, face up. */
  readonly discards: readonly CardId[];
  readonly setAside: readonly SetAside[];
  readonly mainPot: number;
  readonly sabaccPot: number;
  /** What the house took (the Sabacc Pot when nobody wins it). */
  readonly house: number;
  readonly betting: Betting;
  /** The GM's shift rolls, by round. */
  readonly shiftRolls: readonly { readonly round: number; readonly roll: number }[];
  /** The card each seat cheated in, if any (secret). */
  readonly cheats: Readonly<Record<SeatId, CardId | null>>;
  /** Seats in Sudden Demise. */
  readonly demise: readonly SeatId[];
  /** The kind of hand the tie was at the show (decides the Sabacc Pot after a Sudden Demise). */
  readonly demiseKind: HandKind | null;
  /** At the show: base ids of cards seen more than once. */
  readonly duplicates: readonly CardId[];
  readonly outcome: Outcome | null;
}

export type TrueMove =
  | { readonly type: "roll-order" }
  | { readonly type: "deal" }
  | { readonly type: "reroll" }
  | { readonly type: "keep" }
  | { readonly type: "draw" }
  | { readonly type: "trade"; readonly card: CardId }
  | { readonly type: "stand" }
  | { readonly type: "bet"; readonly amount: number }
  | { readonly type: "call" }
  | { readonly type: "fold" }
  | { readonly type: "lock"; readonly cards: readonly CardId[] }
  | { readonly type: "redraw" }
  | { readonly type: "cheat"; readonly card: CardId }
  | { readonly type: "no-cheat" }
  | { readonly type: "demise-draw" };

export interface TrueSeatView extends SeatViewBasics {
  readonly handCount: number;
  /** The cards in hand: for the owner, the GM, and after the show. */
  readonly hand: readonly CardId[] | null;
  readonly field: readonly CardId[];
  /** Total and kind of hand + Static Field, when the hand is known to the viewer. */
  readonly total: number | null;
  readonly kind: HandKind | null;
  /** Cards this seat set aside face down: owner and GM only. */
  readonly setAside: readonly CardId[] | null;
  readonly cheated: CardId | null;
  readonly contributed: number;
}

export interface TrueView {
  readonly game: typeof TRUE_ID;
  readonly phase: TruePhase;
  readonly round: number;
  readonly dealCard: number;
  readonly mainPot: number;
  readonly sabaccPot: number;
  readonly house: number;
  /** Cards left in the deck: the GM's bookkeeping only (it would reveal rerolls). */
  readonly deckCount: number | null;
  readonly discards: readonly CardId[];
  readonly setAsideCount: number | null;
  readonly playOrder: readonly SeatId[];
  readonly seats: readonly TrueSeatView[];
  readonly toAct: readonly SeatId[];
  readonly deciding: boolean;
  /** The card just dealt to the deciding seat: for that seat and the GM. */
  readonly pending: CardId | null;
  readonly betting: {
    readonly high: number;
    readonly final: boolean;
    readonly caller: SeatId | null;
    readonly cap: number;
  };
  readonly shiftRolls: readonly { readonly round: number; readonly roll: number }[];
  readonly demise: readonly SeatId[];
  /** Cards seen twice at the show: the GM's only (the players notice or not). */
  readonly duplicates: readonly CardId[];
  readonly winners: readonly SeatId[];
  readonly outcome: Outcome | null;
  readonly mainAnte: number;
  readonly sabaccAnte: number;
  readonly roundLimit: number;
}

export const noBetting: Betting = { high: 0, contributed: {}, acted: {}, final: false, caller: null };

export const ERR = {
  deckEmpty: "CANTINA.Sabacc.Error.DeckEmpty",
  notInHand: "CANTINA.Sabacc.Error.NotInHand",
  mustMatch: "CANTINA.Sabacc.Error.MustMatch",
  noRaise: "CANTINA.Sabacc.Error.NoRaise",
  raiseCap: "CANTINA.Sabacc.Error.RaiseCap",
  noCall: "CANTINA.Sabacc.Error.NoCall",
  cannotCheat: "CANTINA.Sabacc.Error.CannotCheat",
  unknownCard: "CANTINA.Sabacc.Error.UnknownCard",
  /** The window's: a trade needs exactly one card of the hand ticked. */
  pickOneCard: "CANTINA.Sabacc.Error.PickOneCard",
  /** The window's: a raise with no bet to raise. */
  badAmount: "CANTINA.Sabacc.Error.BadAmount",
} as const;
