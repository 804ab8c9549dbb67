/**
 * Bots playing whole games against each other over the Game contract, seats rotating from game to
 * game: wins, draws, length, net credits and decision times, for `npm run sim`, tests and the soak
 * suite. Pure and seeded; decision times are measured only with a clock passed in (`now`).
 */
import type { AnyBot, AnyGame, SeatId } from "./game";
import { SeededRandom } from "./random";

export interface SimulationOptions {
  readonly games: number;
  /** Game g (counting from `firstGame`) rolls from SeededRandom(seed + g); bots choose from another stream. */
  readonly seed: number;
  /** Moves after which a game stops unfinished (counted apart, neither won nor lost). Default 10,000. */
  readonly maxMoves?: number;
  /** The game's options; default `game.defaultOptions()`. */
  readonly options?: unknown;
  /** Index of the first game, to split one run over several workers. Default 0. */
  readonly firstGame?: number;
  /** A clock in milliseconds for decision times (the rules may not read one themselves). */
  readonly now?: () => number;
}

export interface SimulationStats {
  readonly games: number;
  /** Games each bot won alone, by bot index. */
  readonly wins: readonly number[];
  /** Games with no winner or a shared win. */
  readonly draws: number;
  /** Games stopped at maxMoves. */
  readonly unfinished: number;
  /** Moves applied over all games (every seat's, forced ones too). */
  readonly moves: number;
  /** Net credits per bot over all games (from each result's creditDelta). */
  readonly credits: readonly number[];
  /** Decisions per bot (turns with more than one legal move; forced moves are played for it). */
  readonly decisions: readonly number[];
  /** Each decision's time in ms per bot (empty without a clock). */
  readonly decisionMs: readonly (readonly number[])[];
}

/** Seat names of a simulated table. */
function seatNames(n: number): SeatId[] {
  return Array.from({ length: n }, (_, i) => `s${i + 1}`);
}

/**
 * Plays `options.games` games between `bots` (one seat each). In game g, bot b sits in seat
 * (b + g) mod n, so each bot moves first equally often. Throws when a bot plays an illegal move.
 */
export function simulate(game: AnyGame, bots: readonly AnyBot[], options: SimulationOptions): SimulationStats {
  const n = bots.length;
  if (n < game.minSeats || n > game.maxSeats)
    throw new RangeError(`${game.id} seats ${game.minSeats}-${game.maxSeats} players, not ${n} bots`);
  const seats = seatNames(n);
  const maxMoves = options.maxMoves ?? 10_000;
  const first = options.firstGame ?? 0;
  const now = options.now;
  const wins = new Array<number>(n).fill(0);
  const credits = new Array<number>(n).fill(0);
  const decisions = new Array<number>(n).fill(0);
  const decisionMs: number[][] = bots.map(() => []);
  let draws = 0;
  let unfinished = 0;
  let moves = 0;
  for (let g = first; g < first + options.games; g++) {
    const dice = new SeededRandom((options.seed + g) >>> 0);
    const choices = new SeededRandom(((options.seed + g) ^ 0x2545f491) >>> 0);
    // botAt[seat index] = bot index
    const botAt = seats.map((_, s) => (((s - g) % n) + n) % n);
    const setup = game.setup(seats, options.options ?? game.defaultOptions(), dice);
    if (!setup.ok) throw new Error(`${game.id} setup refused: ${setup.error.code}`);
    let state = setup.state;
    let played = 0;
    let status = game.status(state);
    while (!status.over && played < maxMoves) {
      const seat = status.toAct[0];
      if (seat === undefined) throw new Error(`${game.id}: nobody to act in a game that is not over`);
      const s = seats.indexOf(seat);
      const b = botAt[s] as number;
      const legal = game.legalMoves(state, seat);
      let move: unknown;
      if (legal.length === 1) move = legal[0];
      else {
        const bot = bots[b] as AnyBot;
        const view = game.view(state, { role: "seat", seat });
        const t0 = now ? now() : 0;
        move = bot.choose(view, legal, choices);
        if (now) (decisionMs[b] as number[]).push(now() - t0);
        decisions[b] = (decisions[b] as number) + 1;
      }
      const r = game.apply(state, seat, move, dice);
      if (!r.ok) throw new Error(`${game.id}: bot ${b} played ${JSON.stringify(move)}, refused: ${r.error.code}`);
      state = r.state;
      played++;
      status = game.status(state);
    }
    moves += played;
    if (!status.over) {
      unfinished++;
      continue;
    }
    const result = status.result;
    const winners = result?.winners ?? [];
    if (winners.length === 1) {
      const w = botAt[seats.indexOf(winners[0] as SeatId)] as number;
      wins[w] = (wins[w] as number) + 1;
    } else draws++;
    seats.forEach((seat, s) => {
      const b = botAt[s] as number;
      credits[b] = (credits[b] as number) + (result?.creditDelta[seat] ?? 0);
    });
  }
  return { games: options.games, wins, draws, unfinished, moves, credits, decisions, decisionMs };
}

