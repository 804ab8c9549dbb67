/**
 * One timer per table on the host's timers, its work run through the host's queue: arming a table
 * again replaces its earlier timer, and a replaced or cleared timer never runs (deadlines, turn clocks).
 */
import type { HostServices } from "./host-services";

export class TableTimers {
  private readonly timers = new Map<string, unknown>();

  constructor(private readonly host: Pick<HostServices, "setTimer" | "clearTimer" | "enqueue">) {}

  /** Stops every timer (the host hands its tables over). */
  clearAll(): void {
    for (const tableId of [...this.timers.keys()]) this.clear(tableId);
  }

  clear(tableId: string): void {
    const handle = this.timers.get(tableId);
    if (handle === undefined) return;
    this.timers.delete(tableId);
    this.host.clearTimer(handle);
  }

  /** Runs `work` in the host's queue after `ms`, unless the table's timer is cleared or armed again first. */
  arm(tableId: string, ms: number, work: () => Promise<void>): void {
    this.clear(tableId);
    const handle = this.host.setTimer(() => {
      if (this.timers.get(tableId) !== handle) return;
      this.timers.delete(tableId);
      void this.host.enqueue(work);
    }, ms);
    this.timers.set(tableId, handle);
  }
}
