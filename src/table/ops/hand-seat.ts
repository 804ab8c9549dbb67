/**
 * A seat changes hands (GM's `seat-bot`, `remove-player`): a player's seat to a bot, kept for them;
 * back to that player; or to a bot for good. The seat's account and purse stay as they are. Asking
 * for what the seat already is changes nothing.
 */
import type { SeatId } from "../../rules/core";
import { Errors, type SeatAssignment, type UserId } from "../protocol";
import { withoutAway } from "../clock";
import type { TableRecord } from "../store";
import { type Books, type OpContext, type OpResult, done, opEntry, refused } from "./context";

/** What a seat becomes: a bot keeping it for its player, its player back, or a bot for good. */
export type SeatHandOver = "seat-bot" | "seat-player" | "remove-player";

export interface HandSeatRequest {
  readonly from: UserId;
  readonly tableId: string;
  readonly seat: SeatId;
  readonly op: SeatHandOver;
}

export function handSeat(books: Books, request: HandSeatRequest, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refused({ code: Errors.unknownTable });
  const seat = record.seats.find((s) => s.seat === request.seat);
  if (!seat) return refused({ code: Errors.unknownSeat });
  const levels = ctx.bots?.[record.gameId] ?? {};
  const level = Object.keys(levels)[0];
  const unchanged = done({ reply: { ok: true, version: record.version } });
  const noBot = refused({ code: "CANTINA.Error.NoBot", params: { game: record.gameId } });
  const { awayUserId, botLevel: _level, ...plain } = seat;
  let next: SeatAssignment;
  switch (request.op) {
    case "seat-bot":
      if (seat.kind === "bot") return unchanged;
      if (!seat.userId) return refused({ code: Errors.notAPlayer });
      if (!level) return noBot;
      next = { ...plain, kind: "bot", userId: null, botLevel: level, awayUserId: seat.userId };
      break;
    case "seat-player":
      if (seat.kind === "person") return unchanged;
      if (awayUserId === undefined) return refused({ code: Errors.nobodyAway });
      next = { ...plain, kind: "person", userId: awayUserId };
      break;
    case "remove-player":
      if (seat.kind === "bot" && awayUserId === undefined) return unchanged;
      if (seat.kind === "person" && !seat.userId) return refused({ code: Errors.notAPlayer });
      if (!level && seat.kind === "person") return noBot;
      next = { ...plain, kind: "bot", userId: null, botLevel: seat.botLevel ?? level ?? "" };
      break;
  }
  // The seat changes hands: an away mark on it no longer applies.
  const changed: TableRecord = {
    ...withoutAway(record, request.seat),
    seats: record.seats.map((s) => (s.seat === request.seat ? next : s)),
    ops: [...(record.ops ?? []), opEntry(ctx, request.from, request.op, { seat: request.seat })],
  };
  return done({
    change: { tables: [changed] },
    reply: { ok: true, version: record.version },
    push: [{ record: changed, since: record.version + 1 }],
    bots: { tableId: record.id },
  });
}
