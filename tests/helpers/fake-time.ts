/**
 * Time for the table host's clock tests: it moves only when the test says so, and runs the timers
 * the host set on it (bot delays, deadlines) in the order they fall due.
 */

/** A clock and timer queue to pass as the host's `now`, `setTimer` and `clearTimer`. */
export class FakeTime {
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;

  constructor(public now = 1_000_000) {}

  setTimer = (run: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.timers.push({ at: this.now + ms, run, id });
    return id;
  };

  clearTimer = (id: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };

  /** How many timers are set and not yet run or cleared. */
  get pending(): number {
    return this.timers.length;
  }

  /** The host options that put a host on this clock. */
  get hostClock(): { now: () => number; setTimer: FakeTime["setTimer"]; clearTimer: FakeTime["clearTimer"] } {
    return { now: () => this.now, setTimer: this.setTimer, clearTimer: this.clearTimer };
  }

  /** Moves the clock on, running each timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = Math.max(this.now, due.at);
      due.run();
    }
    this.now = until;
  }
}
