/**
 * The strong Ulwan bot against another level (greedy by default):
 * `node scripts/ulwan-bot-match.mjs [games=2000] [game id=ulwan] [workers=2] [opponent=greedy]`
 * (seats alternating, seeds 1..N). Prints wins and the win rate.
 */
import { ulwanBotLevels } from "../src/rules/ulwan/bots";
import { type UlwanGameId, playMatch } from "../src/rules/ulwan/match";

export function run(
  games: number,
  gameId: UlwanGameId,
  from = 1,
  opponent: keyof typeof ulwanBotLevels = "greedy",
): { strong: number; greedy: number; decisions: number } {
  let strong = 0;
  let decisions = 0;
  for (let g = from; g < from + games; g++) {
    const r = playMatch(gameId, [ulwanBotLevels.strong, ulwanBotLevels[opponent]], g, (g % 2) as 0 | 1);
    if (r.winner === 0) strong++;
    decisions += r.decisions;
  }
  return { strong, greedy: games - strong, decisions };
}
