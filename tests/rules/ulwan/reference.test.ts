/**
 * The searches of race.ts stay faithful with their transposition cache (and the reference
 * expectimax's last-roll shortcut): the same choice as the plain search on positions from random
 * Finkel games, for the depth-N expectimax, the likelihood search and the expert.
 */
import { describe, expect, it } from "vitest";
import { EXPERT_SEARCH } from "../../../src/rules/ulwan/bots";
import {
  type RaceSearch,
  piecesAdvanced,
  raceChoice,
  racePosition,
  raceShape,
  rollValue,
} from "../../../src/rules/ulwan/race";
import { ulwanReferenceBots } from "../../../src/rules/ulwan/reference";
import type { UlwanView } from "../../../src/rules/ulwan/games";
import { ScriptedRandom } from "../../../src/rules/core";
import { finkelPositions } from "../../helpers/finkel-positions";

/** Positions with more than 2 choices, from random games seeded with `seed`. */
const positions = (count: number, seed: number) => finkelPositions(count, seed, 2);

const searches: Record<string, RaceSearch> = {
  "depth-3 expectimax": { depth: 3, likelihood: 0, evaluate: piecesAdvanced },
  "likelihood search at 0.01": { depth: Infinity, likelihood: 0.01, evaluate: piecesAdvanced },
  expert: EXPERT_SEARCH,
};

describe("race searches with transpositions", () => {
  const pool = positions(10, 5);
  for (const [name, search] of Object.entries(searches))
    it(`the ${name} chooses as without its transposition cache`, () => {
      for (const { state, legal } of pool)
        expect(raceChoice(state, legal, search, true)).toEqual(raceChoice(state, legal, search, false));
    });
});

describe("reference expectimax on plain numbers", () => {
  // A likelihood floor no line reaches sends the same search down the general path, uncached.
  const general = (depth: number): RaceSearch => ({ depth, likelihood: Number.MIN_VALUE, evaluate: piecesAdvanced });
  const fast = (depth: number): RaceSearch => ({ depth, likelihood: 0, evaluate: piecesAdvanced });

  it("values every position as the general search does, at depths 1 to 3", () => {
    for (const { state } of positions(12, 9)) {
      const shape = raceShape(state)!;
      for (const s of [0, 1] as const) {
        const p = racePosition(state, s);
        for (const depth of [1, 2, 3])
          expect(rollValue(shape, fast(depth), p, depth, 1)).toBeCloseTo(
            rollValue(shape, general(depth), p, depth, 1),
            9,
          );
      }
    }
  });

  it("chooses as the general search does at depth 3 (transpositions on)", () => {
    for (const { state, legal } of positions(10, 11))
      expect(raceChoice(state, legal, fast(3))).toEqual(raceChoice(state, legal, general(3)));
  });
});

describe("the reference agents are named as RoyalUr-Analysis counts depth", () => {
  // Their ExpectimaxAgent scores the move at depth 1 and stops at its depth N: N - 1 rolls after the move.
  it("ref-expectimax-N expands N - 1 rolls after the move", () => {
    const rolled = (rolls: number): RaceSearch => ({ depth: rolls, likelihood: 0, evaluate: piecesAdvanced });
    for (const { state, legal } of positions(30, 13)) {
      const view = { state } as UlwanView;
      for (const [name, rolls] of [
        ["ref-expectimax-3", 2],
        ["ref-expectimax-4", 3],
      ] as const)
        expect(ulwanReferenceBots[name].choose(view, legal, new ScriptedRandom([]))).toEqual(
          raceChoice(state, legal, rolled(rolls)) ?? legal[0],
        );
    }
  });
});
