/**
 * The lobby's table flow (issue 27): seconds per turn (0: none), how long a player may stay away before a
 * bot takes their seat (0: never), take-backs, and whether invited players sit down themselves (concerns/seat-lobby/).
 */
import { type Result, refuse, succeed } from "../../rules/core";
import { TURN_CLOCK_BOUNDS, TimeErrors, type TurnClockOptions } from "../../table/protocol";

export interface LobbyTime {
  turnSeconds: string;
  botAfterSeconds: string;
  /** Players may take back their last move (concerns/undo/). */
  undo: boolean;
  /** Invited players sit down themselves: the table waits for them (concerns/seat-lobby/). */
  sitDown: boolean;
}

/** Off by default: no turn clock, and no bot takes a seat by itself. */
export function newLobbyTime(): LobbyTime {
  return { turnSeconds: "0", botAfterSeconds: "0", undo: false, sitDown: false };
}

/** The form's fields read back (a field the form does not send keeps its value). */
export function readLobbyTime(time: LobbyTime, read: (name: string) => string | null): void {
  time.turnSeconds = read("turnSeconds") ?? time.turnSeconds;
  time.botAfterSeconds = read("botAfterSeconds") ?? time.botAfterSeconds;
  // An unchecked box sends nothing; the box is drawn only where the turn-clock fields are.
  if (read("turnSeconds") !== null) {
    time.undo = read("undo") !== null;
    time.sitDown = read("sitDown") !== null;
  }
}

/** What the lobby's template draws: the values and the bounds. */
export function lobbyTimeContext(time: LobbyTime): { time: LobbyTime & typeof TURN_CLOCK_BOUNDS } {
  return { time: { ...time, ...TURN_CLOCK_BOUNDS } };
}

/** The table spec's flow fields the lobby's time fields give. */
export interface TableFlow {
  readonly turnClock?: TurnClockOptions;
  readonly undo?: true;
  readonly sitDown?: true;
}

/**
 * The spec's turn clock: none for 0 (or an empty field), else whole seconds within the bounds; a
 * value out of them is refused here with the bounds named, as the host would refuse it.
 */
export function turnClockSpec(time: LobbyTime): Result<{ readonly flow: TableFlow }> {
  const undo = { ...(time.undo ? { undo: true as const } : {}), ...(time.sitDown ? { sitDown: true as const } : {}) };
  const turnSeconds = time.turnSeconds.trim() === "" ? 0 : Number(time.turnSeconds);
  const botAfterSeconds = time.botAfterSeconds.trim() === "" ? 0 : Number(time.botAfterSeconds);
  const b = TURN_CLOCK_BOUNDS;
  const bad = refuse(TimeErrors.badTurnClock, { ...b });
  if (!Number.isSafeInteger(turnSeconds) || !Number.isSafeInteger(botAfterSeconds)) return bad;
  if (turnSeconds === 0) return succeed({ flow: undo });
  if (turnSeconds < b.turnSecondsMin || turnSeconds > b.turnSecondsMax) return bad;
  if (botAfterSeconds < 0 || botAfterSeconds > b.botAfterSecondsMax) return bad;
  return succeed({ flow: { turnClock: { turnSeconds, botAfterSeconds }, ...undo } });
}
