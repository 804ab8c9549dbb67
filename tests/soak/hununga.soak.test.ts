/**
 * Hununga bot-against-bot simulation (soak suite: `npm run test:soak`, or
 * `SOAK_GAMES=n npx vitest run --config vitest.soak.config.ts tests/soak/hununga.soak.test.ts`).
 * Reports and checks the strong bot's win rate against the weak one (each bot first in half the
 * games), and in strong-against-strong and weak-against-weak games (2,000 each at full count) how
 * games end (docs/rules/hununga.md: no draw, no game at the turn limit), that moving first gives no
 * clear edge, and each pairing's mean length (strong games about 50 turns, weak games about 26).
 */
import { describe, expect, it } from "vitest";
import { SeededRandom, wilson } from "../../src/rules/core";
import { type HunungaMove, type HunungaState, hununga, strongChoice, weakChoice } from "../../src/rules/hununga";
import { soakCount } from "./counts";

type Chooser = (state: HunungaState, legal: readonly HunungaMove[], random: SeededRandom) => HunungaMove;
const strong: Chooser = (s, legal) => strongChoice(s, legal);
const weak: Chooser = (s, legal, r) => weakChoice(s, legal, r);

// Fewer than 100 games leave the 80% claim to chance.
const MATCHES = soakCount(400, "SOAK_GAMES", 100);
const GAMES = soakCount(2000, "SOAK_GAMES", 50);

function game(first: Chooser, second: Chooser, seed: number): HunungaState {
  const random = new SeededRandom(seed);
  const setup = hununga.setup(["first", "second"], hununga.defaultOptions(), random);
  if (!setup.ok) throw new Error(setup.error.code);
  let s = setup.state;
  while (s.phase !== "over") {
    const seat = s.seats[s.turn];
    const legal = hununga.legalMoves(s, seat);
    const move = (s.turn === 0 ? first : second)(s, legal, random);
    const r = hununga.apply(s, seat, move, random);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return s;
}

interface Report {
  /** The share of games won by the side `mine` names. */
  readonly rate: number;
  readonly wins: number;
  readonly draws: number;
  /** Games adjudicated at the turn limit. */
  readonly limit: number;
  readonly meanTurns: number;
}

function report(label: string, states: HunungaState[], mine: (s: HunungaState, i: number) => 0 | 1): Report {
  let wins = 0;
  let draws = 0;
  let limit = 0;
  let turns = 0;
  let points = 0;
  states.forEach((s, i) => {
    if (s.winner === null) draws++;
    else if (s.winner === mine(s, i)) wins++;
    if (s.endReason === "limit") limit++;
    turns += s.turns;
    points += s.scores[0] + s.scores[1];
  });
  const n = states.length;
  console.log(
    `${label}: ${n} games, wins ${wins} (${((100 * wins) / n).toFixed(1)}%), draws ${draws}, adjudicated ${limit}, mean length ${(turns / n).toFixed(1)} turns, ${(points / n).toFixed(2)} points a game`,
  );
  return { rate: wins / n, wins, draws, limit, meanTurns: turns / n };
}

/**
 * What docs/rules/hununga.md says of games between equal bots: every game is won on points (none
 * drawn, none at the turn limit), and moving first gives no clear edge: the 95% interval of the
 * first player's win rate reaches 50% (a fixed seed, so the same games each run).
 */
function expectFairAndFinished(r: Report, games: number): void {
  expect(r.draws).toBe(0);
  expect(r.limit).toBe(0);
  const ci = wilson(r.wins, games);
  expect(ci.low).toBeLessThanOrEqual(0.5);
  expect(ci.high).toBeGreaterThanOrEqual(0.5);
}

describe("Hununga soak: bots against each other", () => {
  it(`strong beats weak in at least 80% of ${MATCHES} games`, () => {
    const states: HunungaState[] = [];
    for (let i = 0; i < MATCHES; i++) states.push(i % 2 === 0 ? game(strong, weak, i) : game(weak, strong, i));
    const { rate } = report("strong vs weak (strong's wins)", states, (_s, i) => (i % 2 === 0 ? 0 : 1));
    expect(rate).toBeGreaterThanOrEqual(0.8);
  }, 0);

  it(`over ${GAMES} strong-against-strong games every game is won on points, moving first gives no clear edge, and a game lasts 35 to 70 turns on average`, () => {
    const states: HunungaState[] = [];
    for (let i = 0; i < GAMES; i++) states.push(game(strong, strong, 1_000_000 + i));
    const r = report("strong vs strong (first player's wins)", states, () => 0);
    expectFairAndFinished(r, GAMES);
    // docs/rules/hununga.md: 50.6 turns over 300 games; the bounds leave room for smaller samples.
    expect(r.meanTurns).toBeGreaterThanOrEqual(35);
    expect(r.meanTurns).toBeLessThanOrEqual(70);
  }, 0);

  it(`over ${GAMES} weak-against-weak games every game is won on points, moving first gives no clear edge, and a game lasts 18 to 35 turns on average`, () => {
    const states: HunungaState[] = [];
    for (let i = 0; i < GAMES; i++) states.push(game(weak, weak, 2_000_000 + i));
    const r = report("weak vs weak (first player's wins)", states, () => 0);
    expectFairAndFinished(r, GAMES);
    // docs/rules/hununga.md: 25.6 turns over 2,000 games: weak games end in about half a strong game's turns.
    expect(r.meanTurns).toBeGreaterThanOrEqual(18);
    expect(r.meanTurns).toBeLessThanOrEqual(35);
  }, 0);
});
