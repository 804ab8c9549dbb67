/**
 * The published reference agents for Finkel's Ur (RoyalUr-Analysis's depth-N expectimax, RoyalUr-Java's
 * likelihood search at 0.01), written for race.ts so `npm run sim` can measure our bots; sim only.
 */
import type { Bot, Random } from "../core";
import { type UlwanMove } from "./state";
import type { UlwanView } from "./games";
import { piecesAdvanced, raceChoice, type RaceSearch } from "./race";
import { strongChoice } from "./bots";

function searchBot(search: RaceSearch): Bot<UlwanView, UlwanMove> {
  return {
    choose(view, legal, _random: Random) {
      if (legal.length === 1) return legal[0] as UlwanMove;
      const roll = legal.find((m) => m.type === "roll");
      if (roll) return roll;
      return raceChoice(view.state, legal, search) ?? strongChoice(view.state, legal);
    },
  };
}

/**
 * RoyalUr-Analysis's expectimax of depth `depth`, as they count it: the move is depth 0 and the
 * search stops at `depth`, so it expands `depth - 1` rolls after the move (their ExpectimaxAgent).
 */
export function referenceExpectimax(depth: number): Bot<UlwanView, UlwanMove> {
  return searchBot({ depth: depth - 1, likelihood: 0, evaluate: piecesAdvanced });
}

/** RoyalUr-Java's likelihood agent: a line stops once its rolls are less likely than `threshold`. */
export function referenceLikelihood(threshold = 0.01): Bot<UlwanView, UlwanMove> {
  return searchBot({ depth: Infinity, likelihood: threshold, evaluate: piecesAdvanced });
}

/** The reference agents by level name, for npm run sim. */
export const ulwanReferenceBots = {
  "ref-expectimax-3": referenceExpectimax(3),
  "ref-expectimax-4": referenceExpectimax(4),
  "ref-expectimax-6": referenceExpectimax(6),
  "ref-likelihood": referenceLikelihood(0.01),
} as const;
