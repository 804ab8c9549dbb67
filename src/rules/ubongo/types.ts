/**
 * Ubongo's shapes: the ids, the state, the moves, the views and the error codes of both games.
 */
import type { Game, GameStatus, SeatId } from "../core";
import type { DieFace, Level } from "./cards";
import type { BotSpeed, ThinkingTime, UbongoSoloOptions, Variant } from "./options";
import type { Board, Piece } from "./tiling";
import type { Side, TileId } from "./tiles";

export const UBONGO_ID = "ubongo";
export const UBONGO_SOLO_ID = "ubongo-solo";
/** The seat id the host applies its clock moves under; no player ever holds it. */
export const HOST: SeatId = "@host";
export const ROUNDS = 7;

/** A running clock: the host starts counting `seconds` when a timer with a new `id` appears. */
export interface Timer {
  readonly id: string;
  readonly seconds: number;
}

export type UbongoMove =
  /** Start (the race's roll; solo: the first card is shown); `at` is the host's clock, stamped by the host. */
  | { readonly type: "start"; readonly at?: number }
  /** "Ubongo!": a complete board; `at` is the host's clock (ms since the game began), stamped by the host. */
  | { readonly type: "claim"; readonly pieces: readonly Piece[]; readonly at?: number }
  | { readonly type: "set-aside" }
  | { readonly type: "timeout" };

export interface RoundRecord {
  readonly round: number;
  readonly die: number | null;
  readonly cards: Readonly<Record<SeatId, number>>;
  readonly finished: readonly SeatId[];
  readonly placements: Readonly<Record<SeatId, readonly Piece[]>>;
}

/** A personal record for the table layer to keep per user (the best value per key). */
export interface SoloRecord {
  readonly seat: SeatId;
  /** e.g. "ubongo-solo:clock:10:blue:standard". */
  readonly key: string;
  /** Puzzles solved (clock mode), or milliseconds taken (count mode; null when the host stamped no time). */
  readonly value: number | null;
  readonly better: "higher" | "lower";
}

export interface UbongoState {
  readonly game: typeof UBONGO_ID | typeof UBONGO_SOLO_ID;
  readonly seats: readonly SeatId[];
  readonly level: Level;
  readonly variant: Variant;
  readonly hourglass: number;
  readonly solo: UbongoSoloOptions | null;
  readonly deck: readonly number[];
  readonly discard: readonly number[];
  readonly round: number;
  /** Index into seats of the player who rolls this round. */
  readonly roller: number;
  readonly phase: "start" | "solve" | "over";
  readonly die: number | null;
  /** 1, or 2 in the second chance round. */
  readonly turning: 1 | 2;
  /** Who plays this round: everyone, or in the tie round the tied players. */
  readonly contenders: readonly SeatId[];
  readonly tieRound: boolean;
  readonly cards: Readonly<Record<SeatId, number>>;
  /** This round's finishing order (the order the host accepted the boards). */
  readonly finished: readonly SeatId[];
  /** This round's accepted boards: secret to their player and the GM until the round ends. */
  readonly placements: Readonly<Record<SeatId, readonly Piece[]>>;
  readonly lastRound: RoundRecord | null;
  readonly scores: Readonly<Record<SeatId, number>>;
  readonly timer: Timer | null;
  /** Solo: puzzles solved, cards set aside, the host's time of the last solve. */
  readonly solved: number;
  readonly setAside: number;
  readonly lastAt: number | null;
  /** Solo: the host's time of the start (the first card shown); absent in states saved before it. */
  readonly startedAt?: number | null;
  readonly winners: readonly SeatId[];
  readonly record: SoloRecord | null;
  /** How long each bot speed thinks (the GM's options; the defaults in solo games and older saves). */
  readonly bots?: Readonly<Record<BotSpeed, ThinkingTime>>;
}

export interface UbongoSeatView {
  readonly seat: SeatId;
  readonly score: number;
  readonly card: number | null;
  readonly board: Board | null;
  /** The tiles this seat must use (null in Jedi Masters: any of the ten). */
  readonly tiles: readonly TileId[] | null;
  /** 1 for the first to finish this round, and so on; null while still solving. */
  readonly place: number | null;
  /** Its accepted board this round: only for itself and the GM until the round ends. */
  readonly placement: readonly Piece[] | null;
  readonly contender: boolean;
}

export interface UbongoView {
  readonly game: UbongoState["game"];
  /** The seat this view is for (null for the GM and spectators). */
  readonly me: SeatId | null;
  readonly phase: UbongoState["phase"];
  readonly level: Level;
  readonly variant: Variant;
  readonly round: number;
  readonly rounds: number;
  readonly tieRound: boolean;
  readonly turning: 1 | 2;
  readonly roller: SeatId;
  readonly die: DieFace | null;
  /** The side of the tiles to use (null in Jedi Masters: both, at least one of each). */
  readonly side: Side | null;
  readonly timer: Timer | null;
  readonly seats: readonly UbongoSeatView[];
  readonly lastRound: RoundRecord | null;
  readonly toAct: readonly SeatId[];
  readonly winners: readonly SeatId[];
  readonly solo: {
    readonly mode: "clock" | "count";
    readonly target: number;
    readonly solved: number;
    readonly setAside: number;
  } | null;
  readonly record: SoloRecord | null;
  /** How long each bot speed thinks (what a bot at this table reads its delay from). */
  readonly bots: Readonly<Record<BotSpeed, ThinkingTime>>;
}

export { E, type UbongoErrorCode } from "./errors";

/** The status, with the hourglass as the host clock's deadline (keyed by the timer's id). */
export type UbongoStatus = GameStatus;

/** A game of the contract whose timeout move (optional in the contract) is always given. */
export type UbongoGame<O> = Game<UbongoState, UbongoMove, O, UbongoView> &
  Required<Pick<Game<UbongoState, UbongoMove, O, UbongoView>, "timeoutMove">>;
