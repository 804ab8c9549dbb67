/**
 * Ulwan's state, moves and error codes, and what each rule set's tiles do (RULESETS), shared by
 * the path, economy, legal-move and applying files of the engine.
 */
import { type SeatId, parseDice } from "../core";
import type { BoardData } from "./board";

export const HAND = -1;
export const OFF = -2;
export const DICE = "4d2>2";
export const DICE_SPEC = parseDice(DICE);
/** Chances of 0..4 successes on four two-sided dice. */
export const ROLL_ODDS: readonly number[] = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

export type Ruleset = "ulwan" | "finkel" | "seven";
/** open: credits into a pot the winner takes; closed/tokens: an entry fee buys a token stack. */
export type Payment = "open" | "closed" | "tokens";
export type Phase = "roll" | "move" | "offer" | "over";
export type OfferKind = "cresh" | "dorn" | "esk";

export interface Economy {
  readonly payment: Payment;
  /** The ante in credits (open and closed wallet); 1 token in the token modes. */
  readonly ante: number;
  /** What one ante costs in the currency spent in play: credits (open) or tokens. */
  readonly unit: number;
  /** Credits each seat holds outside the pot and fees. */
  readonly credits: readonly [number, number];
  readonly startCredits: readonly [number, number];
  /** Tokens each seat holds (closed and token modes; 0 in open wallet). */
  readonly tokens: readonly [number, number];
  /** Credits paid in play (open wallet), the winner's at the end. */
  readonly pot: number;
  /** Tokens spent in play (they go back to the house; they are worth nothing). */
  readonly tokensSpent: number;
  /** Entry fees held (closed and token modes), the winner's at the end. */
  readonly fees: number;
  readonly stack: number;
  readonly entryFee: number;
}

export interface Stats {
  /** Landings on Aurek and Besh squares by seat index (spectator bets). */
  readonly aurek: readonly [number, number];
  readonly besh: readonly [number, number];
  /** Tile effects used (extra rolls, Dorn pieces, Esk moves, Forn captures). */
  readonly activations: readonly [number, number];
  readonly captures: readonly [number, number];
}

export interface UlwanState {
  readonly game: string;
  readonly ruleset: Ruleset;
  readonly board: BoardData;
  readonly seats: readonly [SeatId, SeatId];
  readonly pieces: number;
  /** [seat index][piece] -> square index, HAND or OFF. */
  readonly pos: readonly [readonly number[], readonly number[]];
  readonly turn: 0 | 1;
  readonly phase: Phase;
  /** The roll being played (move phase), null otherwise. */
  readonly roll: number | null;
  /**
   * A tile's offer, declinable. Cresh: in Seven Ulwan `buy-roll` for `cost`; in Ulwan (cost 0) the
   * extra roll is taken with `roll`. Dorn: `dorn-place`. Esk: one of the Esk moves.
   */
  readonly offer: { readonly kind: OfferKind; readonly cost: number } | null;
  /**
   * Seven Ulwan's Dorn purchase: for each piece of the player to act, the Dorn square it stood on
   * at the start of this turn, or -1 ("If your piece remains in this position"); emptied once the
   * purchase is made ("once per turn"), and outside Seven Ulwan.
   */
  readonly dornStay: readonly number[];
  readonly economy: Economy | null;
  readonly stats: Stats;
  readonly winner: 0 | 1 | null;
  /** Turns begun, for the log and for spectator pools. */
  readonly turns: number;
  /** The GM's analysis option: a win-chance bar for spectators and the GM, a review after the game. */
  readonly analysis?: boolean;
  /** With analysis in Finkel's and Ulwan's rules: every piece move played, for the review (analysis.ts). */
  readonly record?: readonly RecordedMove[];
}

/** One move of a reviewed game: who moved, the position and roll it was played from, the move. */
export interface RecordedMove {
  readonly turn: 0 | 1;
  readonly pos: readonly [readonly number[], readonly number[]];
  readonly roll: number;
  readonly move: UlwanMove;
}

export type UlwanMove =
  | { readonly type: "roll" }
  | { readonly type: "move"; readonly from: string }
  | { readonly type: "enter" }
  | { readonly type: "place" }
  | { readonly type: "buy-roll" }
  | { readonly type: "dorn-place" }
  | { readonly type: "dorn-buy" }
  | { readonly type: "esk"; readonly from: string; readonly to: string }
  | { readonly type: "decline" };

export { E, UlwanBoardErrors, type UlwanErrorCode } from "./errors";

export const other = (s: 0 | 1): 0 | 1 => (s === 0 ? 1 : 0);

export type CreshRule = "given" | "free-offer" | "paid-offer";

/** What each rule set's tiles do: the one place the three games differ, as data. */
export interface RulesetRules {
  /** Landing on a Cresh: Finkel's "another throw" is given; Ulwan offers it free; Seven Ulwan sells it. */
  readonly cresh: CreshRule;
  /** An occupied Cresh can't be landed on (Finkel's rosette), or the piece bounces one square on. */
  readonly occupiedCresh: "blocked" | "bounce";
  /** Seven Ulwan's tiles: Forn captures on a Cresh, Dorn pieces (offered and bought), Esk moves. */
  readonly forn: boolean;
  readonly dorn: boolean;
  readonly esk: boolean;
  /** A roll of 4 may place a new piece on the first Aurek. */
  readonly placeOnFour: boolean;
}

export const RULESETS: Readonly<Record<Ruleset, RulesetRules>> = {
  ulwan: { cresh: "free-offer", occupiedCresh: "bounce", forn: false, dorn: false, esk: false, placeOnFour: false },
  finkel: { cresh: "given", occupiedCresh: "blocked", forn: false, dorn: false, esk: false, placeOnFour: false },
  seven: { cresh: "paid-offer", occupiedCresh: "bounce", forn: true, dorn: true, esk: true, placeOnFour: true },
};

/** The rules of a state's rule set. */
export function rulesOf(state: { readonly ruleset: Ruleset }): RulesetRules {
  return RULESETS[state.ruleset];
}

// A move copies the state once (`draft`) and then changes that copy in place (engine.ts).

export type Draft = { -readonly [K in keyof UlwanState]: UlwanState[K] };
