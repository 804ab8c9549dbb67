/**
 * The simulation harness: every game is counted once, seats rotate, a run splits over workers
 * without changing its totals, and the Wilson interval and quantiles match known values.
 */
import { describe, expect, it } from "vitest";
import { bots } from "../../../src/games";
import { type AnyBot, describeStats, mergeStats, quantile, simulate, wilson } from "../../../src/rules/core";
import { gameById } from "../../../src/games";

const game = gameById("sabacc-super-simplified")!;
const levels = bots["sabacc-super-simplified"]!;
const pair: AnyBot[] = [levels.basic!, levels.random!];

describe("simulate", () => {
  it("counts each game once as a win, a draw or unfinished, and is deterministic per seed", () => {
    const a = simulate(game, pair, { games: 30, seed: 5 });
    expect((a.wins[0] ?? 0) + (a.wins[1] ?? 0) + a.draws + a.unfinished).toBe(30);
    expect(simulate(game, pair, { games: 30, seed: 5 })).toEqual(a);
    expect(a.credits[0]! + a.credits[1]!).toBe(0); // heads-up Super Simplified Sabacc is zero-sum
  });

  it("a run split in two parts adds up to the whole run", () => {
    const whole = simulate(game, pair, { games: 20, seed: 9 });
    const split = mergeStats(
      simulate(game, pair, { games: 12, seed: 9 }),
      simulate(game, pair, { games: 8, seed: 9, firstGame: 12 }),
    );
    expect(split).toEqual(whole);
  });

  it("rotates seats: the same bot in both seats wins about as often from each", () => {
    const r = simulate(game, [levels.random!, levels.random!], { games: 200, seed: 1 });
    expect(Math.abs((r.wins[0] ?? 0) - (r.wins[1] ?? 0))).toBeLessThan(45);
  });

  it("measures decisions with an injected clock, and stops games at maxMoves", () => {
    let t = 0;
    const r = simulate(game, pair, { games: 5, seed: 2, now: () => (t += 1) });
    expect(r.decisionMs[0]!.length).toBe(r.decisions[0]);
    expect(r.decisionMs[0]!.every((ms) => ms === 1)).toBe(true);
    const cut = simulate(game, pair, { games: 5, seed: 2, maxMoves: 1 });
    expect(cut.unfinished).toBe(5);
    expect(describeStats("x", ["basic", "random"], r)).toMatch(/basic: won \d+/);
  });
});

describe("wilson and quantile", () => {
  it("matches known 95% Wilson intervals", () => {
    const a = wilson(1924, 2000);
    expect(a.low).toBeCloseTo(0.9527, 4);
    expect(a.high).toBeCloseTo(0.9695, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 3);
  });

  it("takes nearest-rank quantiles", () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
