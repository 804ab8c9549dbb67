/**
 * The move that ends a match gives each seat a bot held for an away player back to that player, in the
 * move's own change: the end is theirs to see as their seat, marked with the bot that played their last moves.
 */
import { opEntry } from "../../context";
import type { MoveExtension } from "../contract";

export const handBackAtEnd: MoveExtension = (step, ctx) => {
  const { record, status } = step;
  const kept = record.seats.filter((s) => s.kind === "bot" && s.awayUserId !== undefined);
  if (!status.over || kept.length === 0) return step;
  const seats = record.seats.map((seat) => {
    const { awayUserId, botLevel, ...plain } = seat;
    if (seat.kind !== "bot" || awayUserId === undefined) return seat;
    return { ...plain, kind: "person" as const, userId: awayUserId, ...(botLevel ? { finishedBy: botLevel } : {}) };
  });
  const ops = kept.map((s) => opEntry(ctx, ctx.hostUser, "seat-player", { seat: s.seat }));
  return { ...step, record: { ...record, seats, ops: [...(record.ops ?? []), ...ops] } };
};
