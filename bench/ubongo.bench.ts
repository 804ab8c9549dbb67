/**
 * `npm run bench`: verifying every Ubongo puzzle (100 card sides × 3 tile rows × 2 die sides, all
 * tilings counted) with our dancing-links solver and, side by side, with the npm package
 * `dancing-links` doing the same work on the same matrices. Prints the time for all and the median
 * per puzzle (a card side: its 3 rows on both sides of the tiles) for each.
 */
import { performance } from "node:perf_hooks";
import { DancingLinks } from "dancing-links";
import { bench, describe } from "vitest";
import { CARDS, LEVELS } from "../src/rules/ubongo/cards";
import { type ExactCoverProblem, solveExactCover } from "../src/rules/ubongo/solver";
import { tilingProblem } from "../src/rules/ubongo/tiling";

/** Each puzzle (card side) as its six exact-cover problems. */
const puzzles: ExactCoverProblem[][] = CARDS.flatMap((card) =>
  LEVELS.map((level) =>
    card[level].rows.flatMap((row) =>
      (["light", "dark"] as const).map((side) => tilingProblem(card[level].board, row, side, true).problem),
    ),
  ),
);

function ours(problem: ExactCoverProblem): number {
  return solveExactCover(problem).count;
}

const dlx = new DancingLinks<number>();
function theirs(problem: ExactCoverProblem): number {
  const solver = dlx.createSolver({ columns: problem.primary });
  problem.rows.forEach((row, i) => solver.addSparseConstraint(i, [...row]));
  return solver.findAll().length;
}

function verifyAll(solve: (p: ExactCoverProblem) => number): number {
  let total = 0;
  for (const puzzle of puzzles) for (const p of puzzle) total += solve(p);
  return total;
}

function report(name: string, solve: (p: ExactCoverProblem) => number): number {
  // Warm up, then time each puzzle over several passes and keep the best pass's total.
  verifyAll(solve);
  let best = Infinity;
  let perPuzzle: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const times = puzzles.map((puzzle) => {
      const t0 = performance.now();
      for (const p of puzzle) if (solve(p) < 1) throw new Error(`${name}: an unsolvable puzzle`);
      return performance.now() - t0;
    });
    const total = times.reduce((a, b) => a + b, 0);
    if (total < best) {
      best = total;
      perPuzzle = times;
    }
  }
  perPuzzle.sort((a, b) => a - b);
  const median = perPuzzle[Math.floor(perPuzzle.length / 2)] ?? 0;
  console.log(
    `ubongo verify (${name}): ${puzzles.length} puzzles × 3 rows × 2 die sides in ${best.toFixed(2)} ms, median ${(median * 1000).toFixed(1)} µs per puzzle`,
  );
  return best;
}

const tilingsOurs = verifyAll(ours);
const tilingsTheirs = verifyAll(theirs);
if (tilingsOurs !== tilingsTheirs) throw new Error(`the solvers disagree: ${tilingsOurs} vs ${tilingsTheirs} tilings`);
const oursMs = report("ours", ours);
const theirsMs = report("dancing-links", theirs);
console.log(
  `ubongo verify: ${tilingsOurs} tilings in all; ours takes ${(oursMs / theirsMs).toFixed(2)}× the time of dancing-links`,
);

describe("Ubongo: verify all 100 puzzles × 2 die sides", () => {
  bench("our solver (src/rules/ubongo/solver.ts)", () => void verifyAll(ours), { time: 2000 });
  bench("npm dancing-links", () => void verifyAll(theirs), { time: 2000 });
});
