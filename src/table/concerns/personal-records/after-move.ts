/**
 * Personal records: the move that ends a game with `personalRecord` keeps a record it sets for the
 * seat's user (a person's seat only), in the move's own change.
 */
import { withRecord } from "../../ledger";
import type { MoveExtension } from "../contract";

export const personalRecords: MoveExtension = (step, ctx) => {
  const { game, before, status } = step;
  // Only the move that ended the game: a finished table's later changes set nothing.
  const best = status.over && !game.status(before.state).over ? game.personalRecord?.(step.record.state) : null;
  const holder = best ? before.seats.find((s) => s.seat === best.seat && s.kind === "person")?.userId : null;
  if (!best || best.value === null || !holder) return step;
  const ledger = withRecord(step.ledger, holder, best.key, {
    value: best.value,
    better: best.better,
    at: ctx.now(),
    tableId: before.id,
  });
  return { ...step, ledger };
};
