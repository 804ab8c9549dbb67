/**
 * `npm run bench`: Finkel's Ur random playouts (roll and move both chosen uniformly among the legal
 * moves, whole games) through our Game contract against boardgame.io 0.50.2's bare reducer playing
 * the same rules with the same loop, measured side by side in one run; prints the ratio.
 */
import { bench, describe } from "vitest";
import { SeededRandom } from "../src/rules/core";
import { type UlwanMove, ulwanFinkel } from "../src/rules/ulwan";
import { boardgameioPlayout } from "./boardgameio-ur";

function ourPlayout(seed: number): number {
  const random = new SeededRandom(seed);
  const game = ulwanFinkel;
  const setup = game.setup(["a", "b"], game.defaultOptions(), random);
  if (!setup.ok) throw new Error(setup.error.code);
  let state = setup.state;
  let moves = 0;
  for (let status = game.status(state); !status.over; status = game.status(state)) {
    const seat = status.toAct[0] as string;
    const legal = game.legalMoves(state, seat);
    const r = game.apply(state, seat, legal[random.die(legal.length) - 1] as UlwanMove, random);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    moves++;
  }
  return moves;
}

function theirPlayout(seed: number): number {
  const random = new SeededRandom(seed);
  return boardgameioPlayout((n) => random.die(n) - 1, `bench-${seed}`);
}

/** Whole games per second over about `ms` milliseconds, and the mean length. */
function rate(playout: (seed: number) => number, ms: number): { perSecond: number; meanMoves: number } {
  let games = 0;
  let moves = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    moves += playout(++games);
    t = performance.now();
  }
  return { perSecond: (1000 * games) / (t - t0), meanMoves: moves / games };
}

// Warm both up, then measure them alternately so a busy machine slows both alike.
rate(ourPlayout, 300);
rate(theirPlayout, 300);
const ours = { perSecond: 0, meanMoves: 0 };
const theirs = { perSecond: 0, meanMoves: 0 };
for (let round = 0; round < 3; round++) {
  const a = rate(ourPlayout, 700);
  const b = rate(theirPlayout, 700);
  ours.perSecond += a.perSecond / 3;
  ours.meanMoves += a.meanMoves / 3;
  theirs.perSecond += b.perSecond / 3;
  theirs.meanMoves += b.meanMoves / 3;
}
console.log(
  `Finkel's Ur random playouts: ours ${ours.perSecond.toFixed(0)} games/s (${ours.meanMoves.toFixed(0)} moves a game), ` +
    `boardgame.io 0.50.2 reducer ${theirs.perSecond.toFixed(1)} games/s (${theirs.meanMoves.toFixed(0)} moves a game): ` +
    `ours ${(ours.perSecond / theirs.perSecond).toFixed(0)}x faster`,
);

let seed = 1;
describe("Finkel's Ur random playouts", () => {
  bench("ours (Game contract): one whole game", () => void ourPlayout(seed++), { time: 1000 });
  bench("boardgame.io 0.50.2 reducer: one whole game", () => void theirPlayout(seed++), { time: 1000 });
});
