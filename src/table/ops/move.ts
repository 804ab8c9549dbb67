/**
 * A player's move (an intent), checked in order: the table exists, the caller holds the seat, a
 * repeat is answered as first, the game runs and is not paused, it is that seat's turn, the version
 * is current, the game accepts the move; then applied with all it brings (apply-move.ts).
 */
import { Errors, type UserId } from "../protocol";
import type { TableRecord } from "../store";
import { applyMove } from "./apply-move";
import { type AnyGame, type Result, type SeatId, refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, gameOf } from "../context";
import { appliedMove, isTimeoutMove } from "./move-compare";

export function move(books: Books, request: Asked<"intent">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const game = gameOf(ctx, record.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const held = heldSeats(record, request.from, request.seat);
  if (!held.ok) return held;
  const repeated =
    request.requestId !== undefined ? appliedMove(record, held.seats, request.version, request.move) : null;
  if (repeated) return succeed({ reply: repeated });
  const turn = seatToAct(record, game, held.seats, request.version, request.seat);
  if (!turn.ok) return turn;
  if (!game.isMove(request.move)) return refuse(Errors.malformed);
  if (isTimeoutMove(game, record.state, request.move)) return refuse(Errors.timeoutMove);
  const next = applyMove(books, ctx, record, game, turn.seat, request.move);
  return next.ok ? succeed({ ...next, bots: { tableId: record.id, afterMove: true } }) : next;
}

/**
 * The checks of a move before the move itself, in the order `move` runs them (the table, its game,
 * the seat, over, paused, the turn, the version): the table and the seat that would act. For hosts that build the
 * move from what the seat is offered (Roll20's buttons) and must refuse as the host would.
 */
export function checkTurn(
  record: TableRecord | undefined,
  ctx: Pick<OpContext, "games">,
  from: UserId,
  version: number,
): Result<{ readonly record: TableRecord; readonly seat: SeatId }> {
  if (!record) return refuse(Errors.unknownTable);
  const game = gameOf(ctx, record.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const held = heldSeats(record, from, undefined);
  if (!held.ok) return held;
  const turn = seatToAct(record, game, held.seats, version, undefined);
  return turn.ok ? succeed({ record, seat: turn.seat }) : turn;
}

/** The person seats `from` holds (the one asked for, when asked); none: not their seat. */
function heldSeats(
  record: TableRecord,
  from: UserId,
  asked: SeatId | undefined,
): Result<{ readonly seats: readonly SeatId[] }> {
  const seats = record.seats.filter((s) => s.kind === "person" && s.userId === from).map((s) => s.seat);
  if (seats.length === 0 || (asked !== undefined && !seats.includes(asked))) return refuse(Errors.notYourSeat);
  return succeed({ seats });
}

/** Of the held seats, the one to act now at `version`; refused while over or paused, out of turn, or stale. */
function seatToAct(
  record: TableRecord,
  game: AnyGame,
  held: readonly SeatId[],
  version: number,
  asked: SeatId | undefined,
): Result<{ readonly seat: SeatId }> {
  const status = game.status(record.state);
  if (status.over) return refuse(Errors.tableOver);
  if (record.paused) return refuse(Errors.paused);
  // A user holding several seats acts for whichever of them is to act.
  const seat = (asked !== undefined ? [asked] : held).find((s) => status.toAct.includes(s));
  if (!seat) return refuse(Errors.notYourTurn);
  if (version !== record.version) return refuse(Errors.stale, { current: record.version });
  return succeed({ seat });
}
