/**
 * Sabacc bots. They decide from their own seat's view only (their hand, their points, the pot).
 * "basic": rerolls a weak hand and bets in proportion to its strength.
 */
import type { Bot, Random } from "../core";
import type { SuperSimplifiedMove, SuperSimplifiedView } from "./super-simplified";

function pick<M extends { type: string }>(legal: readonly M[], type: M["type"]): M | undefined {
  return legal.find((m) => m.type === type);
}

export const basicSuperSimplifiedBot: Bot<SuperSimplifiedView, SuperSimplifiedMove> = {
  choose(view, legal, random: Random) {
    const me = view.seats.find((s) => s.seat === view.toAct[0]);
    const hand = me?.hand ?? 0;
    const only = legal[0];
    if (legal.length === 1 && only) return only;
    if (view.deciding) return (hand < 14 ? pick(legal, "reroll") : pick(legal, "keep")) ?? (only as SuperSimplifiedMove);
    if (view.phase === "betting") {
      const bets = legal.filter((m): m is Extract<SuperSimplifiedMove, { type: "bet" }> => m.type === "bet").sort((a, b) => a.amount - b.amount);
      const fold = pick(legal, "fold");
      // A weak hand folds; a little bluffing keeps the bot from being read at once.
      if (hand < 12 && random.die(10) > 2 && fold) return fold;
      if (bets.length === 0) return fold ?? (only as SuperSimplifiedMove);
      const strength = hand >= 21 ? 2 : hand >= 18 ? 1 : 0;
      return bets[Math.min(strength, bets.length - 1)] ?? (only as SuperSimplifiedMove);
    }
    return only as SuperSimplifiedMove;
  },
};
