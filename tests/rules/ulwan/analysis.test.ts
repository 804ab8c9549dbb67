/**
 * Ulwan analysis (analysis.ts): the win chances are the solved values where a table exists and
 * chances elsewhere; the review finds no loss in the perfect bot's moves and a loss in a bad one.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import { type UlwanMove, type UlwanState, sevenUlwan, ulwan, ulwanFinkel } from "../../../src/rules/ulwan";
import { reviewGame, winChances } from "../../../src/rules/ulwan/analysis";
import { greedyUlwanBot, perfectUlwanBot } from "../../../src/rules/ulwan/bots";
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
});
