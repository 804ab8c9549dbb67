/**
 * The table controls' part of turn clocks, away marks and take-backs (issue 27): who is marked away,
 * the player's "I'm back" and "Take back my move", the GM's "Mark away", "Back" and "Skip the turn".
 */
import type { HostReply, TableUpdate } from "../../table/protocol";

/** The time operations a table-controls button asks for (its `data-op`). */
export type TimeTableOp = "mark-away" | "back" | "skip" | "undo";
export const TIME_TABLE_OPS: readonly TimeTableOp[] = ["mark-away", "back", "skip", "undo"];
/** What a player (not only a GM) may ask for from the controls: their own seat back, their move taken back. */
export const PLAYER_TABLE_OPS: ReadonlySet<string> = new Set<TimeTableOp>(["back", "undo"]);

export interface TimeSeat {
  readonly seat: string;
  readonly name: string;
  readonly away: boolean;
  /** Marked away and to act: the GM may skip the turn. */
  readonly canSkip: boolean;
}

export interface TimeControlsContext {
  /** The names of the player seats marked away. */
  readonly away: readonly { readonly name: string }[];
  /** The viewer's own seat is marked away: they can say they are back. */
  readonly mineAway: string | null;
  /** The player seats, for the GM's buttons (none once the match is over). */
  readonly seats: readonly TimeSeat[];
  /** A turn clock runs at this table (its seconds per turn). */
  readonly turnSeconds: number | null;
  /** The viewer may take back their last move now (the host says so). */
  readonly canUndo: boolean;
}

export function timeControls(update: TableUpdate): TimeControlsContext {
  // A finished table shows no live notice: no away marks, no turn clock, nothing to take back.
  if (update.table.over) return { away: [], mineAway: null, seats: [], turnSeconds: null, canUndo: false };
  const marked = new Set(update.table.time?.away ?? []);
  const persons = update.table.seats.filter((s) => s.kind === "person");
  return {
    away: persons.filter((s) => marked.has(s.seat)).map((s) => ({ name: s.name })),
    // Marked away, or a bot took the seat after a time-out: the player says they are back themselves.
    mineAway: update.seat !== null && marked.has(update.seat) ? update.seat : (update.reclaim ?? null),
    seats: persons.map((s) => ({
      seat: s.seat,
      name: s.name,
      away: marked.has(s.seat),
      canSkip: marked.has(s.seat) && update.table.toAct.includes(s.seat) && update.table.paused !== true,
    })),
    turnSeconds: update.table.time?.turnClock?.turnSeconds ?? null,
    canUndo: update.canUndo === true,
  };
}

/** The request a time button sends through the client. */
export function sendTimeOp(
  client: {
    markAway(tableId: string, seat: string, away: boolean): Promise<HostReply>;
    skipTurn(tableId: string, seat: string): Promise<HostReply>;
    undo(tableId: string): Promise<HostReply>;
  },
  op: TimeTableOp,
  tableId: string,
  seat: string,
): Promise<HostReply> {
  if (op === "undo") return client.undo(tableId);
  return op === "skip" ? client.skipTurn(tableId, seat) : client.markAway(tableId, seat, op === "mark-away");
}
