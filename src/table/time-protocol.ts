/**
 * Turn clocks, away marks and taking back a move, as they travel between a table client and the host
 * (src/table/concerns/clock, concerns/undo; issue 27).
 */
import type { InferOutput } from "valibot";
import type { SeatId } from "../rules/core";
import type { AwaySchema, SkipSchema, TurnClockSchema, UndoSchema } from "./parse-time-request";

/** A table's turn clock, chosen by the GM when the table is created (schema: ./parse-time-request.ts). */
export type TurnClockOptions = InferOutput<typeof TurnClockSchema>;

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

/** `away` (a seat marked away or back) and `skip` (a GM skips an away seat's turn): ./parse-time-request.ts. */
export type TimeRequest = InferOutput<typeof AwaySchema> | InferOutput<typeof SkipSchema>;

export const TimeErrors = {
  notAway: "CANTINA.Time.Error.NotAway",
  notToAct: "CANTINA.Time.Error.SeatNotToAct",
  cannotSkip: "CANTINA.Time.Error.CannotSkip",
  badTurnClock: "CANTINA.Time.Error.BadTurnClock",
} as const;

// ---- Taking back a move (issue 27; src/table/concerns/undo) ----

/** A player takes back their last move (./parse-time-request.ts). */
export type UndoRequest = InferOutput<typeof UndoSchema>;

export const UndoErrors = {
  notAllowed: "CANTINA.Undo.Error.NotAllowed",
  nothing: "CANTINA.Undo.Error.Nothing",
  notYours: "CANTINA.Undo.Error.NotYours",
  newInformation: "CANTINA.Undo.Error.NewInformation",
  money: "CANTINA.Undo.Error.Money",
} as const;

/** The chat line of a take-back. */
export const UNDO_NOTICE_KEY = "CANTINA.Undo.TookBack";
