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

interface Rate {
  /** Whole games per second of wall-clock time, and of this process's CPU time. */
  perSecond: number;
  perCpuSecond: number;
  meanMoves: number;
}

/**
 * Plays whole games for about `ms` milliseconds. CPU time (process.cpuUsage) is reported beside
 * wall-clock time: on a machine shared with other work it leaves out the time spent preempted.
 */
function rate(playout: (seed: number) => number, ms: number): Rate {
  let games = 0;
  let moves = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    moves += playout(++games);
    t = performance.now();
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    perSecond: (1000 * games) / (t - t0),
    perCpuSecond: (1e6 * games) / Math.max(1, cpu.user + cpu.system),
    meanMoves: moves / games,
  };
}

// Warm both up, then measure them alternately so a busy machine slows both alike.
rate(ourPlayout, 300);
rate(theirPlayout, 300);
const ROUNDS = 3;
const ours: Rate = { perSecond: 0, perCpuSecond: 0, meanMoves: 0 };
const theirs: Rate = { perSecond: 0, perCpuSecond: 0, meanMoves: 0 };
for (let round = 0; round < ROUNDS; round++) {
  for (const [total, r] of [
    [ours, rate(ourPlayout, 700)],
    [theirs, rate(theirPlayout, 1500)],
  ] as const) {
    total.perSecond += r.perSecond / ROUNDS;
    total.perCpuSecond += r.perCpuSecond / ROUNDS;
    total.meanMoves += r.meanMoves / ROUNDS;
  }
}
console.log(
  `Finkel's Ur random playouts: ours ${ours.perSecond.toFixed(0)} games/s (${ours.perCpuSecond.toFixed(0)} per CPU second, ` +
    `${ours.meanMoves.toFixed(0)} moves a game), boardgame.io 0.50.2 reducer ${theirs.perSecond.toFixed(1)} games/s ` +
    `(${theirs.perCpuSecond.toFixed(1)} per CPU second, ${theirs.meanMoves.toFixed(0)} moves a game): ours ` +
    `${(ours.perSecond / theirs.perSecond).toFixed(0)}x faster in wall-clock time, ` +
    `${(ours.perCpuSecond / theirs.perCpuSecond).toFixed(0)}x in CPU time`,
);

let seed = 1;
describe("Finkel's Ur random playouts", () => {
  bench("ours (Game contract): one whole game", () => void ourPlayout(seed++), { time: 1000 });
  bench("boardgame.io 0.50.2 reducer: one whole game", () => void theirPlayout(seed++), { time: 1000 });
});
