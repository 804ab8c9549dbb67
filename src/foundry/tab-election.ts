/**
 * One host per world, whatever the number of tabs, browsers and devices of the hosting GM.
 *
 * Foundry keeps one socket per tab, and `game.users.activeGM.isSelf` is true in every tab of that
 * GM (docs/foundry.md), so the user alone cannot say which tab hosts. The tabs of that GM elect one
 * over the module's socket event (the server names each message's sender user, so only that GM's
 * own tabs take part); no world setting is written (every write would go to every client):
 *
 *  - a tab that wants to host says `hello` and waits `claimWaitMs`: a host answers at once;
 *  - hearing none, it sends `claim` and waits again; two tabs claiming together both hear both
 *    claims (one server relays them in one order to both), and the lower tab id wins;
 *  - the host says `host` every `beatMs` and answers every hello and claim; two hosts that hear
 *    each other (a tab that slept through a take-over) keep the one of the higher epoch, ties to the
 *    lower tab id, and the other steps down at once;
 *  - a tab that closes says `bye`, so another takes over without waiting; a tab that dies silently
 *    is replaced once it has not been heard for `beatMs * missedBeats`;
 *  - a host whose own beat comes that late (its tab was frozen or asleep) steps down and stands
 *    again, since another tab may have taken over meanwhile.
 * Safe as long as a message crosses the server within `claimWaitMs`. No Foundry global here.
 */

export interface TabMessage {
  readonly cantina: "tab";
  readonly kind: "hello" | "claim" | "host" | "bye";
  readonly user: string;
  readonly tab: string;
  readonly epoch: number;
}

export function isTabMessage(x: unknown): x is TabMessage {
  if (typeof x !== "object" || x === null) return false;
  const m = x as Record<string, unknown>;
  return (
    m.cantina === "tab" &&
    (m.kind === "hello" || m.kind === "claim" || m.kind === "host" || m.kind === "bye") &&
    typeof m.user === "string" &&
    typeof m.tab === "string" &&
    typeof m.epoch === "number" &&
    Number.isSafeInteger(m.epoch)
  );
}

export interface ElectionTiming {
  /** How long a candidate waits for a host's answer, and then for a lower claim. */
  readonly claimWaitMs: number;
  /** How often the host says it hosts (and a follower checks it was heard). */
  readonly beatMs: number;
  /** How many beats a silent host may miss before another tab takes over. */
  readonly missedBeats: number;
}

export const DEFAULT_TIMING: ElectionTiming = { claimWaitMs: 1500, beatMs: 4000, missedBeats: 3 };

type Role = "idle" | "waiting" | "claiming" | "host" | "follower";

