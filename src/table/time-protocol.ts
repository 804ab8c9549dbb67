/**
 * Turn clocks, away marks and taking back a move, as they travel between a table client and the host
 * (src/table/turn-clock.ts, ops/away.ts, ops/undo.ts; issue 27).
 */
import type { SeatId } from "../rules/core";

/** A table's turn clock, chosen by the GM when the table is created. */
export interface TurnClockOptions {
  /** Seconds a person to act has for their move; when they run out the player is marked away and the turn skipped. */
  readonly turnSeconds: number;
  /** Seconds a player may stay marked away before a bot takes their seat (kept for them); 0: never. */
  readonly botAfterSeconds: number;
}

/** The bounds of a turn clock (seconds). */
export const TURN_CLOCK_BOUNDS = {
  turnSecondsMin: 5,
  turnSecondsMax: 3600,
  botAfterSecondsMax: 86_400,
} as const;

/** What anyone may know of a table's time: its turn clock and who is marked away (seat ids). */
export interface TimeSummary {
  readonly turnClock?: TurnClockOptions;
  readonly away: readonly SeatId[];
}

/** The time operations a table's record keeps: marked away, back, and a turn skipped. */
export type TimeOp = "away" | "back" | "skip";

/**
 * `away`: marks a person seat away (`away: true`) or back; a GM for any seat, a player for their own.
 * `skip`: a GM skips the turn of a seat marked away (the table's bot plays that one move for it).
 */
export type TimeRequest =
  | { readonly type: "away"; readonly tableId: string; readonly seat: string; readonly away: boolean }
  | { readonly type: "skip"; readonly tableId: string; readonly seat: string };

export const TimeErrors = {
  notAway: "CANTINA.Time.Error.NotAway",
  notToAct: "CANTINA.Time.Error.SeatNotToAct",
  cannotSkip: "CANTINA.Time.Error.CannotSkip",
  badTurnClock: "CANTINA.Time.Error.BadTurnClock",
} as const;

// ---- Taking back a move (issue 27; src/table/ops/undo.ts) ----

/** A player takes back their last move, made at `version - 1` (the version they see is `version`). */
export interface UndoRequest {
  readonly type: "undo";
  readonly tableId: string;
  readonly version: number;
}

export const UndoErrors = {
  notAllowed: "CANTINA.Undo.Error.NotAllowed",
  nothing: "CANTINA.Undo.Error.Nothing",
  notYours: "CANTINA.Undo.Error.NotYours",
  newInformation: "CANTINA.Undo.Error.NewInformation",
  money: "CANTINA.Undo.Error.Money",
} as const;

/** The chat line of a take-back. */
export const UNDO_NOTICE_KEY = "CANTINA.Undo.TookBack";
