/**
 * Taking back a move where the GM allows it: the caller's last move, if it drew nothing (no die, no card),
 * showed nothing to one seat alone and moved no money; logged as an undo entry (docs/table.md).
 */
import type { AnyGame, Result } from "../../rules/core";
import { clockFor, withTurnStarted } from "../clock";
import { Errors, type LogEntry, UndoErrors, type UserId } from "../protocol";
import { replay, undoNotice } from "../replay";
import type { TableRecord } from "../store";
import { refuse, refused, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, gameOf } from "./context";

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

export function undo(books: Books, request: Asked<"undo">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const game = gameOf(ctx, record.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const allowed = mayUndo(record, game, request.from);
  if (!allowed.ok) return allowed;
  if (request.version !== record.version) return refuse(Errors.stale, { current: record.version });
  const before = replay({ ...record, log: record.log.slice(0, -1) }, ctx.games);
  if (!before.ok) return refused(before.error);
  const seat = record.log[record.log.length - 1]!.seat!;
  const version = record.version + 1;
  const entry: LogEntry = { version, seat, move: null, dice: [], events: [undoNotice(record, seat)], undo: true };
  const status = game.status(before.state);
  const { clock: _clock, ...rest } = record;
  const clock = clockFor(status, record.clock, ctx.now);
  const next = withTurnStarted(
    { ...rest, ...(clock ? { clock } : {}), state: before.state, version, log: [...record.log, entry] },
    status,
    ctx.now,
  );
  return succeed({
    change: { tables: [next] },
    reply: { ok: true, version },
    push: [{ record: next, since: version }],
    bots: { tableId: record.id },
  });
}
