/**
 * Turn clocks, away marks and taking back a move, as they travel between a table client and the host
 * (src/table/concerns/clock, concerns/undo; issue 27).
 */
import type { SeatId } from "../rules/core";
import type { TurnClockOptions } from "./concerns/clock/request";

/** The requests' types are the concerns' own, inferred from their wire schemas in their folders. */
export type { TimeRequest, TurnClockOptions } from "./concerns/clock/request";
export type { UndoRequest } from "./concerns/undo/request";

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

export const TimeErrors = {
  notAway: "CANTINA.Time.Error.NotAway",
  notToAct: "CANTINA.Time.Error.SeatNotToAct",
  cannotSkip: "CANTINA.Time.Error.CannotSkip",
  badTurnClock: "CANTINA.Time.Error.BadTurnClock",
} as const;

// ---- Taking back a move (issue 27; src/table/concerns/undo) ----

export const UndoErrors = {
  notAllowed: "CANTINA.Undo.Error.NotAllowed",
  nothing: "CANTINA.Undo.Error.Nothing",
  notYours: "CANTINA.Undo.Error.NotYours",
  newInformation: "CANTINA.Undo.Error.NewInformation",
  money: "CANTINA.Undo.Error.Money",
} as const;

/** The chat line of a take-back. */
export const UNDO_NOTICE_KEY = "CANTINA.Undo.TookBack";
