/**
 * A seat changes hands (GM's `seat-bot`, `remove-player`, `seat-user`): to a bot kept for its player,
 * back, to a bot for good, or to any user mid-game; its account and purse stay. Repeats change nothing.
 */
import type { SeatId } from "../../../rules/core";
import { Errors, type SeatAssignment, type UserId } from "../../protocol";
import { withoutAway } from "../../clock";
import type { TableRecord } from "../../store";
import { refuse, succeed } from "../../../rules/core";
import { type Books, type OpContext, type OpResult, gameOf, opEntry } from "../../context";

/** What a seat becomes: a bot keeping it for its player, its player back, or a bot for good. */
export type SeatHandOver = "seat-bot" | "seat-player" | "remove-player" | "seat-user";

/** Why a seat is not given to another user (lang/*.json, CANTINA.SeatUser). */
export const SeatUserErrors = {
  alreadySeated: "CANTINA.SeatUser.AlreadySeated",
  houseStake: "CANTINA.SeatUser.HouseStake",
  hasBets: "CANTINA.SeatUser.HasBets",
} as const;

/** Why a seat is not given: a code of `SeatUserErrors`, or the match being over. */
type SeatUserRefusal = (typeof SeatUserErrors)[keyof typeof SeatUserErrors] | typeof Errors.tableOver;

export interface HandSeatRequest {
  readonly from: UserId;
  readonly tableId: string;
  readonly seat: SeatId;
  readonly op: SeatHandOver;
  /** For `seat-user`: the user who takes the seat. */
  readonly userId?: UserId;
}

export function handSeat(books: Books, request: HandSeatRequest, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const seat = record.seats.find((s) => s.seat === request.seat);
  if (!seat) return refuse(Errors.unknownSeat);
  const levels = ctx.bots?.[record.gameId] ?? {};
  const level = Object.keys(levels)[0];
  const unchanged: OpResult = succeed({ reply: { ok: true, version: record.version } });
  const noBot = refuse(Errors.noBot, { game: record.gameId });
  const { awayUserId, botLevel: _level, ...plain } = seat;
  let next: SeatAssignment;
  switch (request.op) {
    case "seat-bot":
      if (seat.kind === "bot") return unchanged;
      if (!seat.userId) return refuse(Errors.notAPlayer);
      if (!level) return noBot;
      next = { ...plain, kind: "bot", userId: null, botLevel: level, awayUserId: seat.userId };
      break;
    case "seat-player":
      if (seat.kind === "person") return unchanged;
      if (awayUserId === undefined) return refuse(Errors.nobodyAway);
      next = { ...plain, kind: "person", userId: awayUserId };
      break;
    case "remove-player":
      if (seat.kind === "bot" && awayUserId === undefined) return unchanged;
      if (seat.kind === "person" && !seat.userId) return refuse(Errors.notAPlayer);
      if (!level && seat.kind === "person") return noBot;
      next = { ...plain, kind: "bot", userId: null, botLevel: seat.botLevel ?? level ?? "" };
      break;
    case "seat-user": {
      const to = request.userId;
      if (to === undefined) return refuse(Errors.malformed);
      if (seat.kind === "person" && seat.userId === to) return unchanged;
      const refusal = seatUserRefusal(record, seat, to, ctx);
      if (refusal) return refuse(refusal);
      next = { ...plain, kind: "person", userId: to };
      break;
    }
  }
  // The seat changes hands: an away mark on it no longer applies.
  const changed: TableRecord = {
    ...withoutAway(record, request.seat),
    seats: record.seats.map((s) => (s.seat === request.seat ? next : s)),
    ops: [
      ...(record.ops ?? []),
      opEntry(ctx, request.from, request.op, {
        seat: request.seat,
        ...(request.op === "seat-user" && request.userId !== undefined ? { to: request.userId } : {}),
      }),
    ],
  };
  return succeed({
    change: { tables: [changed] },
    reply: { ok: true, version: record.version },
    push: [{ record: changed, since: record.version + 1 }],
    bots: { tableId: record.id },
  });
}

/**
 * Why `to` may not take `seat` mid-game, or null: the match is over; the seat plays on a stake
 * from the house (the house's money is for bots only); `to` holds another seat here (one user, one
 * seat: a hidden hand is nobody else's); or `to` has a bet on this table (no one bets on a match
 * they play).
 */
function seatUserRefusal(
  record: TableRecord,
  seat: SeatAssignment,
  to: UserId,
  ctx: OpContext,
): SeatUserRefusal | null {
  if (gameOf(ctx, record.gameId)?.status(record.state).over !== false) return Errors.tableOver;
  if (seat.stake !== undefined) return SeatUserErrors.houseStake;
  if (record.seats.some((s) => s.seat !== seat.seat && s.kind === "person" && s.userId === to))
    return SeatUserErrors.alreadySeated;
  if (record.betting?.pools.some((p) => p.bets.some((b) => b.user === to))) return SeatUserErrors.hasBets;
  return null;
}
