/**
 * `npm run sim -- <game> --games N [--bots a,b] [--sides] [--options k=v,...] --seed S [--workers W] [--pieces P]`:
 * bots of any registered game against each other (scripts/sim.mjs loads this through Vite and splits
 * the games over worker processes). Two-seat games without `--bots` (or with `--sides`) are the
 * balance lab: every pairing of levels with the sides fixed, each side's figures. `--list` lists.
 */
import {
  type AnyBot,
  type AnyGame,
  type SideStats,
  type SimulationStats,
  addSideStats,
  describeSideStats,
  describeStats,
  mergeStats,
  playSideGames,
  simulate,
} from "../src/rules/core";
import { bots, games, strongestLevels } from "../src/games";
import { type YardstickStats, addYardstickStats, describeYardstick, playYardstick } from "./yardstick";
import { ulwanReferenceBots } from "../src/rules/ulwan/reference";
import { EXPERT_SEARCH, ULWAN_DEEP_SEARCH, expertBot } from "../src/rules/ulwan/bots";

/**
 * The published reference agents (RoyalUr-Analysis, RoyalUr-Java), and the candidate for Ulwan's
 * expert four rolls deep (`expert-deep`), typed as the registry's levels.
 */
const referenceLevels: Readonly<Record<string, AnyBot>> = {
  ...ulwanReferenceBots,
  "expert-deep": expertBot(EXPERT_SEARCH, ULWAN_DEEP_SEARCH),
};

/**
 * The registry the harness plays from: every game and its levels as src/games lists them. The
 * reference agents join the Ulwan games' levels here only: they are yardsticks for `npm run sim`,
 * not opponents offered to GMs.
 */
