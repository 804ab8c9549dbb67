/**
 * Positions from games of Finkel's Ur between random players, for the searches' tests and the
 * bots' benchmark (bench/ulwan-finkel-bots.bench.ts): every fifth position with a real choice.
 */
import { SeededRandom } from "../../src/rules/core";
import { type UlwanMove, type UlwanState, ulwanFinkel } from "../../src/rules/ulwan";

/** `count` positions with more than `minChoices` legal moves, from games seeded with `seed`. */
export function finkelPositions(
  count: number,
  seed: number,
  minChoices: number,
): { state: UlwanState; legal: UlwanMove[] }[] {
  const out: { state: UlwanState; legal: UlwanMove[] }[] = [];
  const random = new SeededRandom(seed);
  while (out.length < count) {
    const setup = ulwanFinkel.setup(["a", "b"], ulwanFinkel.defaultOptions(), random);
    if (!setup.ok) throw new Error(setup.error.code);
    let s = setup.state;
    let n = 0;
    while (s.phase !== "over" && out.length < count) {
      const seat = s.seats[s.turn]!;
      const legal = ulwanFinkel.legalMoves(s, seat);
      if (legal.length > minChoices && ++n % 5 === 0) out.push({ state: s, legal });
      const r = ulwanFinkel.apply(s, seat, legal[random.die(legal.length) - 1] as UlwanMove, random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  }
  return out;
}
