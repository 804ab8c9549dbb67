/**
 * The countdown every game's window shows while its state has a deadline: its context from an
 * update, the shared template, and the ticker that redraws the time left between updates.
 */
import { describe, expect, it } from "vitest";
import { Window } from "happy-dom";
import {
  clockContext,
  countdownContext,
  formatTimeLeft,
  formatTimeRun,
  stopwatchContext,
  tickCountdowns,
} from "../../src/apps/core/countdown";
import type { TableUpdate } from "../../src/table/protocol";
import { renderTemplate } from "../foundry/dom";

const update = (
  deadline?: TableUpdate["deadline"],
  stopwatch?: TableUpdate["stopwatch"],
  over = false,
): TableUpdate => ({
  type: "table",
  table: {
    id: "t1",
    gameId: "test",
    eventId: "e1",
    seats: [{ seat: "seat-1", name: "Alice", kind: "person", userId: "alice", account: "alice" }],
    version: 3,
    over,
    toAct: ["seat-1"],
    createdAt: 0,
  },
  seat: null,
  view: null,
  legalMoves: [],
  events: [],
  full: true,
  ...(deadline ? { deadline } : {}),
  ...(stopwatch ? { stopwatch } : {}),
});

describe("the countdown", () => {
  it("shows minutes and seconds, rounded up, never below 0:00", () => {
    expect(formatTimeLeft(90_000)).toBe("1:30");
    expect(formatTimeLeft(9_001)).toBe("0:10");
    expect(formatTimeLeft(0)).toBe("0:00");
    expect(formatTimeLeft(-5)).toBe("0:00");
  });

  it("comes from the update's deadline, counted on this client's clock, naming the seat whose time runs", () => {
    expect(countdownContext(update(), 0)).toBeNull();
    const c = countdownContext(update({ remainingMs: 30_000, ms: 60_000, seat: "seat-1", endsAt: 50_000 }), 20_000);
    expect(c).toEqual({
      endsAt: 50_000,
      seat: "seat-1",
      seatName: "Alice",
      label: "0:30",
      urgent: false,
      fraction: 0.5,
    });
    expect(countdownContext(update({ remainingMs: 5_000, ms: 60_000 }), 100)).toMatchObject({
      endsAt: 5_100,
      seatName: null,
      urgent: true,
    });
  });

  it("renders with the shared template and ticks down without a re-render", () => {
    const context = countdownContext(
      update({ remainingMs: 30_000, ms: 60_000, seat: "seat-1", endsAt: 50_000 }),
      20_000,
    );
    const html = renderTemplate("table/countdown.hbs", context!);
    expect(html).toContain("Alice&#x27;s time left:");
    const { document } = new Window();
    document.body.innerHTML = html;
    tickCountdowns(document.body as unknown as ParentNode, 45_500);
    const el = document.body.querySelector("[data-countdown-ends-at]")!;
    expect(el.querySelector("[data-countdown-time]")!.textContent).toBe("0:05");
    expect(el.classList.contains("cantina-urgent")).toBe(true);
  });
});

describe("the stopwatch (a solo game's time counting up)", () => {
  it("shows the time run in minutes and seconds, rounded down", () => {
    expect(formatTimeRun(0)).toBe("0:00");
    expect(formatTimeRun(999)).toBe("0:00");
    expect(formatTimeRun(61_500)).toBe("1:01");
    expect(formatTimeRun(-5)).toBe("0:00");
  });

  it("comes from the update's stopwatch on this client's clock; none once the game is over; a deadline comes first", () => {
    expect(stopwatchContext(update(), 0)).toBeNull();
    expect(stopwatchContext(update(undefined, { elapsedMs: 5_000, startedAt: 1_000 }), 66_000)).toEqual({
      up: true,
      startedAt: 1_000,
      label: "1:05",
    });
    expect(stopwatchContext(update(undefined, { elapsedMs: 5_000 }), 10_000)).toMatchObject({ startedAt: 5_000 });
    expect(stopwatchContext(update(undefined, { elapsedMs: 5_000 }, true), 10_000)).toBeNull();
    expect(clockContext(update(undefined, { elapsedMs: 5_000 }), 10_000)).toMatchObject({ up: true });
    expect(clockContext(update({ remainingMs: 5_000, ms: 60_000 }), 0)).toMatchObject({ endsAt: 5_000 });
  });

  it("renders as a timer with the shared template and ticks up without a re-render", () => {
    const context = stopwatchContext(update(undefined, { elapsedMs: 0, startedAt: 10_000 }), 10_000);
    const html = renderTemplate("table/countdown.hbs", context!);
    expect(html).toContain("Time so far:");
    const { document } = new Window();
    document.body.innerHTML = html;
    const el = document.body.querySelector("[data-countdown-started-at]")!;
    // A timer (implicitly aria-live off): screen readers are not told every second.
    expect(el.getAttribute("role")).toBe("timer");
    expect(el.hasAttribute("aria-live")).toBe(false);
    expect(el.querySelector("[data-countdown-time]")!.textContent).toBe("0:00");
    tickCountdowns(document.body as unknown as ParentNode, 12_100);
    expect(el.querySelector("[data-countdown-time]")!.textContent).toBe("0:02");
    tickCountdowns(document.body as unknown as ParentNode, 10_000 + 125_000);
    expect(el.querySelector("[data-countdown-time]")!.textContent).toBe("2:05");
  });
});
