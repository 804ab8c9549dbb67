/**
 * The `undo` request: the caller's last move taken back where `mayUndo` allows it, logged as an undo
 * entry whose state is replayed from the log without that move (docs/table.md).
 */
import { clockFor, withTurnStarted } from "../../clock";
import { Errors, type LogEntry } from "../../protocol";
import { replay, undoNotice } from "../../replay";
import { refuse, refused, succeed } from "../../../rules/core";
import { mayUndo } from "./may-undo";
import { type Asked, type Books, type OpContext, type OpResult, gameOf } from "../../context";

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
