/**
 * Ulwan as a problem for the generic search: the rolls are chance nodes whose odds add up to one,
 * Ulwan's free Cresh roll is always taken, and MCTS plays legal moves within its budget.
 */
import { describe, expect, it } from "vitest";
import { ScriptedRandom, SeededRandom, expectiminimax, mcts } from "../../../src/rules/core";
import { ulwanSearchProblem } from "../../../src/rules/ulwan/bots";
import { ulwan, ulwanFinkel } from "../../../src/rules/ulwan";
import { rollN, setPieces, startUlwan, step } from "./helpers";

describe("Ulwan search problem", () => {
  it("gives a roll five outcomes with the odds of 4d2>2, each rolling its own total", () => {
    const s = startUlwan();
    const outcomes = ulwanSearchProblem.chances?.(s, s.seats[0], { type: "roll" }) ?? [];
    expect(outcomes.map((o) => o.probability * 16)).toEqual([1, 4, 6, 4, 1]);
    outcomes.forEach((o, n) => {
      const r = ulwan.apply(s, s.seats[0], { type: "roll" }, new ScriptedRandom(o.dice));
      if (!r.ok) throw new Error(r.error.code);
      expect(r.state.roll ?? 0).toBe(n === 0 ? 0 : n);
    });
  });

  it("rule: every level takes Ulwan's free extra roll, so the search never considers declining it", () => {
    let s = rollN(setPieces(startUlwan(), ["b2"], ["a2"]), 2).state;
    s = step(s, { type: "move", from: "b2" }).state;
    const legal = ulwan.legalMoves(s, s.seats[0]);
    expect(ulwanSearchProblem.orderMoves?.(s, s.seats[0], legal)).toEqual([{ type: "roll" }]);
  });

  it("MCTS plays a legal move of Finkel's Ur within a node budget", () => {
    const setup = ulwanFinkel.setup(["a", "b"], ulwanFinkel.defaultOptions(), new SeededRandom(3));
    if (!setup.ok) throw new Error(setup.error.code);
    let s = setup.state;
    const random = new SeededRandom(4);
    for (let n = 0; n < 30; n++) {
      const seat = s.seats[s.turn];
      const legal = ulwanFinkel.legalMoves(s, seat);
      let move = legal[0]!;
      if (legal.length > 1) {
        const r = mcts(ulwanSearchProblem, s, seat, { random, budget: { maxNodes: 2_000 }, rolloutDepth: 20 });
        expect(legal).toContainEqual(r.move);
        move = r.move;
        const e = expectiminimax(ulwanSearchProblem, s, seat, { depth: 1 });
        expect(legal).toContainEqual(e.move);
      }
      const applied = ulwanFinkel.apply(s, seat, move, random);
      if (!applied.ok) throw new Error(applied.error.code);
      s = applied.state;
    }
  });
});
