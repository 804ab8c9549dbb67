/**
 * The balance lab's measure: bot against bot with the sides fixed (side 0 always bot A), each
 * side's wins with a 95% interval, draws, mean length and move-limit hits. Pure and seeded.
 */
import type { AnyBot, AnyGame } from "../core";
import { simulate, wilson } from "../core";

export interface SideStats {
  readonly games: number;
  /** Wins by side (side 0 moves first: Rebel, Schelati, White). */
  readonly wins: readonly [number, number];
  readonly draws: number;
  /** Games stopped at the move limit (drawn by adjudication). */
  readonly limitHits: number;
  readonly moves: number;
}

/** Plays `games` games with `side0` always on side 0 (even game numbers of the rotating harness). */
export function playSides(
  game: AnyGame,
  side0: AnyBot,
  side1: AnyBot,
  games: number,
  seed: number,
  options?: unknown,
): SideStats {
  const wins: [number, number] = [0, 0];
  let draws = 0;
  let limitHits = 0;
  let moves = 0;
  for (let g = 0; g < games; g++) {
    const st = simulate(game, [side0, side1], { games: 1, firstGame: 2 * g, seed, options, maxMoves: 100_000 });
    moves += st.moves;
    if (st.wins[0] === 1) wins[0]++;
    else if (st.wins[1] === 1) wins[1]++;
    else draws++;
    // The games' own move limit ends them drawn; a draw at that length is a limit hit.
    const limit =
      (options as { maxMoves?: number } | undefined)?.maxMoves ??
      (game.defaultOptions() as { maxMoves: number }).maxMoves;
    if (st.draws === 1 && st.moves >= limit) limitHits++;
  }
  return { games, wins, draws, limitHits, moves };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function describeSides(title: string, sides: readonly [string, string], s: SideStats): string {
  const line = (i: 0 | 1) => {
    const ci = wilson(s.wins[i], s.games);
    return `${sides[i]} ${s.wins[i]} (${pct(s.wins[i] / s.games)}, 95% CI ${pct(ci.low)}-${pct(ci.high)})`;
  };
  return (
    `${title}: ${s.games} games; ${line(0)}; ${line(1)}; draws ${s.draws} (move limit ${s.limitHits}); ` +
    `mean length ${(s.moves / Math.max(1, s.games)).toFixed(1)} moves`
  );
}
