/**
 * The turn-clock timer of a table, on the host's timer service: a turn run out marks its player away
 * and is skipped (concerns/clock/away-op.ts); a seat away past the GM's time goes to a bot. Set from the stored
 * table (a restart sets it again), one change each.
 */
import { botTakeoverAt, personsToAct, turnRemainingMs } from "../../clock";
import type { HostServices } from "../../host-services";
import type { TimerKey } from "../../timer-service";
import type { Outcome } from "../../context";
import { skipped } from "./away-op";
import { handSeat } from "../hand-over/hand-seat-op";
import { storeTimedChange } from "./timed-change";

const TURN_CLOCK = (tableId: string): TimerKey => ({ concern: "turn-clock", tableId });

/**
 * Sets the table's timer for its next turn-clock event (the turn running out or a bot taking a seat),
 * replacing any earlier one. `moved`: a turn clock stored a change at this table (its bots act next).
 */
export function scheduleTurnClock(host: HostServices, tableId: string, moved: (tableId: string) => void): void {
  host.timers.cancel(TURN_CLOCK(tableId));
  const wait = waitMs(host, tableId);
  if (wait === null || host.stopped()) return;
  host.timers.set(TURN_CLOCK(tableId), wait, () => fire(host, tableId, moved));
}

/** Milliseconds to the table's next turn-clock event, or null when none is due. */
function waitMs(host: HostServices, tableId: string): number | null {
  const record = host.record(tableId);
  const game = record && host.game(record.gameId);
  if (!record?.turnClock || !game || record.paused) return null;
  const now = host.ctx.now();
  const turn = turnRemainingMs(record, game.status(record.state), host.ctx.now);
  const takeover = botTakeoverAt(record);
  const waits = [turn, takeover ? Math.max(0, takeover.at - now) : null].filter((w): w is number => w !== null);
  return waits.length > 0 ? Math.min(...waits) : null;
}

/** What is due now: a seat handed to a bot first (its bot then plays the turn), else the turn skipped. */
async function fire(host: HostServices, tableId: string, moved: (tableId: string) => void): Promise<void> {
  const record = host.record(tableId);
  const game = record && host.game(record.gameId);
  if (host.stopped() || !record || !game || record.paused) return;
  const ctx = host.ctx;
  const takeover = botTakeoverAt(record);
  let outcome: Outcome | null = null;
  if (takeover && takeover.at <= ctx.now()) {
    const handed = handSeat(
      { tables: new Map([[tableId, record]]), ledger: host.ledger() },
      { from: ctx.hostUser, tableId, seat: takeover.seat, op: "seat-bot" },
      ctx,
    );
    if (handed.ok) outcome = handed;
  } else if (turnRemainingMs(record, game.status(record.state), ctx.now) === 0) {
    const seat = personsToAct(record, game.status(record.state))[0];
    const skip = seat !== undefined ? skipped({ ledger: host.ledger() }, ctx, record, seat, ctx.hostUser) : null;
    if (skip?.ok) outcome = skip;
  }
  if (!outcome?.change) {
    scheduleTurnClock(host, tableId, moved); // fired early, or nothing to do: wait for what comes next
    return;
  }
  // A refused write: the same check again after the host's retry wait.
  await storeTimedChange(host, TURN_CLOCK(tableId), outcome, moved, () => fire(host, tableId, moved));
}
