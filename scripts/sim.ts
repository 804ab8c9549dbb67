/**
 * `npm run sim -- <game> --games N --bots a,b --seed S [--workers W] [--max-moves M] [--pieces P]`: bots of
 * any registered game against each other (scripts/sim.mjs loads this through Vite and splits the
 * games over worker processes). `npm run sim -- --list` lists games and bot levels.
 */
import {
  type AnyBot,
  type AnyGame,
  type SimulationStats,
  describeStats,
  mergeStats,
  simulate,
} from "../src/rules/core";
import { bots, games } from "../src/games";
import { ulwanReferenceBots } from "../src/rules/ulwan/reference";

/** The registry the harness plays from (src/games). */
export function registry(): {
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly bots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>;
} {
  // The published reference agents (RoyalUr-Analysis, RoyalUr-Java) join the Ulwan games' levels
  // here only: they are yardsticks for `npm run sim`, not opponents offered to GMs.
  const withReference = Object.fromEntries(
    Object.entries(bots).map(([id, levels]) => [
      id,
      id.includes("ulwan") ? { ...levels, ...(ulwanReferenceBots as Record<string, AnyBot>) } : levels,
    ]),
  );
  return { games, bots: withReference };
}

export interface SimArgs {
  readonly gameId: string;
  readonly bots: readonly string[];
  readonly games: number;
  readonly seed: number;
  readonly maxMoves: number;
  /** Pieces per player for the Ulwan games (their `pieces` option); default the game's own. */
  readonly pieces?: number;
}

function pick(gameId: string, names: readonly string[]): { game: AnyGame; players: AnyBot[] } {
  const r = registry();
  const game = Object.prototype.hasOwnProperty.call(r.games, gameId) ? r.games[gameId] : undefined;
  if (!game) throw new Error(`No game ${gameId}; games: ${Object.keys(r.games).join(", ")}`);
  const levels = r.bots[gameId] ?? {};
  const players = names.map((name) => {
    const bot = Object.prototype.hasOwnProperty.call(levels, name) ? levels[name] : undefined;
    if (!bot) throw new Error(`No bot ${name} for ${gameId}; levels: ${Object.keys(levels).join(", ")}`);
    return bot;
  });
  return { game, players };
}

/** Plays games [firstGame, firstGame + count) of a run. */
export function runSlice(args: SimArgs, firstGame: number, count: number): SimulationStats {
  const { game, players } = pick(args.gameId, args.bots);
  const defaults = game.defaultOptions() as Record<string, unknown>;
  return simulate(game, players, {
    options: args.pieces === undefined ? defaults : { ...defaults, pieces: args.pieces },
    games: count,
    seed: args.seed,
    firstGame,
    maxMoves: args.maxMoves,
    now: () => performance.now(),
  });
}

/** Throws a readable error when the game or a bot does not exist. */
export function check(args: SimArgs): void {
  pick(args.gameId, args.bots);
}

export function report(args: SimArgs, parts: readonly SimulationStats[]): string {
  const [head, ...rest] = parts;
  if (!head) throw new Error("no results");
  const game = args.pieces === undefined ? args.gameId : `${args.gameId} (${args.pieces} pieces)`;
  return describeStats(game, args.bots, rest.reduce(mergeStats, head));
}

export function listing(): string {
  const r = registry();
  return Object.keys(r.games)
    .map((id) => `${id}: ${Object.keys(r.bots[id] ?? {}).join(", ") || "(no bots)"}`)
    .join("\n");
}
