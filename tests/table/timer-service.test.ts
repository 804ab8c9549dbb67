/**
 * The one timer service of src/table (issue 36): keyed timers on the injected clock, their work run
 * through the host's queue; setting a key again replaces its timer; a table's timers are cancelled
 * together; a stopped service cancels all and sets none; what is pending is listed for tests.
 */
import { describe, expect, it } from "vitest";
import { bots, games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TimerService } from "../../src/table/timer-service";
import { FakeTime } from "../helpers/fake-time";
import { startMemoryHost } from "../helpers/memory-host";

/** A service on fake time whose queue runs each work at once, in order, recording what ran. */
function service() {
  const time = new FakeTime();
  const ran: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const timers = new TimerService(
    { now: () => time.now, setTimer: time.setTimer, clearTimer: time.clearTimer },
    (work) => (queue = queue.then(work)),
  );
  const work = (name: string) => async (): Promise<void> => {
    ran.push(name);
  };
  const settle = async (): Promise<void> => {
    await queue;
  };
  return { time, timers, ran, work, settle };
}

describe("the timer service", () => {
  it("runs a timer's work in the queue once its time has come on the injected clock, not before", async () => {
    const s = service();
    s.timers.set({ concern: "deadline", tableId: "t1" }, 1_000, s.work("deadline t1"));
    expect(s.timers.pending()).toEqual([{ concern: "deadline", tableId: "t1", dueAt: s.time.now + 1_000 }]);
    s.time.advance(999);
    await s.settle();
    expect(s.ran).toEqual([]);
    s.time.advance(1);
    await s.settle();
    expect(s.ran).toEqual(["deadline t1"]);
    expect(s.timers.pending()).toEqual([]);
  });

  it("replaces a key's timer when it is set again: only the last one runs", async () => {
    const s = service();
    const key = { concern: "turn-clock", tableId: "t1" } as const;
    s.timers.set(key, 1_000, s.work("first"));
    s.timers.set(key, 3_000, s.work("second"));
    expect(s.time.pending).toBe(1);
    s.time.advance(5_000);
    await s.settle();
    expect(s.ran).toEqual(["second"]);
  });

  it("keeps timers of different concerns or parts of one table apart, and lists them soonest first", () => {
    const s = service();
    s.timers.set({ concern: "turn-clock", tableId: "t1" }, 3_000, s.work("turn"));
    s.timers.set({ concern: "bot-thought", tableId: "t1", part: "A" }, 2_000, s.work("A"));
    s.timers.set({ concern: "bot-thought", tableId: "t1", part: "B" }, 1_000, s.work("B"));
    expect(s.timers.pending().map((p) => p.part ?? p.concern)).toEqual(["B", "A", "turn-clock"]);
    expect(s.timers.pending("bot-thought")).toHaveLength(2);
  });

  it("cancels one timer, or every timer of one table and none of another's", async () => {
    const s = service();
    s.timers.set({ concern: "deadline", tableId: "t1" }, 1_000, s.work("deadline t1"));
    s.timers.set({ concern: "bot", tableId: "t1", part: "1" }, 1_000, s.work("bot t1"));
    s.timers.set({ concern: "deadline", tableId: "t2" }, 1_000, s.work("deadline t2"));
    s.timers.set({ concern: "turn-clock", tableId: "t2" }, 1_000, s.work("turn t2"));
    s.timers.cancel({ concern: "turn-clock", tableId: "t2" });
    s.timers.cancelTable("t1");
    expect(s.time.pending).toBe(1);
    s.time.advance(1_000);
    await s.settle();
    expect(s.ran).toEqual(["deadline t2"]);
  });

  it("runs no timer whose handle fired after it was cancelled (a host's clearTimer that does nothing)", async () => {
    const s = service();
    const fired: (() => void)[] = [];
    const timers = new TimerService(
      { now: () => 0, setTimer: (run) => fired.push(run), clearTimer: () => undefined },
      (work) => work(),
    );
    timers.set({ concern: "push", tableId: "t1" }, 10, s.work("push"));
    timers.cancel({ concern: "push", tableId: "t1" });
    fired.forEach((run) => run());
    await s.settle();
    expect(s.ran).toEqual([]);
  });

  it("once stopped, cancels every timer and sets no new one", async () => {
    const s = service();
    s.timers.set({ concern: "deadline", tableId: "t1" }, 1_000, s.work("deadline"));
    s.timers.set({ concern: "push", tableId: "t2" }, 1_000, s.work("push"));
    s.timers.stop();
    s.timers.set({ concern: "bot", tableId: "t1", part: "1" }, 1_000, s.work("bot"));
    expect(s.time.pending).toBe(0);
    expect(s.timers.pending()).toEqual([]);
    s.time.advance(10_000);
    await s.settle();
    expect(s.ran).toEqual([]);
  });

  it("counts a fired timer as set while its work waits in the queue, and busy until its work ends", async () => {
    const time = new FakeTime();
    let release: () => void = () => undefined;
    let queue: Promise<unknown> = new Promise<void>((r) => (release = r));
    const timers = new TimerService(
      { now: () => time.now, setTimer: time.setTimer, clearTimer: time.clearTimer },
      (work) => (queue = queue.then(work)),
    );
    const key = { concern: "bot-thought", tableId: "t1", part: "A" } as const;
    let finish: () => void = () => undefined;
    timers.set(key, 100, () => new Promise<void>((r) => (finish = r)));
    time.advance(100);
    expect(timers.pending()).toEqual([]);
    expect(timers.isSet(key)).toBe(true); // fired, its work still queued
    let idle = false;
    void timers.idle("bot-thought").then(() => (idle = true));
    release();
    await new Promise((r) => setImmediate(r));
    expect(timers.isSet(key)).toBe(false); // its work started
    expect(timers.busy("bot-thought")).toBe(true);
    expect(idle).toBe(false);
    finish();
    await queue;
    await new Promise((r) => setImmediate(r));
    expect(timers.busy("bot-thought")).toBe(false);
    expect(idle).toBe(true);
  });
});

describe("a host's timers (one service for every concern)", () => {
  async function botTable() {
    const time = new FakeTime();
    const { host } = await startMemoryHost({
      games,
      bots,
      users: ["gm"],
      random: new SeededRandom(3),
      botDelayMs: 50,
      ...time.hostClock,
      newId: () => "t1",
    });
    const created = await host.handle("gm", {
      type: "create",
      spec: {
        gameId: "ulwan",
        seats: [
          { kind: "bot", userId: null, name: "R2" },
          { kind: "bot", userId: null, name: "C3" },
        ],
      },
    });
    expect(created).toMatchObject({ ok: true });
    return { host, time };
  }

  it("lists a bot's delay as pending on the host's clock", async () => {
    const { host, time } = await botTable();
    expect(host.pendingTimers()).toEqual([{ concern: "bot", tableId: "t1", part: "1", dueAt: time.now + 50 }]);
  });

  it("stop() leaves no timer of any concern on the host's timers, so nothing fires after a hand-over", async () => {
    const { host, time } = await botTable();
    expect(time.pending).toBeGreaterThan(0);
    host.stop();
    expect(time.pending).toBe(0);
    await host.idle();
    const version = host.record("t1")!.version;
    time.advance(60_000);
    await host.idle();
    expect(host.record("t1")!.version).toBe(version);
  });
});
