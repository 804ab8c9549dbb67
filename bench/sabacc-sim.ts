/**
 * The Sabacc bot tests' view of the simulation harness (src/rules/core/simulate.ts): a strong and a
 * weak level heads-up, seats alternating. `npm run sim` prints the same figures with intervals.
 */
import { simulate as simulateGames } from "../src/rules/core";
import { gameById } from "../src/rules";
import { bots } from "../src/rules/bots";

export interface SimResult {
  readonly gameId: string;
  readonly strong: string;
  readonly weak: string;
  readonly matches: number;
  /** Matches the strong bot won outright, the weak bot won outright, and the rest (splits). */
  readonly strongWins: number;
  readonly weakWins: number;
  readonly other: number;
  /** Net credits over all matches. */
  readonly strongNet: number;
  readonly weakNet: number;
  readonly moves: number;
}

/** One pairing over `matches` games through the rules core's harness (seats rotate, seeds from `seed`). */
export function simulate(gameId: string, strong: string, weak: string, matches: number, seed = 1): SimResult {
  const game = gameById(gameId);
  const levels = bots[gameId];
  const strongBot = levels?.[strong];
  const weakBot = levels?.[weak];
  if (!game || !strongBot || !weakBot) throw new Error(`no game or bots for ${gameId}`);
  const stats = simulateGames(game, [strongBot, weakBot], { games: matches, seed });
  return {
    gameId,
    strong,
    weak,
    matches,
    strongWins: stats.wins[0] ?? 0,
    weakWins: stats.wins[1] ?? 0,
    other: stats.draws + stats.unfinished,
    strongNet: stats.credits[0] ?? 0,
    weakNet: stats.credits[1] ?? 0,
    moves: stats.moves,
  };
}

export function describeResult(r: SimResult): string {
  return (
    `${r.gameId}: ${r.strong} vs ${r.weak} over ${r.matches} matches: ${r.strong} wins ${r.strongWins}, ${r.weak} wins ${r.weakWins}, ` +
    `splits ${r.other}; net credits ${r.strong} ${r.strongNet >= 0 ? "+" : ""}${r.strongNet} (${(r.strongNet / r.matches).toFixed(0)} a match), ` +
    `${r.weak} ${r.weakNet >= 0 ? "+" : ""}${r.weakNet} (${(r.weakNet / r.matches).toFixed(0)} a match)`
  );
}