/** A fresh, random tab id (128 bits of the CSPRNG, hex). */
export function newTabId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class TabElection {
  private role: Role = "idle";
  /** The highest epoch heard or held. */
  private epoch = 0;
  private hostTab: string | null = null;
  private lastHeard = 0;
  private lowestRival: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private beat: ReturnType<typeof setInterval> | null = null;
  private lastBeat = 0;

  constructor(
    private readonly user: string,
    private readonly send: (message: TabMessage) => void,
    /** Called whenever this tab starts or stops leading. */
    private readonly onChange: () => void,
    private readonly timing: ElectionTiming = DEFAULT_TIMING,
    readonly tab: string = newTabId(),
    private readonly now: () => number = Date.now,
  ) {}

  private waiters: (() => void)[] = [];

  /** Resolves once this tab hosts or knows which tab does (at once if it already does). */
  decided(): Promise<void> {
    if (this.leads || this.follows || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    if (!this.leads && !this.follows) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Whether this tab hosts. */
  get leads(): boolean {
    return this.role === "host";
  }

  /** Whether another tab of this user hosts (this one is a client and says so). */
  get follows(): boolean {
    return this.role === "follower" && this.hostTab !== null;
  }

  /** This user hosts the world: stand (nothing if already standing, hosting or following). */
  join(): void {
    if (this.role !== "idle" || this.closed) return;
    this.stand();
  }

  /** This user no longer hosts the world: stop all of it (a host says bye). */
  leave(): void {
    const led = this.leads;
    // Idle before the bye goes out: an answer to it must not find this tab still hosting.
    this.role = "idle";
    this.hostTab = null;
    this.lowestRival = null;
    this.clearTimers();
    if (led) this.say("bye");
    if (led) this.onChange();
  }

  /** The tab closes: a host says bye, so another takes over at once. */
  close(): void {
    this.closed = true;
    this.leave();
  }

  /** Set once the tab closes: it never stands again. */
  private closed = false;

  /** A message on the module's event; `sender` is the user the server names. */
  receive(message: unknown, sender: string): void {
    if (!isTabMessage(message) || message.user !== this.user || sender !== this.user) return;
    if (message.tab === this.tab || this.role === "idle") return;
    this.epoch = Math.max(this.epoch, message.epoch);
    switch (message.kind) {
      case "hello":
        if (this.leads) this.say("host");
        return;
      case "claim":
        if (this.leads) this.say("host");
        else if (this.lowestRival === null || message.tab < this.lowestRival) this.lowestRival = message.tab;
        return;
      case "host":
        return this.heardHost(message);
      case "bye":
        if (message.tab === this.hostTab) {
          this.hostTab = null;
          this.lowestRival = null;
          this.restand();
        }
        return;
    }
  }

  private heardHost(message: TabMessage): void {
    if (this.leads) {
      // Only one may stay: the later epoch (the tab that took over), ties to the lower tab id.
      if (this.heldEpoch > message.epoch || (this.heldEpoch === message.epoch && this.tab < message.tab)) {
        this.say("host");
        return;
      }
      this.follow(message.tab);
      this.onChange();
      return;
    }
    if (this.role === "follower" && this.hostTab === message.tab && this.beat) {
      this.lastHeard = this.now();
      return;
    }
    this.follow(message.tab);
  }

  /** The epoch this tab took when it became host (0: never). */
  private heldEpoch = 0;

  private follow(hostTab: string): void {
    this.clearTimers();
    this.role = "follower";
    this.hostTab = hostTab;
    this.lastHeard = this.now();
    // A follower checks each beat that the host was heard lately, and says hello (the host answers).
    this.beat = setInterval(() => {
      if (this.now() - this.lastHeard > this.timing.beatMs * this.timing.missedBeats) {
        this.hostTab = null;
        this.restand();
        return;
      }
      this.say("hello");
    }, this.timing.beatMs);
    this.wake();
  }

  private restand(): void {
    this.clearTimers();
    this.stand();
  }

  private stand(): void {
    this.role = "waiting";
    this.lowestRival = null;
    this.say("hello");
    this.timer = setTimeout(() => this.claim(), this.timing.claimWaitMs);
  }

  private claim(): void {
    if (this.role !== "waiting") return;
    if (this.lowestRival !== null && this.lowestRival < this.tab) return this.standAgainLater();
    this.role = "claiming";
    this.say("claim");
    this.timer = setTimeout(() => this.win(), this.timing.claimWaitMs);
  }

  private win(): void {
    if (this.role !== "claiming") return;
    if (this.lowestRival !== null && this.lowestRival < this.tab) return this.standAgainLater();
    this.epoch += 1;
    this.heldEpoch = this.epoch;
    this.role = "host";
    this.hostTab = this.tab;
    this.say("host");
    this.lastBeat = this.now();
    this.beat = setInterval(() => this.hostBeat(), this.timing.beatMs);
    this.onChange();
    this.wake();
  }

  /** A lower tab claimed: wait for it to say it hosts; stand again if it never does. */
  private standAgainLater(): void {
    this.clearTimers();
    this.role = "follower";
    this.hostTab = null;
    this.lastHeard = this.now();
    this.timer = setTimeout(() => {
      if (this.role === "follower" && this.hostTab === null) this.stand();
    }, this.timing.claimWaitMs * 2);
  }

  private hostBeat(): void {
    const late = this.now() - this.lastBeat > this.timing.beatMs * this.timing.missedBeats;
    this.lastBeat = this.now();
    if (late) {
      // This tab was frozen or asleep: another may host by now. Step down and stand again.
      this.role = "idle";
      this.hostTab = null;
      this.clearTimers();
      this.onChange();
      this.stand();
      return;
    }
    this.say("host");
  }

  private say(kind: TabMessage["kind"]): void {
    this.send({
      cantina: "tab",
      kind,
      user: this.user,
      tab: this.tab,
      epoch: kind === "host" ? this.heldEpoch : this.epoch,
    });
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.beat) clearInterval(this.beat);
    this.timer = null;
    this.beat = null;
  }
}
