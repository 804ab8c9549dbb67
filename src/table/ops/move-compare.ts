/**
 * Moves compared as data: a move repeated after its reply was lost is recognised in the table's
 * log, and a player's move that is the game's timeout move (the host's alone) is told apart.
 */
import { type AnyGame, type SeatId, isRecord } from "../../rules/core";
import type { HostReply } from "../protocol";
import type { TableRecord } from "../store";

/**
 * The first answer to a move repeated after its reply was lost (or the host restarted): the log
 * holds, right after the version the move was made at, that move by one of the caller's seats.
 * Nothing is applied again; moves need no stored request id, their log says it.
 */
export function appliedMove(
  record: TableRecord,
  held: readonly SeatId[],
  version: number,
  move: unknown,
): HostReply | null {
  if (version >= record.version) return null;
  const entry = record.log.find((e) => e.version === version + 1);
  if (!entry || entry.seat === null || !held.includes(entry.seat) || entry.timeout) return null;
  return canonical(entry.move) === canonical(move) ? { ok: true, version: entry.version } : null;
}

/** Key-sorted JSON, so two moves compare equal whatever the order of their fields. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether a player's move is the game's timeout move, which only the host may apply. */
export function isTimeoutMove(game: AnyGame, state: unknown, move: unknown): boolean {
  const timeout = game.timeoutMove?.(state);
  return timeout !== null && timeout !== undefined && canonical(timeout.move) === canonical(move);
}
