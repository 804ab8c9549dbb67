/**
 * Turn-clock timers: a turn run out marks its player away and is skipped (ops/away.ts); a seat away
 * past the GM's time goes to a bot. Armed from the stored table (a restart re-arms them), one change each.
 */
import { botTakeoverAt, personsToAct, turnRemainingMs } from "./clock";
import type { HostServices } from "./host-services";
import { TableTimers } from "./table-timers";
import type { Outcome } from "./ops/context";
import { skipped } from "./ops/away";
import { handSeat } from "./ops/hand-seat";

export class TurnClocks {
  private readonly timers: TableTimers;

  /** `moved`: a turn clock stored a change at this table (its bots act next). */
  constructor(
    private readonly host: HostServices,
    private readonly moved: (tableId: string) => void,
  ) {
    this.timers = new TableTimers(host);
  }

  clearAll(): void {
    this.timers.clearAll();
  }

  clear(tableId: string): void {
    this.timers.clear(tableId);
  }

  /** Arms the table's timer for its next turn-clock event (the turn running out or a bot taking a seat). */
  schedule(tableId: string): void {
    this.clear(tableId);
    const wait = this.waitMs(tableId);
    if (wait === null || this.host.stopped()) return;
    this.timers.arm(tableId, wait, () => this.fire(tableId));
  }

  /** Milliseconds to the table's next turn-clock event, or null when none is due. */
  private waitMs(tableId: string): number | null {
    const record = this.host.record(tableId);
    const game = record && this.host.game(record.gameId);
    if (!record?.turnClock || !game || record.paused) return null;
    const now = this.host.ctx.now();
    const turn = turnRemainingMs(record, game.status(record.state), this.host.ctx.now);
    const takeover = botTakeoverAt(record);
    const waits = [turn, takeover ? Math.max(0, takeover.at - now) : null].filter((w): w is number => w !== null);
    return waits.length > 0 ? Math.min(...waits) : null;
  }

  /** What is due now: a seat handed to a bot first (its bot then plays the turn), else the turn skipped. */
  private async fire(tableId: string): Promise<void> {
    const record = this.host.record(tableId);
    const game = record && this.host.game(record.gameId);
    if (this.host.stopped() || !record || !game || record.paused) return;
    const ctx = this.host.ctx;
    const takeover = botTakeoverAt(record);
    let outcome: Outcome | null = null;
    if (takeover && takeover.at <= ctx.now()) {
      const handed = handSeat(
        { tables: new Map([[tableId, record]]), ledger: this.host.ledger() },
        { from: ctx.hostUser, tableId, seat: takeover.seat, op: "seat-bot" },
        ctx,
      );
      if (handed.ok) outcome = handed;
    } else if (turnRemainingMs(record, game.status(record.state), ctx.now) === 0) {
      const seat = personsToAct(record, game.status(record.state))[0];
      const skip = seat !== undefined ? skipped({ ledger: this.host.ledger() }, ctx, record, seat, ctx.hostUser) : null;
      if (skip?.ok) outcome = skip;
    }
    if (!outcome?.change) {
      this.schedule(tableId); // fired early, or nothing to do: wait for what comes next
      return;
    }
    const reply = await this.host.commit(outcome, [tableId]);
    if (reply.ok) this.moved(tableId);
    else if (!this.host.stopped()) this.retry(tableId);
  }

  /** A refused write: the same check again after the host's retry wait. */
  private retry(tableId: string): void {
    this.timers.arm(tableId, this.host.retryMs, () => this.fire(tableId));
  }
}