/** Adds the stats of two runs of the same pairing (e.g. from two workers). */
export function mergeStats(a: SimulationStats, b: SimulationStats): SimulationStats {
  const add = (x: readonly number[], y: readonly number[]): number[] => x.map((v, i) => v + (y[i] ?? 0));
  return {
    games: a.games + b.games,
    wins: add(a.wins, b.wins),
    draws: a.draws + b.draws,
    unfinished: a.unfinished + b.unfinished,
    moves: a.moves + b.moves,
    credits: add(a.credits, b.credits),
    decisions: add(a.decisions, b.decisions),
    decisionMs: a.decisionMs.map((t, i) => [...t, ...(b.decisionMs[i] ?? [])]),
  };
}

/** Wilson score interval for a proportion (z = 1.96: 95%). */
export function wilson(successes: number, trials: number, z = 1.96): { readonly low: number; readonly high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The q-quantile (0..1) of the values, nearest rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const ms = (x: number): string => (x < 1 ? `${(1000 * x).toFixed(0)} µs` : `${x.toFixed(1)} ms`);

/** The report `npm run sim` prints: one line per bot, then draws, unfinished games and length. */
export function describeStats(gameId: string, names: readonly string[], stats: SimulationStats): string {
  const lines = [`${gameId}: ${names.join(" vs ")}, ${stats.games} games, seats rotating`];
  names.forEach((name, i) => {
    const w = stats.wins[i] ?? 0;
    const ci = wilson(w, stats.games);
    const net = stats.credits[i] ?? 0;
    const times = stats.decisionMs[i] ?? [];
    const timing =
      times.length > 0 ? `, decision median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}` : "";
    lines.push(
      `  ${name}: won ${w} (${pct(w / stats.games)}, 95% CI ${pct(ci.low)}-${pct(ci.high)})` +
        (net !== 0 ? `, net credits ${net > 0 ? "+" : ""}${net} (${(net / stats.games).toFixed(0)} a game)` : "") +
        `, ${stats.decisions[i] ?? 0} decisions${timing}`,
    );
  });
  const finished = stats.games - stats.unfinished;
  lines.push(
    `  draws or shared ${stats.draws}, unfinished (stopped at the move limit) ${stats.unfinished}; ` +
      `mean length ${(stats.moves / Math.max(1, stats.games)).toFixed(1)} moves${finished < stats.games ? " (unfinished included)" : ""}`,
  );
  return lines.join("\n");
}

// ---- sides fixed: the balance lab ----

/** What a run of two-seat games with the sides fixed gives (seat 1 is side 0, the one moving first). */
export interface SideStats {
  readonly games: number;
  /** Wins by side. */
  readonly wins: readonly [number, number];
  readonly draws: number;
  /** Games ended drawn at the move limit (the game's own `maxMoves` option, or the harness's cap). */
  readonly limitHits: number;
  readonly moves: number;
  /** Points by side summed over the games, from states that carry `points: [n, n]` (a scoring option). */
  readonly points: readonly [number, number];
}

export const NO_SIDE_STATS: SideStats = { games: 0, wins: [0, 0], draws: 0, limitHits: 0, moves: 0, points: [0, 0] };

/** The game's own move limit, when its options have one (`maxMoves`). */
function moveLimitOf(options: unknown): number {
  const limit = (options as { maxMoves?: unknown } | null)?.maxMoves;
  return typeof limit === "number" ? limit : Infinity;
}

function pointsOf(state: unknown): readonly [number, number] {
  const p = (state as { points?: unknown } | null)?.points;
  return Array.isArray(p) && p.length === 2 && typeof p[0] === "number" && typeof p[1] === "number"
    ? [p[0], p[1]]
    : [0, 0];
}

/**
 * Plays games [firstGame, firstGame + games) of a two-seat game with `side0` always in the first
 * seat: game g rolls from SeededRandom(seed + g), the bots choose from another stream (as `simulate`).
 * A run may be cut into chunks (firstGame) and the chunks added with `addSideStats`.
 */
export function playSideGames(
  game: AnyGame,
  side0: AnyBot,
  side1: AnyBot,
  options: { readonly games: number; readonly seed: number; readonly firstGame?: number; readonly options?: unknown },
): SideStats {
  const seats = seatNames(2);
  const bots = [side0, side1];
  const gameOptions = options.options ?? game.defaultOptions();
  const limit = moveLimitOf(gameOptions);
  const cap = Math.min(limit, 100_000);
  const wins: [number, number] = [0, 0];
  const points: [number, number] = [0, 0];
  let draws = 0;
  let limitHits = 0;
  let moves = 0;
  const first = options.firstGame ?? 0;
  for (let g = first; g < first + options.games; g++) {
    const dice = new SeededRandom((options.seed + g) >>> 0);
    const choices = new SeededRandom(((options.seed + g) ^ 0x2545f491) >>> 0);
    const setup = game.setup(seats, gameOptions, dice);
    if (!setup.ok) throw new Error(`${game.id} setup refused: ${setup.error.code}`);
    let state = setup.state;
    let played = 0;
    let status = game.status(state);
    while (!status.over && played < cap) {
      const seat = status.toAct[0];
      if (seat === undefined) throw new Error(`${game.id}: nobody to act in a game that is not over`);
      const legal = game.legalMoves(state, seat);
      const move =
        legal.length === 1
          ? legal[0]
          : (bots[seats.indexOf(seat)] as AnyBot).choose(game.view(state, { role: "seat", seat }), legal, choices);
      const r = game.apply(state, seat, move, dice);
      if (!r.ok) throw new Error(`${game.id}: ${seat} played ${JSON.stringify(move)}, refused: ${r.error.code}`);
      state = r.state;
      played++;
      status = game.status(state);
    }
    moves += played;
    const winners = status.over ? (status.result?.winners ?? []) : [];
    if (winners.length === 1) wins[seats.indexOf(winners[0] as SeatId) as 0 | 1]++;
    else {
      draws++;
      if (played >= cap) limitHits++;
    }
    const p = pointsOf(state);
    points[0] += p[0];
    points[1] += p[1];
  }
  return { games: options.games, wins, draws, limitHits, moves, points };
}

/** Adds two chunks of the same pairing. */
export function addSideStats(a: SideStats, b: SideStats): SideStats {
  return {
    games: a.games + b.games,
    wins: [a.wins[0] + b.wins[0], a.wins[1] + b.wins[1]],
    draws: a.draws + b.draws,
    limitHits: a.limitHits + b.limitHits,
    moves: a.moves + b.moves,
    points: [a.points[0] + b.points[0], a.points[1] + b.points[1]],
  };
}

/** The figures of a side-fixed run: each side's win rate with its 95% interval, draws, length, limit hits. */
export interface SideFigures {
  readonly games: number;
  readonly sides: readonly [
    { readonly wins: number; readonly rate: number; readonly low: number; readonly high: number },
    { readonly wins: number; readonly rate: number; readonly low: number; readonly high: number },
  ];
  readonly draws: number;
  readonly limitHits: number;
  readonly limitRate: number;
  readonly meanLength: number;
  /** Mean points a game by side (0 without a scoring option). */
  readonly meanPoints: readonly [number, number];
}

export function sideFigures(s: SideStats): SideFigures {
  const n = Math.max(1, s.games);
  const side = (i: 0 | 1) => {
    const ci = wilson(s.wins[i], s.games);
    return { wins: s.wins[i], rate: s.wins[i] / n, low: ci.low, high: ci.high };
  };
  return {
    games: s.games,
    sides: [side(0), side(1)],
    draws: s.draws,
    limitHits: s.limitHits,
    limitRate: s.limitHits / n,
    meanLength: s.moves / n,
    meanPoints: [s.points[0] / n, s.points[1] / n],
  };
}

/** One line of `npm run sim` for a side-fixed pairing. */
export function describeSideStats(title: string, s: SideStats): string {
  const f = sideFigures(s);
  const side = (i: 0 | 1) =>
    `side ${i + 1} won ${f.sides[i].wins} (${pct(f.sides[i].rate)}, 95% CI ${pct(f.sides[i].low)}-${pct(f.sides[i].high)})`;
  const points =
    s.points[0] + s.points[1] > 0
      ? `; points a game ${f.meanPoints[0].toFixed(2)} : ${f.meanPoints[1].toFixed(2)}`
      : "";
  return (
    `${title}: ${s.games} games; ${side(0)}; ${side(1)}; draws ${s.draws}; ` +
    `move limit hit ${s.limitHits} (${pct(f.limitRate)}); mean length ${f.meanLength.toFixed(1)} moves${points}`
  );
}
