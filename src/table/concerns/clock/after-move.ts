/**
 * The turn clock on a move: the seat that moved is back (its away mark is taken off; a skipped
 * turn marks it again, concerns/clock/away-op.ts) and the next turn's clock starts, in the move's own change.
 */
import { withTurnStarted, withoutAway } from "../../clock";
import type { MoveExtension } from "../contract";

export const turnClock: MoveExtension = (step, ctx) => {
  if (!step.record.turnClock) return step;
  const mover = step.record.log[step.record.log.length - 1]?.seat ?? null;
  const back = mover !== null ? withoutAway(step.record, mover) : step.record;
  return { ...step, record: withTurnStarted(back, step.status, ctx.now) };
};