export function registry(): {
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly bots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>;
} {
  const withReference: Record<string, Readonly<Record<string, AnyBot>>> = Object.fromEntries(
    Object.entries(bots).map(([id, levels]) => [id, id.includes("ulwan") ? { ...levels, ...referenceLevels } : levels]),
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
  /** Side-fixed mode forced (`--sides`); two-seat games without `--bots` use it anyway. */
  readonly sides: boolean;
  /** `k=v,k=v` over the game's default options (values read as JSON where they parse). */
  readonly options: string;
}

function pickGame(gameId: string): AnyGame {
  const r = registry();
  const game = Object.prototype.hasOwnProperty.call(r.games, gameId) ? r.games[gameId] : undefined;
  if (!game) throw new Error(`No game ${gameId}; games: ${Object.keys(r.games).join(", ")}`);
  return game;
}

function pickBot(gameId: string, name: string): AnyBot {
  const levels = registry().bots[gameId] ?? {};
  const bot = Object.prototype.hasOwnProperty.call(levels, name) ? levels[name] : undefined;
  if (!bot) throw new Error(`No bot ${name} for ${gameId}; levels: ${Object.keys(levels).join(", ")}`);
  return bot;
}

/** The game's options: its defaults with `--options` over them, checked by the game. */
export function gameOptions(args: SimArgs): unknown {
  const game = pickGame(args.gameId);
  const defaults = game.defaultOptions();
  const options: Record<string, unknown> = typeof defaults === "object" && defaults !== null ? { ...defaults } : {};
  for (const pair of args.options.split(",").filter(Boolean)) {
    const [key, value = ""] = pair.split("=", 2);
    if (!key || !Object.prototype.hasOwnProperty.call(options, key))
      throw new Error(`No option ${key} for ${args.gameId}; options: ${Object.keys(options).join(", ")}`);
    try {
      options[key] = JSON.parse(value);
    } catch {
      options[key] = value;
    }
  }
  if (args.pieces !== undefined) options.pieces = args.pieces;
  const checked = game.checkOptions(options, ["s1", "s2"]);
  if (!checked.ok)
    throw new Error(`Options refused: ${checked.error.code} ${JSON.stringify(checked.error.params ?? {})}`);
  return options;
}

/** Whether the run is side-fixed (the balance lab). */
export function sideMode(args: SimArgs): boolean {
  const game = pickGame(args.gameId);
  return args.sides || (args.bots.length === 0 && game.maxSeats === 2);
}

/** The side-fixed pairings to play: the named one, or every level against every level. */
export function pairings(args: SimArgs): [string, string][] {
  if (args.bots.length === 2) return [[args.bots[0]!, args.bots[1]!]];
  if (args.bots.length > 0) throw new Error("--sides takes exactly two bots (side 1, side 2) or none");
  const levels = Object.keys(registry().bots[args.gameId] ?? {});
  if (levels.length === 0) throw new Error(`${args.gameId} has no bots`);
  return levels.flatMap((a) => levels.map((b): [string, string] => [a, b]));
}

/** Plays games [firstGame, firstGame + count) of a run. */
export function runSlice(args: SimArgs, firstGame: number, count: number): SimulationStats {
  const game = pickGame(args.gameId);
  return simulate(
    game,
    args.bots.map((b) => pickBot(args.gameId, b)),
    {
      games: count,
      seed: args.seed,
      firstGame,
      maxMoves: args.maxMoves,
      options: gameOptions(args),
      now: () => performance.now(),
    },
  );
}

/** Plays games [firstGame, firstGame + count) of side-fixed pairing `pair`. */
export function runSideSlice(args: SimArgs, pair: number, firstGame: number, count: number): SideStats {
  const [a, b] = pairings(args)[pair]!;
  return playSideGames(pickGame(args.gameId), pickBot(args.gameId, a), pickBot(args.gameId, b), {
    games: count,
    seed: args.seed,
    firstGame,
    options: gameOptions(args),
  });
}

/** Throws a readable error when the game, a bot or an option does not exist. */
export function check(args: SimArgs): void {
  pickGame(args.gameId);
  gameOptions(args);
  if (sideMode(args)) pairings(args);
  else {
    if (args.bots.length === 0) throw new Error("--bots a,b names the bots (npm run sim -- --list)");
    args.bots.forEach((b) => pickBot(args.gameId, b));
  }
}

export function report(args: SimArgs, parts: readonly SimulationStats[]): string {
  const [head, ...rest] = parts;
  if (!head) throw new Error("no results");
  const game = args.pieces === undefined ? args.gameId : `${args.gameId} (${args.pieces} pieces)`;
  return describeStats(game, args.bots, rest.reduce(mergeStats, head));
}

export function sideReport(args: SimArgs, pair: number, parts: readonly SideStats[]): string {
  const [a, b] = pairings(args)[pair]!;
  const [head, ...rest] = parts;
  if (!head) throw new Error("no results");
  return describeSideStats(`${args.gameId} ${a} (side 1) vs ${b} (side 2)`, rest.reduce(addSideStats, head));
}

/** The chunks of one pairing added together. */
export function addAll(parts: readonly SideStats[]): SideStats {
  return parts.reduce(addSideStats);
}

export function listing(): string {
  const r = registry();
  return Object.keys(r.games)
    .map((id) => `${id}: ${Object.keys(r.bots[id] ?? {}).join(", ") || "(no bots)"}`)
    .join("\n");
}

// ---- the yardstick: each game's strongest level against textbook UCT (scripts/uct.ts) ----

/**
 * The games `--yardstick` measures by default: the two-seat games of open boards and dice. Sabacc is
 * left out (the search sees the true state: hidden hands and the deck would be open to it), and Ubongo
 * (a puzzle race, not a game tree).
 */
export const YARDSTICK_GAMES = [
  "ulwan-finkel",
  "ulwan",
  "seven-ulwan",
  "hununga",
  "porrika",
  "takat",
  "defiance-and-domain",
] as const;

export interface YardstickArgs {
  /** The games (default YARDSTICK_GAMES). */
  readonly only: readonly string[];
  /** The yardstick's iterations a move, one run each (default 1,000 and 10,000). */
  readonly iterations: readonly number[];
  readonly games: number;
  readonly seed: number;
  readonly maxMoves: number;
  /** The bot level (default each game's strongest, its descriptor's `strongestLevel`). */
  readonly level?: string;
  /** A host's time budget for the bot's decisions (ms); absent: its node limits only. */
  readonly botMs?: number;
  /** Plies after which the yardstick's playouts stop as draws (default uct.ts's PLAYOUT_LIMIT). */
  readonly playoutLimit?: number;
}

export function yardstickLevel(args: YardstickArgs, gameId: string): string {
  return args.level ?? strongestLevels[gameId] ?? Object.keys(registry().bots[gameId] ?? {})[0] ?? "";
}

/** Throws a readable error when a game or level does not exist or does not seat two. */
export function checkYardstick(args: YardstickArgs): void {
  for (const id of args.only) {
    const game = pickGame(id);
    if (game.minSeats > 2 || game.maxSeats < 2) throw new Error(`${id} does not seat two`);
    pickBot(id, yardstickLevel(args, id));
  }
  if (args.iterations.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--iterations takes whole numbers");
  if (args.playoutLimit !== undefined && (!Number.isInteger(args.playoutLimit) || args.playoutLimit < 1))
    throw new Error("--playout-limit takes a whole number");
}

/** Games [firstGame, firstGame + count) of one game's level against the yardstick at `iterations`. */
export function yardstickSlice(
  args: YardstickArgs,
  gameId: string,
  iterations: number,
  firstGame: number,
  count: number,
): YardstickStats {
  return playYardstick(pickGame(gameId), pickBot(gameId, yardstickLevel(args, gameId)), {
    games: count,
    seed: args.seed,
    firstGame,
    iterations,
    maxMoves: args.maxMoves,
    now: () => performance.now(),
    ...(args.botMs !== undefined ? { botMs: args.botMs } : {}),
    ...(args.playoutLimit !== undefined ? { playoutLimit: args.playoutLimit } : {}),
  });
}

export function yardstickReport(
  args: YardstickArgs,
  gameId: string,
  iterations: number,
  parts: readonly YardstickStats[],
): string {
  const cap = args.playoutLimit === undefined ? "" : `, playouts cut at ${args.playoutLimit} plies as draws`;
  const title = `${gameId} ${yardstickLevel(args, gameId)} vs UCT ${iterations.toLocaleString("en")} iterations${cap}`;
  return describeYardstick(title, parts.reduce(addYardstickStats));
}
