/**
 * The one timer service of src/table: keyed timers on the host's injected clock and timers, their
 * work run through the host's queue. Every concern's timers go through it (countdowns, turn clocks,
 * bots, push resends); it is the only file here that may name setTimeout (tests/architecture).
 */

/** A clock and timers: the host's (Roll20's sandbox, a browser tab) or a test's (tests/helpers/fake-time.ts). */
export interface Scheduler {
  readonly now: () => number;
  readonly setTimer: (run: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
}

/** The platform's clock and timers, the default where none is injected. */
export const SYSTEM_SCHEDULER: Scheduler = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Resolves after `ms` on the platform's timers (a client's wait before it sends a request again). */
export const systemWait = (ms: number): Promise<void> =>
  new Promise((resolve) => SYSTEM_SCHEDULER.setTimer(resolve, ms));

/** Which concern a timer serves. */
export type TimerConcern = "deadline" | "turn-clock" | "bot" | "bot-thought" | "bot-thought-retry" | "push";

/** One timer per key: setting a key again replaces its timer. `part` tells a concern's timers of one table apart. */
export interface TimerKey {
  readonly concern: TimerConcern;
  /** The table it is about (a push resend of the ledger uses its own resend key). */
  readonly tableId: string;
  readonly part?: string;
}

/** A timer set and not yet fired, for tests and snapshots. */
export interface PendingTimer extends TimerKey {
  /** When it falls due, on the injected clock. */
  readonly dueAt: number;
}

interface Entry {
  readonly key: TimerKey;
  readonly dueAt: number;
  handle: unknown;
}

const idOf = (key: TimerKey): string => `${key.concern}\u0000${key.tableId}\u0000${key.part ?? ""}`;

export class TimerService {
  private readonly timers = new Map<string, Entry>();
  /** Fired timers whose work waits in the queue (still "set" for `isSet`: a concern's one-at-a-time guard). */
  private readonly queued = new Map<string, TimerConcern>();
  /** Fired timers whose work runs now, per concern (with the queued ones: what `idle` waits for). */
  private readonly running = new Map<TimerConcern, number>();
  private readonly idleWaiters: (() => void)[] = [];
  private stopped = false;

  /** `run`: the host's queue, which runs each timer's work after what was queued before it. */
  constructor(
    private readonly scheduler: Scheduler,
    private readonly run: (work: () => Promise<void>) => Promise<unknown>,
  ) {}

  /**
   * Runs `work` in the host's queue after `ms`, unless the key is cancelled or set again first.
   * Nothing is set once the service is stopped.
   */
  set(key: TimerKey, ms: number, work: () => Promise<void>): void {
    this.cancel(key);
    if (this.stopped) return;
    const id = idOf(key);
    const entry: Entry = { key, dueAt: this.scheduler.now() + ms, handle: undefined };
    entry.handle = this.scheduler.setTimer(() => {
      if (this.timers.get(id) !== entry) return;
      this.timers.delete(id);
      this.queued.set(id, key.concern);
      void this.run(async () => {
        this.queued.delete(id);
        this.running.set(key.concern, (this.running.get(key.concern) ?? 0) + 1);
        try {
          await work();
        } finally {
          this.running.set(key.concern, (this.running.get(key.concern) ?? 1) - 1);
          this.wakeIdle();
        }
      });
    }, ms);
    this.timers.set(id, entry);
  }

  cancel(key: TimerKey): void {
    const id = idOf(key);
    const entry = this.timers.get(id);
    if (!entry) return;
    this.timers.delete(id);
    this.scheduler.clearTimer(entry.handle);
    this.wakeIdle();
  }

  /** Cancels every timer of a table (it was deleted or archived). */
  cancelTable(tableId: string): void {
    for (const entry of [...this.timers.values()]) if (entry.key.tableId === tableId) this.cancel(entry.key);
  }

  /** Cancels every timer and sets no new one (the host handed its tables over). */
  stop(): void {
    this.stopped = true;
    for (const entry of [...this.timers.values()]) this.cancel(entry.key);
  }

  /** Whether the key's timer is set, or fired with its work still waiting in the queue. */
  isSet(key: TimerKey): boolean {
    const id = idOf(key);
    return this.timers.has(id) || this.queued.has(id);
  }

  /** Timers set and not yet fired, soonest first (for tests and snapshots). */
  pending(concern?: TimerConcern): PendingTimer[] {
    return [...this.timers.values()]
      .filter((e) => concern === undefined || e.key.concern === concern)
      .map((e) => ({ ...e.key, dueAt: e.dueAt }))
      .sort((a, b) => a.dueAt - b.dueAt);
  }

  /** Whether a timer of `concern` is set, queued or running. */
  busy(concern: TimerConcern): boolean {
    if ((this.running.get(concern) ?? 0) > 0) return true;
    for (const c of this.queued.values()) if (c === concern) return true;
    for (const e of this.timers.values()) if (e.key.concern === concern) return true;
    return false;
  }

  /** Resolves once nothing of `concern` is set, queued or running (checked again after each timer ends or is cancelled). */
  async idle(concern: TimerConcern): Promise<void> {
    while (this.busy(concern)) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private wakeIdle(): void {
    for (const wake of this.idleWaiters.splice(0)) wake();
  }
}
