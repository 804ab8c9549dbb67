/**
 * A table's clock, read from its record: the countdown a state's deadline runs on, the time a table has
 * been played, its turn clock and away marks (their timers and requests: src/table/concerns/clock).
 */
import { type GameStatus, type SeatId, hasOwn } from "../rules/core";
import type { TableClock, TableRecord } from "./store";

/** The countdown of a state with this status: kept from the previous state while its key stays. */
export function clockFor(
  status: GameStatus,
  previous: TableClock | undefined,
  now: () => number,
): TableClock | undefined {
  const deadline = status.over ? undefined : status.deadline;
  if (!deadline) return undefined;
  const key = deadline.key ?? null;
  if (previous && key !== null && previous.key === key) return previous;
  return { key, startedAt: now() };
}

/**
 * Milliseconds a table has been played: since it was created, less the time it stood paused (from
 * its pause and resume ops; a paused table's time stands where the pause found it).
 */
export function playedMs(record: TableRecord, now: () => number): number {
  let stood = 0;
  let pausedAt: number | null = null;
  for (const o of record.ops ?? []) {
    if (o.op === "pause") pausedAt = o.at;
    else if (o.op === "resume" && pausedAt !== null) {
      stood += o.at - pausedAt;
      pausedAt = null;
    }
  }
  const until = record.paused ? record.paused.at : now();
  return Math.max(0, until - record.createdAt - stood);
}

/** Milliseconds left on a table's countdown (0 once run out), or null when it has none. */
export function remainingMs(record: TableRecord, status: GameStatus, now: () => number): number | null {
  if (!record.clock || !status.deadline || status.over) return null;
  // A paused table's countdown stands where the pause found it.
  const at = record.paused ? record.paused.at : now();
  return Math.max(0, record.clock.startedAt + status.deadline.ms - at);
}

// ---- Turn clocks (a GM's table option): the pure readings; the timers are in concerns/clock ----

/** The person seats to act now (a turn clock runs for them only: bots move on their own). */
export function personsToAct(record: TableRecord, status: GameStatus): SeatId[] {
  if (status.over) return [];
  return record.seats.filter((s) => s.kind === "person" && status.toAct.includes(s.seat)).map((s) => s.seat);
}

/**
 * Whether a table's turn clock runs on this status: the table has one, a person is to act, and the
 * game keeps no countdown of its own (a game's deadline, like an hourglass, takes precedence).
 */
export function turnClockRuns(record: TableRecord, status: GameStatus): boolean {
  return record.turnClock !== undefined && !status.deadline && personsToAct(record, status).length > 0;
}

/** Milliseconds left on the current turn (0 once run out), or null when no turn clock runs. */
export function turnRemainingMs(record: TableRecord, status: GameStatus, now: () => number): number | null {
  if (!record.turnClock || record.turnStartedAt === undefined || !turnClockRuns(record, status)) return null;
  const at = record.paused ? record.paused.at : now();
  return Math.max(0, record.turnStartedAt + record.turnClock.turnSeconds * 1000 - at);
}

/**
 * When (host clock) the first person seat marked away passes the GM's time and a bot takes it, or
 * null (no such seat, or the table hands no seat over: `botAfterSeconds` 0). A paused table waits.
 */
export function botTakeoverAt(record: TableRecord): { readonly seat: SeatId; readonly at: number } | null {
  const after = record.turnClock?.botAfterSeconds ?? 0;
  if (after <= 0 || !record.away || record.paused) return null;
  let first: { seat: SeatId; at: number } | null = null;
  for (const s of record.seats) {
    const since = s.kind === "person" && hasOwn(record.away, s.seat) ? record.away[s.seat] : undefined;
    if (since === undefined) continue;
    const at = since + after * 1000;
    if (!first || at < first.at) first = { seat: s.seat, at };
  }
  return first;
}

/** The table with `seat`'s away mark taken off (the same record when it had none). */
export function withoutAway(record: TableRecord, seat: SeatId): TableRecord {
  if (!record.away || !hasOwn(record.away, seat)) return record;
  const { [seat]: _gone, ...rest } = record.away;
  const { away: _away, ...without } = record;
  return Object.keys(rest).length > 0 ? { ...without, away: rest } : without;
}

/** The table with `seat` marked away since `at` (an earlier mark is kept: the player has been away since then). */
export function withAway(record: TableRecord, seat: SeatId, at: number): TableRecord {
  if (record.away && hasOwn(record.away, seat)) return record;
  return { ...record, away: { ...record.away, [seat]: at } };
}

/** The table with its turn clock started now when one runs on this status, else without a running turn. */
export function withTurnStarted(record: TableRecord, status: GameStatus, now: () => number): TableRecord {
  const { turnStartedAt: _was, ...without } = record;
  return turnClockRuns(record, status) ? { ...without, turnStartedAt: now() } : without;
}

/** On resume: the turn clock and the away marks move on by the time the table stood paused. */
export function shiftedTurnClock(record: TableRecord, stood: number): Partial<TableRecord> {
  const away = record.away
    ? Object.fromEntries(Object.entries(record.away).map(([seat, since]) => [seat, since + stood]))
    : undefined;
  return {
    ...(record.turnStartedAt !== undefined ? { turnStartedAt: record.turnStartedAt + stood } : {}),
    ...(away ? { away } : {}),
  };
}

/**
 * A turn clock stops while no GM hosts: a host starting cannot know when the last one went, so a
 * turn running when it starts begins afresh, and the away marks move on by as much (as after a pause).
 */
export function restartedTurn(record: TableRecord, now: number): TableRecord {
  if (record.turnStartedAt === undefined || record.paused) return record;
  return { ...record, ...shiftedTurnClock(record, Math.max(0, now - record.turnStartedAt)) };
}
