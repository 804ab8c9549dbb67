/** The clock's pure parts alone: a keyed countdown kept across states, time played less pauses, time left. */
import { describe, expect, it } from "vitest";
import { clockFor, playedMs, remainingMs } from "../../src/table/clock";
import { opContext, openedBooks } from "../helpers/op-books";

describe("the table clock", () => {
  it("keeps a keyed countdown while its key stays, restarts an unkeyed one, and has none once over", () => {
    const now = () => 9_000;
    const previous = { key: "glass", startedAt: 1_000 };
    expect(clockFor({ toAct: [], over: false, deadline: { ms: 5, key: "glass" } }, previous, now)).toBe(previous);
    expect(clockFor({ toAct: [], over: false, deadline: { ms: 5 } }, previous, now)).toEqual({
      key: null,
      startedAt: 9_000,
    });
    expect(clockFor({ toAct: [], over: true, deadline: { ms: 5 } }, previous, now)).toBeUndefined();
  });

  it("counts the time played since the table opened, less the time it stood paused; a paused table's time stands", () => {
    const { table } = openedBooks(opContext(1_000));
    const ops = [
      { at: 2_000, by: "gm", op: "pause" as const },
      { at: 5_000, by: "gm", op: "resume" as const },
    ];
    expect(playedMs({ ...table, ops }, () => 10_000)).toBe(6_000);
    expect(playedMs({ ...table, ops: ops.slice(0, 1), paused: { at: 2_000, by: "gm" } }, () => 10_000)).toBe(1_000);
  });

  it("gives the time left on the countdown (0 once run out), standing still while paused", () => {
    const { table } = openedBooks(opContext(1_000));
    const status = { toAct: ["seat-1"], over: false, deadline: { ms: 60_000 } };
    const timed = { ...table, clock: { key: null, startedAt: 1_000 } };
    expect(remainingMs(timed, status, () => 21_000)).toBe(40_000);
    expect(remainingMs(timed, status, () => 99_000)).toBe(0);
    expect(remainingMs({ ...timed, paused: { at: 11_000, by: "gm" } }, status, () => 99_000)).toBe(50_000);
    const { clock: _opened, ...unclocked } = table;
    expect(remainingMs(unclocked, status, () => 21_000)).toBeNull();
  });
});
