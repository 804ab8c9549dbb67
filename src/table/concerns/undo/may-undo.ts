/**
 * Whether a take-back is allowed (the GM allows it, the caller's last move, if it drew nothing, showed
 * nothing to one seat alone and moved no money): asked by the `undo` request and by each update's `canUndo`.
 */
import { type AnyGame, type Result, refuse, succeed } from "../../../rules/core";
import { Errors, type LogEntry, UndoErrors, type UserId } from "../../protocol";
import type { TableRecord } from "../../store";

/** Whether `user` may take back the table's last move now: ok, or why not. */
export function mayUndo(record: TableRecord, game: AnyGame, user: UserId): Result {
  if (record.undo !== true) return refuse(UndoErrors.notAllowed);
  if (record.paused) return refuse(Errors.paused);
  if (game.status(record.state).over || record.betting) return refuse(UndoErrors.money);
  const last = record.log[record.log.length - 1];
  if (!last || last.seat === null || last.undo || last.timeout) return refuse(UndoErrors.nothing);
  const seat = record.seats.find((s) => s.seat === last.seat);
  if (seat?.kind !== "person" || seat.userId !== user) return refuse(UndoErrors.notYours);
  if (!undoable(last)) return refuse(UndoErrors.newInformation);
  return succeed({});
}

/** A move that brought nothing new: no dice (no die, no card, no shuffle) and nothing shown to one seat alone. */
export function undoable(entry: LogEntry): boolean {
  return entry.dice.length === 0 && entry.events.every((e) => !("audience" in e) || e.audience === undefined);
}
