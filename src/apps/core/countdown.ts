/**
 * The time left on a table's deadline (or the time run on its stopwatch), for any game's window: a
 * context for templates/table/countdown.hbs and a ticker that updates the drawn clocks every second
 * without re-rendering the window.
 */
import type { SeatId } from "../../rules/core";
import type { TableUpdate } from "../../table/protocol";
import { seatNames } from "./types";

/** Under this many milliseconds left, a countdown is drawn as urgent. */
export const URGENT_MS = 10_000;

export interface CountdownContext {
  /** When it runs out, on this client's clock (ms). */
  readonly endsAt: number;
  /** A stopwatch counting up (`startedAt` is drawn instead of `endsAt`). */
  readonly up?: false;
  readonly seat: SeatId | null;
  readonly seatName: string | null;
  /** "m:ss", rounded up so 0:00 shows only once time is out. */
  readonly label: string;
  readonly urgent: boolean;
  /** Share of the whole countdown still left, 0..1 (an hourglass's sand). */
  readonly fraction: number;
}

/** A stopwatch's context: the time run since it started, counting up until the game ends. */
export interface StopwatchContext {
  readonly up: true;
  /** When it started, on this client's clock (ms). */
  readonly startedAt: number;
  /** "m:ss", rounded down (a second shows once it has fully run). */
  readonly label: string;
}

export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function formatTimeRun(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The stopwatch of an update at `now` (this client's clock), or null when its state does not count up. */
export function stopwatchContext(update: TableUpdate, now: number): StopwatchContext | null {
  const stopwatch = update.stopwatch;
  if (!stopwatch || update.table.over) return null;
  const startedAt = stopwatch.startedAt ?? now - stopwatch.elapsedMs;
  return { up: true, startedAt, label: formatTimeRun(now - startedAt) };
}

/** The clock a window draws at `now`: the deadline's countdown, else the stopwatch, else none. */
export function clockContext(update: TableUpdate, now: number): CountdownContext | StopwatchContext | null {
  return countdownContext(update, now) ?? stopwatchContext(update, now);
}

/** The countdown of an update at `now` (this client's clock), or null when its state has no deadline. */
export function countdownContext(update: TableUpdate, now: number): CountdownContext | null {
  const deadline = update.deadline;
  if (!deadline) return null;
  const endsAt = deadline.endsAt ?? now + deadline.remainingMs;
  const left = Math.max(0, endsAt - now);
  const seat = deadline.seat ?? null;
  return {
    endsAt,
    seat,
    seatName: seat === null ? null : (seatNames(update)[seat] ?? seat),
    label: formatTimeLeft(left),
    urgent: left < URGENT_MS,
    fraction: deadline.ms > 0 ? Math.min(1, left / deadline.ms) : 0,
  };
}

/**
 * Redraws the time of every countdown and stopwatch under `root` (elements drawn by
 * templates/table/countdown.hbs): a countdown's time left, a stopwatch's time run.
 */
export function tickCountdowns(root: ParentNode, now: number): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-countdown-ends-at]")) {
    const left = Math.max(0, Number(el.dataset.countdownEndsAt) - now);
    const time = el.querySelector<HTMLElement>("[data-countdown-time]");
    if (time) time.textContent = formatTimeLeft(left);
    el.classList.toggle("cantina-urgent", left < URGENT_MS);
  }
  for (const el of root.querySelectorAll<HTMLElement>("[data-countdown-started-at]")) {
    const time = el.querySelector<HTMLElement>("[data-countdown-time]");
    if (time) time.textContent = formatTimeRun(now - Number(el.dataset.countdownStartedAt));
  }
}
