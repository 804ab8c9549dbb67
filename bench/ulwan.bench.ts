/**
 * `npm run bench`: random playouts per second of Ulwan and Seven Ulwan (each iteration is one whole
 * game played by random legal moves), and the strong bot's time per decision over 200 positions
 * taken from random games, and Seven Ulwan's expert's. The median decision time is printed with the positions' count.
 */
import { bench, describe } from "vitest";
import { SeededRandom } from "../src/rules/core";
import { type UlwanMove, type UlwanState, sevenUlwan, ulwan } from "../src/rules/ulwan";
import { strongChoice } from "../src/rules/ulwan/bots";
import { sevenExpertChoice } from "../src/rules/ulwan/seven";
import { printDecisionTimes } from "./decision-times";

function playout(game: typeof ulwan, seed: number): number {
  const random = new SeededRandom(seed);
  const setup = game.setup(["a", "b"], game.defaultOptions() as never, random);
  if (!setup.ok) throw new Error(setup.error.code);
  let s = setup.state;
  let moves = 0;
  while (s.phase !== "over") {
    const seat = s.seats[s.turn];
    const legal = game.legalMoves(s, seat);
    const r = game.apply(s, seat, legal[random.die(legal.length) - 1] as UlwanMove, random);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    moves++;
  }
  return moves;
}

/** Positions where a choice exists, from random games of both games. */
function positions(count: number): { state: UlwanState; legal: UlwanMove[] }[] {
  const out: { state: UlwanState; legal: UlwanMove[] }[] = [];
  const random = new SeededRandom(2026);
  for (let g = 0; out.length < count; g++) {
    const game = (g % 2 === 0 ? ulwan : sevenUlwan) as typeof ulwan;
    const setup = game.setup(["a", "b"], game.defaultOptions() as never, random);
    if (!setup.ok) throw new Error(setup.error.code);
    let s = setup.state;
    let n = 0;
    while (s.phase !== "over" && out.length < count) {
      const seat = s.seats[s.turn];
      const legal = game.legalMoves(s, seat);
      if (legal.length > 1 && ++n % 7 === 0) out.push({ state: s, legal });
      const r = game.apply(s, seat, legal[random.die(legal.length) - 1] as UlwanMove, random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  }
  return out;
}

const pool = positions(200);
printDecisionTimes("strong Ulwan bot", pool, ({ state, legal }) => strongChoice(state, legal));
// Seven Ulwan's expert as a host runs it (a clock allowing 200 ms, which it cuts to its own 90), and on nodes alone.
const sevenPool = pool.filter((p) => p.state.ruleset === "seven");
const hostClock = { now: () => performance.now(), maxMs: 200 };
printDecisionTimes("Seven Ulwan expert, host clock", sevenPool, ({ state, legal }) =>
  sevenExpertChoice(state, legal, hostClock),
);
printDecisionTimes("Seven Ulwan expert, nodes only", sevenPool, ({ state, legal }) => sevenExpertChoice(state, legal));

let seed = 1;
let cursor = 0;

describe("Ulwan", () => {
  bench(
    "ulwan: one random playout (whole game)",
    () => {
      playout(ulwan, seed++);
    },
    { time: 2000 },
  );
  bench(
    "seven-ulwan: one random playout (whole game)",
    () => {
      playout(sevenUlwan as unknown as typeof ulwan, seed++);
    },
    { time: 2000 },
  );
  bench(
    "strong bot: one decision",
    () => {
      const p = pool[cursor++ % pool.length]!;
      strongChoice(p.state, p.legal);
    },
    { time: 2000 },
  );
});
