/**
 * `npm run bench`: random playouts of Hununga per second (one whole game of random legal moves per
 * iteration), and the strong bot's time per decision over 200 positions taken from games of the
 * weak bot against itself. The median and 95th percentile are printed with the positions' count.
 */
import { bench, describe } from "vitest";
import { SeededRandom } from "../src/rules/core";
import { type HunungaMove, type HunungaState, hununga, strongChoice, weakChoice } from "../src/rules/hununga";
import { printDecisionTimes } from "./decision-times";

function playout(seed: number): number {
  const random = new SeededRandom(seed);
  const setup = hununga.setup(["a", "b"], hununga.defaultOptions(), random);
  if (!setup.ok) throw new Error(setup.error.code);
  let s = setup.state;
  let moves = 0;
  while (s.phase !== "over") {
    const seat = s.seats[s.turn];
    const legal = hununga.legalMoves(s, seat);
    const r = hununga.apply(s, seat, legal[random.die(legal.length) - 1]!, random);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    moves++;
  }
  return moves;
}

/** Positions where the bot has a choice, from weak-against-weak games. */
function positions(count: number): { state: HunungaState; legal: HunungaMove[] }[] {
  const out: { state: HunungaState; legal: HunungaMove[] }[] = [];
  const random = new SeededRandom(2026);
  let n = 0;
  while (out.length < count) {
    const setup = hununga.setup(["a", "b"], hununga.defaultOptions(), random);
    if (!setup.ok) throw new Error(setup.error.code);
    let s = setup.state;
    while (s.phase !== "over" && out.length < count) {
      const seat = s.seats[s.turn];
      const legal = hununga.legalMoves(s, seat);
      if (legal.length > 1 && ++n % 3 === 0) out.push({ state: s, legal });
      const r = hununga.apply(s, seat, weakChoice(s, legal, random), random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  }
  return out;
}

const pool = positions(200);
printDecisionTimes("strong Hununga bot", pool, ({ state, legal }) => strongChoice(state, legal));

let seed = 1;
let cursor = 0;

describe("Hununga", () => {
  bench(
    "hununga: one random playout (whole game)",
    () => {
      playout(seed++);
    },
    { time: 2000 },
  );
  bench(
    "hununga strong bot: one decision",
    () => {
      const p = pool[cursor++ % pool.length]!;
      strongChoice(p.state, p.legal);
    },
    { time: 2000 },
  );
});
