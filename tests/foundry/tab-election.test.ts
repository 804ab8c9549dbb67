/**
 * The election of one host among the tabs of one GM (tab-election.ts), over a stand-in for the
 * server's relay of the module's socket event: one ordered queue, each message to every other
 * socket (tab) with the sender's user named by the server. Time is vitest's fake clock, so the
 * races are played step by step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ElectionTiming, TabElection } from "../../src/foundry/tab-election";

const TIMING: ElectionTiming = { claimWaitMs: 100, beatMs: 200, missedBeats: 3 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Tabs on one server: messages in one order; a closed (dead) tab neither sends nor hears. */
function server() {
  const tabs: { election: TabElection; user: string; alive: boolean }[] = [];
  const queue: { from: number; message: unknown; user: string }[] = [];
  let draining = false;
  const drain = () => {
    if (draining) return;
    draining = true;
    while (queue.length > 0) {
      const { from, message, user } = queue.shift()!;
      tabs.forEach((t, i) => {
        if (i !== from && t.alive) t.election.receive(message, user);
      });
    }
    draining = false;
  };
  const open = (user: string, tab: string) => {
    const index = tabs.length;
    const election = new TabElection(
      user,
      (message) => {
        if (!tabs[index]!.alive) return;
        queue.push({ from: index, message, user });
        drain();
      },
      () => undefined,
      TIMING,
      tab,
      () => Date.now(),
    );
    tabs.push({ election, user, alive: true });
    return election;
  };
  const hosts = () => tabs.filter((t) => t.alive && t.election.leads).map((t) => t.election.tab);
  const kill = (election: TabElection) => {
    tabs.find((t) => t.election === election)!.alive = false;
  };
  /** A tab cut off (its socket down), then back: it neither hears nor is heard meanwhile. */
  const cut = (election: TabElection, off: boolean) => {
    tabs.find((t) => t.election === election)!.alive = !off;
  };
  const hostsAll = () => tabs.filter((t) => t.election.leads).map((t) => t.election.tab);
  return { open, hosts, kill, cut, hostsAll };
}

describe("one host among the tabs of one GM", () => {
  it("two tabs opened at the same moment elect exactly one, and the other follows", () => {
    const s = server();
    const b = s.open("gm", "b-tab");
    const a = s.open("gm", "a-tab");
    b.join();
    a.join();
    for (let t = 0; t < 20; t++) {
      vi.advanceTimersByTime(50);
      expect(s.hosts().length).toBeLessThanOrEqual(1);
    }
    expect(s.hosts()).toEqual(["a-tab"]);
    expect(b.follows).toBe(true);
  });

  it("a tab opened later finds the host and never hosts beside it", () => {
    const s = server();
    const first = s.open("gm", "z-tab");
    first.join();
    vi.advanceTimersByTime(500);
    const second = s.open("gm", "a-tab"); // a lower id does not unseat a host
    second.join();
    for (let t = 0; t < 40; t++) {
      vi.advanceTimersByTime(50);
      expect(s.hosts()).toEqual(["z-tab"]);
    }
    expect(second.follows).toBe(true);
  });

  it("the host tab closing hands over at once (bye); one dying silently is replaced after the missed beats", () => {
    const s = server();
    const a = s.open("gm", "a-tab");
    const b = s.open("gm", "b-tab");
    const c = s.open("gm", "c-tab");
    for (const e of [a, b, c]) e.join();
    vi.advanceTimersByTime(500);
    expect(s.hosts()).toEqual(["a-tab"]);
    a.close();
    s.kill(a);
    vi.advanceTimersByTime(TIMING.claimWaitMs * 2 + 10);
    expect(s.hosts()).toEqual(["b-tab"]);
    s.kill(b); // no bye: the tab crashed
    vi.advanceTimersByTime(TIMING.beatMs * (TIMING.missedBeats + 2) + TIMING.claimWaitMs * 2);
    expect(s.hosts()).toEqual(["c-tab"]);
  });

  it("a host cut off through a take-over steps down when it is heard again: one host", () => {
    const s = server();
    const a = s.open("gm", "a-tab");
    const b = s.open("gm", "b-tab");
    a.join();
    b.join();
    vi.advanceTimersByTime(500);
    expect(s.hosts()).toEqual(["a-tab"]);
    // a's socket drops (a laptop asleep, a lost network): b no longer hears it and takes over.
    s.cut(a, true);
    vi.advanceTimersByTime(TIMING.beatMs * (TIMING.missedBeats + 2) + TIMING.claimWaitMs * 2);
    expect(b.leads).toBe(true);
    // a is back: at the first beat either hears, the later epoch (b) stays and a steps down.
    s.cut(a, false);
    vi.advanceTimersByTime(TIMING.beatMs * 2);
    expect(s.hostsAll()).toEqual(["b-tab"]);
    expect(a.follows).toBe(true);
  });

  it("ignores what another user's tabs say, and a message whose sender is not the user it names", () => {
    const s = server();
    const mine = s.open("gm", "m-tab");
    mine.join();
    vi.advanceTimersByTime(500);
    expect(mine.leads).toBe(true);
    mine.receive({ cantina: "tab", kind: "host", user: "gm", tab: "0-forged", epoch: 99 }, "alice");
    mine.receive({ cantina: "tab", kind: "host", user: "gm2", tab: "0", epoch: 99 }, "gm2");
    expect(mine.leads).toBe(true);
    mine.receive({ cantina: "tab", kind: "host", user: "gm", tab: "0-other", epoch: 99 }, "gm");
    expect(mine.leads).toBe(false);
  });
});
