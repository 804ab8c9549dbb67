/**
 * Who sees a table how: a seat's player their seat's view, a GM the GM view, anyone else the
 * spectator view when spectators are allowed. The host's updates and spectator bets both ask here.
 */
import type { SeatId, Viewer } from "../rules/core";
import { type OpContext, gameOf } from "./context";
import type { UserId } from "./protocol";
import type { TableRecord } from "./store";

/** How this user sees this table, or null when they may not see it at all. */
export function viewerOf(
  ctx: Pick<OpContext, "games" | "isGM" | "allowSpectators">,
  record: TableRecord,
  user: UserId,
): { viewer: Viewer; seat: SeatId | null } | null {
  const seats = record.seats.filter((s) => s.kind === "person" && s.userId === user);
  const game = gameOf(ctx, record.gameId);
  const toAct = game?.status(record.state).toAct ?? [];
  // Of several seats held by one user, show the one to act (else the first).
  const seat = (seats.find((s) => toAct.includes(s.seat)) ?? seats[0])?.seat ?? null;
  if (ctx.isGM(user)) return { viewer: seat ? { role: "gm", seat } : { role: "gm" }, seat };
  if (seat) return { viewer: { role: "seat", seat }, seat };
  if (ctx.allowSpectators ? ctx.allowSpectators() : true) return { viewer: { role: "spectator" }, seat: null };
  return null;
}
