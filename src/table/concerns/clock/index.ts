/**
 * The table's clocks: the game's countdown and the GM's turn clock (their timers and steps after a move),
 * away marks and skipped turns (`away`, `skip`), and what each viewer is told of them.
 */
import type { TableConcern } from "../contract";
import { turnClock } from "./after-move";
import { markAway, skipTurn } from "./away-op";
import { scheduleDeadline } from "./countdown-timer";
import { scheduleTurnClock } from "./turn-clock-timer";
import { clockSummary, clockUpdate } from "./view";

export const clockConcern: TableConcern = {
  name: "clock",
  operations: { away: { run: markAway }, skip: { gmOnly: true, run: skipTurn } },
  afterMove: turnClock,
  summary: clockSummary,
  update: clockUpdate,
  timers: (host, tableId, moved) => {
    scheduleDeadline(host, tableId, moved);
    scheduleTurnClock(host, tableId, moved);
  },
};
