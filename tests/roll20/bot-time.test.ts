/**
 * The Roll20 host gives its bots a time budget on the sandbox's monotonic clock (the watchdog, issue
 * 35): with that clock jumping past the budget at every read, each search stops at once and the
 * strongest bots still play legal moves. (The soak suite measures the turns against 250 ms.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxClock } from "../../src/roll20/sandbox";
import { builtScript } from "./built";
import { GM, night, tables } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("the Roll20 host's bots within a time budget", () => {
  it("the strong bots read the sandbox's monotonic clock and move on when it has run past their budget", async () => {
    const r20 = night(script);
    let reads = 0;
    // Every read a second later: any budget is spent by the search's first node.
    r20.monotonicNow = () => 1_000 * ++reads;
    r20.type(GM, "!cantina new takat bot:strong bot:strong");
    await r20.settle();
    for (let t = 0; t < 6; t++) await r20.advance(10_000);
    const [record] = tables(r20);
    expect(record?.gameId).toBe("takat");
    expect(record?.log.length).toBeGreaterThanOrEqual(4);
    expect(reads).toBeGreaterThan(0);
    // Each search read the clock at its start and at its first node, then stopped.
    expect(reads).toBeLessThanOrEqual(4 * record!.log.length);
  });

  it("the budget's clock is the sandbox's performance.now where it has one, else Date.now", () => {
    expect(sandboxClock({ performance: { now: () => 42 } })()).toBe(42);
    const before = Date.now();
    const fallback = sandboxClock({})();
    expect(fallback).toBeGreaterThanOrEqual(before);
    expect(fallback).toBeLessThanOrEqual(Date.now());
  });
});
