/**
 * A player's move (an intent), checked in order: the table exists, the caller holds the seat, a
 * repeat is answered as first, the game runs and is not paused, it is that seat's turn, the version
 * is current, the game accepts the move; then applied with all it brings (apply-move.ts).
 */
import { Errors } from "../protocol";
import { applyMove } from "./apply-move";
import { type Asked, type Books, type OpContext, type OpResult, done, gameOf, refused } from "./context";
import { appliedMove, isTimeoutMove } from "./move-compare";

export function move(books: Books, request: Asked<"intent">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refused({ code: Errors.unknownTable });
  const game = gameOf(ctx, record.gameId);
  if (!game) return refused({ code: Errors.unknownGame, params: { game: record.gameId } });
  const held = record.seats.filter((s) => s.kind === "person" && s.userId === request.from).map((s) => s.seat);
  if (held.length === 0 || (request.seat !== undefined && !held.includes(request.seat)))
    return refused({ code: Errors.notYourSeat });
  const repeated = request.requestId !== undefined ? appliedMove(record, held, request.version, request.move) : null;
  if (repeated) return done({ reply: repeated });
  const status = game.status(record.state);
  if (status.over) return refused({ code: Errors.tableOver });
  if (record.paused) return refused({ code: Errors.paused });
  // A user holding several seats acts for whichever of them is to act.
  const seat = (request.seat !== undefined ? [request.seat] : held).find((s) => status.toAct.includes(s));
  if (!seat) return refused({ code: Errors.notYourTurn });
  if (request.version !== record.version) return refused({ code: Errors.stale, params: { current: record.version } });
  if (!game.isMove(request.move)) return refused({ code: Errors.malformed });
  if (isTimeoutMove(game, record.state, request.move)) return refused({ code: Errors.timeoutMove });
  const next = applyMove(books, ctx, record, game, seat, request.move);
  return next.ok ? done({ ...next, bots: { tableId: record.id, afterMove: true } }) : next;
}
