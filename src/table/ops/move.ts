/**
 * A player's move (an intent), checked in order: the table exists, the caller holds the seat, a
 * repeat is answered as first, the game runs and is not paused, it is that seat's turn, the version
 * is current, the game accepts the move; then applied with all it brings (apply-move.ts).
 */
import { Errors } from "../protocol";
import { applyMove } from "./apply-move";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, gameOf } from "./context";
import { appliedMove, isTimeoutMove } from "./move-compare";

export function move(books: Books, request: Asked<"intent">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const game = gameOf(ctx, record.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const held = record.seats.filter((s) => s.kind === "person" && s.userId === request.from).map((s) => s.seat);
  if (held.length === 0 || (request.seat !== undefined && !held.includes(request.seat)))
    return refuse(Errors.notYourSeat);
  const repeated = request.requestId !== undefined ? appliedMove(record, held, request.version, request.move) : null;
  if (repeated) return succeed({ reply: repeated });
  const status = game.status(record.state);
  if (status.over) return refuse(Errors.tableOver);
  if (record.paused) return refuse(Errors.paused);
  // A user holding several seats acts for whichever of them is to act.
  const seat = (request.seat !== undefined ? [request.seat] : held).find((s) => status.toAct.includes(s));
  if (!seat) return refuse(Errors.notYourTurn);
  if (request.version !== record.version) return refuse(Errors.stale, { current: record.version });
  if (!game.isMove(request.move)) return refuse(Errors.malformed);
  if (isTimeoutMove(game, record.state, request.move)) return refuse(Errors.timeoutMove);
  const next = applyMove(books, ctx, record, game, seat, request.move);
  return next.ok ? succeed({ ...next, bots: { tableId: record.id, afterMove: true } }) : next;
}
