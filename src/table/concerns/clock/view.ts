/**
 * What viewers are told of the table's clocks: the countdown (the game's, else the turn clock's), the
 * stopwatch, and the turn clock and away marks in the summary.
 */
import type { GameStatus } from "../../../rules/core";
import { personsToAct, playedMs, remainingMs, turnRemainingMs } from "../../clock";
import type { DeadlineView } from "../../protocol";
import type { TableRecord } from "../../store";
import type { SummaryFields, TableViewer, UpdateFields } from "../contract";

export const clockSummary = (_ctx: unknown, record: TableRecord): SummaryFields =>
  record.turnClock || record.away
    ? { time: { ...(record.turnClock ? { turnClock: record.turnClock } : {}), away: Object.keys(record.away ?? {}) } }
    : {};

export function clockUpdate({ ctx, record, status }: TableViewer): UpdateFields {
  const remaining = remainingMs(record, status, ctx.now);
  const deadline: DeadlineView | null =
    remaining === null || !status.deadline || record.paused
      ? turnDeadline(record, status, ctx.now)
      : {
          remainingMs: remaining,
          ms: status.deadline.ms,
          ...(status.deadline.seat !== undefined ? { seat: status.deadline.seat } : {}),
        };
  // The same time the host stamps moves with (ops/apply-move.ts); a paused table's stopwatch stands, unshown.
  const stopwatch =
    status.stopwatch && !status.over && !record.paused
      ? { elapsedMs: Math.max(0, playedMs(record, ctx.now) - (status.stopwatchFromMs ?? 0)) }
      : null;
  return {
    ...(deadline ? { deadline } : {}),
    ...(stopwatch ? { stopwatch } : {}),
  };
}

/**
 * A table's turn clock drawn as its countdown (a game with a deadline of its own shows that one):
 * the time left on the current turn, naming the seat when one person acts; none while paused.
 */
function turnDeadline(record: TableRecord, status: GameStatus, now: () => number): DeadlineView | null {
  const left = turnRemainingMs(record, status, now);
  if (left === null || record.paused || !record.turnClock) return null;
  const acting = personsToAct(record, status);
  return {
    remainingMs: left,
    ms: record.turnClock.turnSeconds * 1000,
    ...(acting.length === 1 && acting[0] !== undefined ? { seat: acting[0] } : {}),
  };
}
