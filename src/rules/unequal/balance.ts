/**
 * The balance lab's measure for the three games: bot against bot with the sides fixed (side 0
 * always bot A), on the core's side-fixed harness (core/simulate.ts), described with side names.
 */
import type { AnyBot, AnyGame, SideStats } from "../core";
import { playSideGames, sideFigures } from "../core";

export type { SideStats };

/** Plays `games` games with `side0` always on side 0 (seeds seed..seed + games - 1). */
export function playSides(
  game: AnyGame,
  side0: AnyBot,
  side1: AnyBot,
  games: number,
  seed: number,
  options?: unknown,
): SideStats {
  return playSideGames(game, side0, side1, { games, seed, options });
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function describeSides(title: string, sides: readonly [string, string], s: SideStats): string {
  const f = sideFigures(s);
  const line = (i: 0 | 1) =>
    `${sides[i]} ${f.sides[i].wins} (${pct(f.sides[i].rate)}, 95% CI ${pct(f.sides[i].low)}-${pct(f.sides[i].high)})`;
  return (
    `${title}: ${s.games} games; ${line(0)}; ${line(1)}; draws ${s.draws} (move limit ${s.limitHits}); ` +
    `mean length ${f.meanLength.toFixed(1)} moves`
  );
}
