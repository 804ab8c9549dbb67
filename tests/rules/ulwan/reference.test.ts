/**
 * The searches of race.ts stay faithful with their transposition cache (and the reference
 * expectimax's last-roll shortcut): the same choice as the plain search on positions from random
 * Finkel games, for the depth-N expectimax, the likelihood search and the expert.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import { type UlwanMove, type UlwanState, ulwanFinkel } from "../../../src/rules/ulwan";
import { EXPERT_SEARCH } from "../../../src/rules/ulwan/bots";
import { type RaceSearch, piecesAdvanced, raceChoice } from "../../../src/rules/ulwan/race";

function positions(count: number, seed: number): { state: UlwanState; legal: UlwanMove[] }[] {
  const out: { state: UlwanState; legal: UlwanMove[] }[] = [];
  const random = new SeededRandom(seed);
  while (out.length < count) {
    const setup = ulwanFinkel.setup(["a", "b"], ulwanFinkel.defaultOptions(), random);
    if (!setup.ok) throw new Error(setup.error.code);
    let s = setup.state;
    let n = 0;
    while (s.phase !== "over" && out.length < count) {
      const seat = s.seats[s.turn];
      const legal = ulwanFinkel.legalMoves(s, seat);
      if (legal.length > 2 && ++n % 5 === 0) out.push({ state: s, legal });
      const r = ulwanFinkel.apply(s, seat, legal[random.die(legal.length) - 1] as UlwanMove, random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  }
  return out;
}

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
