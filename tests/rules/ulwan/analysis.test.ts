/**
 * Ulwan analysis (analysis.ts): the win chances are the solved values where a table exists and
 * chances elsewhere; the review finds no loss in the perfect bot's moves and a loss in a bad one.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import { type UlwanMove, type UlwanState, sevenUlwan, ulwan, ulwanFinkel } from "../../../src/rules/ulwan";
import { reviewGame, winChances } from "../../../src/rules/ulwan/analysis";
import { evaluate, greedyUlwanBot, next, perfectUlwanBot } from "../../../src/rules/ulwan/bots";
import { raceShape } from "../../../src/rules/ulwan/race";
import { solvedTable, solvedWin, startPosition } from "../../../src/rules/ulwan/solved";

function start(pieces: number): UlwanState {
  const r = ulwanFinkel.setup(
    ["a", "b"],
    { ...ulwanFinkel.defaultOptions(), pieces, analysis: true },
    new SeededRandom(1),
  );
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe("Ulwan analysis", () => {
  it("the chances at the start of a two-piece Finkel game are the solved start value, and add up to one", () => {
    const s = start(2);
    const shape = raceShape(s)!;
    const value = solvedWin(solvedTable(shape)!, startPosition(shape))!;
    const [first, second] = winChances(s);
    expect(first).toBeCloseTo(value, 12);
    expect(first + second).toBeCloseTo(1, 12);
  });

  it("unsolved games (seven pieces, Ulwan, Seven Ulwan) get chances strictly between 0 and 1", () => {
    const plain = ulwan.setup(["a", "b"], ulwan.defaultOptions(), new SeededRandom(1));
    const seven = sevenUlwan.setup(["a", "b"], sevenUlwan.defaultOptions(), new SeededRandom(1));
    for (const s of [start(7), plain.ok ? plain.state : null, seven.ok ? seven.state : null]) {
      const [a, b] = winChances(s!);
      expect(a).toBeGreaterThan(0);
      expect(a).toBeLessThan(1);
      expect(a + b).toBeCloseTo(1, 12);
    }
  });

  it("the review of perfect against greedy: no loss in perfect's moves, losses only >= 0, and some in greedy's", () => {
    let s = start(2);
    const random = new SeededRandom(21);
    const bots = [perfectUlwanBot, greedyUlwanBot];
    for (let games = 0, greedyLoss = 0; ;) {
      while (s.phase !== "over") {
        const seat = s.seats[s.turn];
        const legal = ulwanFinkel.legalMoves(s, seat);
        const move =
          legal.length === 1
            ? legal[0]!
            : bots[s.turn]!.choose(ulwanFinkel.view(s, { role: "seat", seat }), legal, random);
        const r = ulwanFinkel.apply(s, seat, move as UlwanMove, random);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
      const lines = reviewGame(s);
      for (const line of lines) {
        expect(line.loss).toBeGreaterThanOrEqual(0);
        if (line.turn === 0) expect(line.loss).toBeCloseTo(0, 12);
        else greedyLoss += line.loss;
      }
      if (++games === 10) {
        expect(greedyLoss).toBeGreaterThan(0);
        break;
      }
      s = start(2);
    }
  });

  /** Plays a whole plain-Ulwan game; seat 0 picks by `pick` among piece moves (1-ply by the evaluation). */
  function playUlwan(seed: number, pick: "best" | "worst", game = ulwan): UlwanState {
    const r = game.setup(["a", "b"], { ...game.defaultOptions(), analysis: true }, new SeededRandom(seed));
    if (!r.ok) throw new Error(r.error.code);
    let s = r.state;
    const random = new SeededRandom(seed + 1);
    while (s.phase !== "over") {
      const seat = s.seats[s.turn];
      const legal = game.legalMoves(s, seat) as UlwanMove[];
      let move = legal[0]!;
      if (s.turn === 0 && s.phase === "move" && legal.length > 1) {
        const me = s.turn;
        const score = (m: UlwanMove): number => {
          const after = next(s, m);
          return after ? evaluate(after, me) : -Infinity;
        };
        const sign = pick === "best" ? 1 : -1;
        move = legal.reduce((a, b) => (sign * score(b) > sign * score(a) ? b : a));
      } else if (legal.length > 1) move = greedyUlwanBot.choose(game.view(s, { role: "seat", seat }), legal, random);
      const applied = game.apply(s, seat, move, random);
      if (!applied.ok) throw new Error(applied.error.code);
      s = applied.state;
    }
    return s;
  }

  it("Ulwan's review, by the strong bot's evaluation: no loss for the evaluation's own best moves, a loss for its worst", () => {
    for (const seed of [3, 4]) {
      const best = reviewGame(playUlwan(seed, "best"));
      const mine = best.filter((l) => l.turn === 0);
      expect(mine.length).toBeGreaterThan(0);
      for (const line of best) expect(line.loss).toBeGreaterThanOrEqual(0);
      for (const line of mine) expect(line.loss).toBeCloseTo(0, 12);
      for (const line of mine) expect(line.best).toBe(line.played);

      const worst = reviewGame(playUlwan(seed, "worst")).filter((l) => l.turn === 0);
      expect(worst.length).toBeGreaterThan(0);
      expect(worst.reduce((sum, l) => sum + l.loss, 0)).toBeGreaterThan(0);
      for (const line of worst) {
        expect(line.playedChance).toBeLessThanOrEqual(line.bestChance);
        if (line.loss > 1e-9) expect(line.best).not.toBe(line.played);
      }
    }
  });

  it("Seven Ulwan records no moves, so its review stays empty (the economy is not in the record)", () => {
    const r = sevenUlwan.setup(["a", "b"], { ...sevenUlwan.defaultOptions(), analysis: true }, new SeededRandom(5));
    if (!r.ok) throw new Error(r.error.code);
    let s = r.state;
    const random = new SeededRandom(6);
    for (let i = 0; i < 40 && s.phase !== "over"; i++) {
      const seat = s.seats[s.turn];
      const legal = sevenUlwan.legalMoves(s, seat) as UlwanMove[];
      const applied = sevenUlwan.apply(s, seat, legal[legal.length > 1 ? 1 : 0]!, random);
      if (!applied.ok) throw new Error(applied.error.code);
      s = applied.state;
    }
    expect(s.record ?? []).toEqual([]);
    expect(reviewGame(s)).toEqual([]);
  });
});
