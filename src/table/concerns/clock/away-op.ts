/**
 * Away marks and skipped turns (issue 27): a GM marks a player's seat away or back (a player their
 * own seat), and skips the turn of a seat marked away: the table's bot plays that one move for it,
 * logged and replayed like any move, and the seat stays marked. A pause shifts the turn clock.
 */
import { botMoveFor } from "./skip-move";
import { withAway, withoutAway } from "../../clock";
import { Errors, TimeErrors } from "../../protocol";
import type { TableRecord } from "../../store";
import { applyMove } from "../../ops/apply-move";
import { handSeat } from "../hand-over/hand-seat-op";
import { refuse, succeed } from "../../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, gameOf, opEntry } from "../../context";

/** Marks `request.seat` away or back: a GM for any person seat, its player for their own. */
export function markAway(books: Books, request: Asked<"away">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const seat = record.seats.find((s) => s.seat === request.seat);
  if (!seat) return refuse(Errors.unknownSeat);
  // A bot took the seat while its player was away: "I'm back" gives it back to them (as a GM's "Back" would).
  if (!request.away && seat.kind === "bot" && seat.awayUserId === request.from)
    return handSeat(books, { from: request.from, tableId: record.id, seat: seat.seat, op: "seat-player" }, ctx);
  if (!ctx.isGM(request.from) && seat.userId !== request.from) return refuse(Errors.notYourSeat);
  if (seat.kind !== "person") return refuse(Errors.notAPlayer);
  const marked = request.away ? withAway(record, seat.seat, ctx.now()) : withoutAway(record, seat.seat);
  if (marked === record) return succeed({ reply: { ok: true, version: record.version } });
  const next: TableRecord = {
    ...marked,
    ops: [...(record.ops ?? []), opEntry(ctx, request.from, request.away ? "away" : "back", { seat: seat.seat })],
  };
  return succeed({
    change: { tables: [next] },
    reply: { ok: true, version: record.version },
    push: [{ record: next, since: record.version + 1 }],
  });
}

/** A GM skips the turn of a seat marked away: the table's bot plays that one move for it. */
export function skipTurn(books: Books, request: Asked<"skip">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const game = gameOf(ctx, record.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const seat = record.seats.find((s) => s.seat === request.seat);
  if (!seat) return refuse(Errors.unknownSeat);
  if (seat.kind !== "person") return refuse(Errors.notAPlayer);
  if (!record.away || !Object.hasOwn(record.away, seat.seat)) return refuse(TimeErrors.notAway);
  return skipped(books, ctx, record, seat.seat, request.from);
}

/**
 * `seat`'s turn skipped by `by` (a GM, or the host when the turn clock ran out): the bot's move for
 * it with the seat marked away (since now, or since its earlier mark) and the skip in the table's
 * operations, as one change; bots act next.
 */
export function skipped(
  books: Pick<Books, "ledger">,
  ctx: OpContext,
  record: TableRecord,
  seat: string,
  by: string,
): OpResult {
  const game = gameOf(ctx, record.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const status = game.status(record.state);
  if (status.over) return refuse(Errors.tableOver);
  if (record.paused) return refuse(Errors.paused);
  if (!status.toAct.includes(seat)) return refuse(TimeErrors.notToAct);
  const move = botMoveFor(ctx, game, record, seat);
  if (move === null) return refuse(TimeErrors.cannotSkip);
  const marked = withAway(record, seat, ctx.now());
  let applied = applyMove(books, ctx, marked, game, seat, move);
  const fallback = game.legalMoves(record.state, seat)[0];
  // A bot's mistake must not stall the table: its first legal move instead (as the bot driver does).
  if (!applied.ok && fallback !== undefined) applied = applyMove(books, ctx, marked, game, seat, fallback);
  if (!applied.ok || !applied.change?.tables?.[0]) return applied.ok ? refuse(TimeErrors.cannotSkip) : applied;
  const moved = applied.change.tables[0];
  const next: TableRecord = {
    ...withAway(moved, seat, marked.away?.[seat] ?? ctx.now()),
    ops: [...(moved.ops ?? []), opEntry(ctx, by, "skip", { seat })],
  };
  return succeed({
    ...applied,
    change: { ...applied.change, tables: [next] },
    push: [{ record: next, since: record.version + 1 }],
    bots: { tableId: record.id, afterMove: true },
  });
}
