/**
 * Sabacc bots ("basic", "sharp", "random"), deciding from their own seat's view only.
 * Details: docs/rules-layer.md, "src/rules/sabacc/bots.ts".
 */
import type { Bot, Random } from "../core";
import { type CardId, DECK_IDS, baseId, handKind, totalOf, valueOf } from "./deck";
import type { SimplifiedMove, SimplifiedView } from "./simplified";
import type { SuperSimplifiedMove, SuperSimplifiedView } from "./super-simplified";
import type { TrueMove, TrueSeatView, TrueView } from "./true-sabacc";

function pick<M extends { type: string }>(legal: readonly M[], type: M["type"]): M | undefined {
  return legal.find((m) => m.type === type);
}

export const basicSuperSimplifiedBot: Bot<SuperSimplifiedView, SuperSimplifiedMove> = {
  choose(view, legal, random: Random) {
    const me = view.seats.find((s) => s.seat === view.toAct[0]);
    const hand = me?.hand ?? 0;
    const only = legal[0];
    if (legal.length === 1 && only) return only;
    if (view.deciding)
      return (hand < 14 ? pick(legal, "reroll") : pick(legal, "keep")) ?? (only as SuperSimplifiedMove);
    if (view.phase === "betting") {
      const bets = legal
        .filter((m): m is Extract<SuperSimplifiedMove, { type: "bet" }> => m.type === "bet")
        .sort((a, b) => a.amount - b.amount);
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

// ---- any variant: "random" ----

/** Plays any legal move: a move type at random, then a move of that type at random. The baseline. */
export function randomBot<V, M extends { type: string }>(): Bot<V, M> {
  return {
    choose(_view, legal, random) {
      const types = [...new Set(legal.map((m) => m.type))];
      const type = types[random.die(types.length) - 1];
      const of = legal.filter((m) => m.type === type);
      return of[random.die(of.length) - 1] ?? (legal[0] as M);
    },
  };
}

// ---- Simplified Sabacc: "sharp" ----

/** Keeps close hands, rerolls bad ones, locks what the next rolls would likely spoil, bets the minimum, folds the hopeless. */
export const sharpSimplifiedBot: Bot<SimplifiedView, SimplifiedMove> = {
  choose(view, legal) {
    const only = legal[0] as SimplifiedMove;
    if (legal.length === 1) return only;
    const me = view.seats.find((s) => s.seat === view.toAct[0]);
    const hand = me?.hand ?? 0;
    const distance = Math.abs(23 - hand);
    const has = (type: SimplifiedMove["type"]): SimplifiedMove | undefined => legal.find((m) => m.type === type);
    if (view.deciding) {
      if (view.phase === "adjust" && me?.change !== null && me?.change !== undefined) {
        // A reroll of the ±5 lands on the other side half the time: worth it when that side is much closer.
        const other = Math.abs(23 - (hand - 2 * me.change));
        return (other + 6 <= distance ? has("reroll") : has("keep")) ?? only;
      }
      // A fresh 1d23 is on average 12 away from 23 (rounds down: 6 away in expectation of the best of the shift).
      return (distance >= 12 ? has("reroll") : has("keep")) ?? only;
    }
    switch (view.phase) {
      case "lock": {
        // Rule 5 (before the ±5 and the shift), rule 8 (before the shift), rule 12 (before one last ±5).
        const limit = view.rule === 5 ? 2 : view.rule === 8 ? 6 : 5;
        return (distance <= limit ? has("lock") : has("play-on")) ?? only;
      }
      case "bet": {
        const bets = legal
          .filter((m): m is Extract<SimplifiedMove, { type: "bet" }> => m.type === "bet")
          .sort((a, b) => a.amount - b.amount);
        const late = view.rule >= 13;
        const hopeless = (view.rule === 15 && distance >= 9) || (late && me?.locked === true && distance >= 11);
        if (hopeless || bets.length === 0) return has("fold") ?? only;
        // Each credit bet comes back only if the hand wins: never bet above the minimum.
        return bets[0] ?? only;
      }
      default:
        return only;
    }
  },
};

// ---- True Sabacc: "sharp" ----

/** How good a hand is, roughly its chance against a random hand: bombing out is worthless. */
function worth(cards: readonly CardId[]): number {
  switch (handKind(cards)) {
    case "idiots-array":
      return 1.5;
    case "pure-sabacc":
      return 1.3;
    case "bomb-out":
      return 0;
    case "hand":
      return (Math.abs(totalOf(cards)) / 23) ** 3;
  }
}

/** The cards this seat cannot see anywhere: its candidates for the next deal. */
function unseen(view: TrueView, me: TrueSeatView): CardId[] {
  const seen = new Set<CardId>([...(me.hand ?? []), ...(me.setAside ?? []), ...view.discards].map(baseId));
  for (const s of view.seats) for (const c of s.field) seen.add(baseId(c));
  return DECK_IDS.filter((c) => !seen.has(c));
}

function expectedWith(base: readonly CardId[], pool: readonly CardId[]): number {
  if (pool.length === 0) return worth(base);
  let sum = 0;
  for (const c of pool) sum += worth([...base, c]);
  return sum / pool.length;
}

export const sharpTrueBot: Bot<TrueView, TrueMove> = {
  choose(view, legal) {
    const only = legal[0] as TrueMove;
    if (legal.length === 1) return only;
    const me = view.seats.find((s) => s.seat === view.toAct[0]);
    if (!me) return only;
    const hand = me.hand ?? [];
    const mine = [...me.field, ...hand];
    const now = worth(mine);
    const pool = unseen(view, me);
    const has = (type: TrueMove["type"]): TrueMove | undefined => legal.find((m) => m.type === type);

    if (view.deciding) {
      const pending = view.pending;
      if (pending === null || !has("reroll")) return has("keep") ?? only;
      const without = mine.filter((c) => c !== pending);
      // A point is also a third of a cheat: spend it only for a clear gain.
      return (expectedWith(without, pool) > now + 0.25 ? has("reroll") : has("keep")) ?? only;
    }

    switch (view.phase) {
      case "dts": {
        let bestMove: TrueMove = has("stand") ?? only;
        let best = now + 0.02;
        if (has("draw")) {
          const e = expectedWith(mine, pool);
          if (e > best) {
            best = e;
            bestMove = { type: "draw" };
          }
        }
        for (const m of legal) {
          if (m.type !== "trade") continue;
          const e = expectedWith(
            mine.filter((c) => c !== m.card),
            pool,
          );
          if (e > best) {
            best = e;
            bestMove = m;
          }
        }
        return bestMove;
      }
      case "lock": {
        // Before a possible shift, lock a hand worth keeping; later, locking only shows it.
        if (view.round <= 3 && hand.length > 0 && now >= 0.55)
          return legal.find((m) => m.type === "lock" && m.cards.length === hand.length) ?? only;
        return legal.find((m) => m.type === "lock" && m.cards.length === 0) ?? only;
      }
      case "betting": {
        const match = legal.find((m): m is Extract<TrueMove, { type: "bet" }> => m.type === "bet");
        const raises = legal
          .filter((m): m is Extract<TrueMove, { type: "bet" }> => m.type === "bet" && m !== match)
          .sort((a, b) => a.amount - b.amount);
        const toMatch = match?.amount ?? 0;
        const call = has("call");
        if (call && (now >= 0.6 || view.round >= 7)) return call;
        if (now < 0.2 && toMatch > 0 && toMatch > view.mainPot / 3) return has("fold") ?? only;
        if (now >= 0.8 && raises[0] && view.betting.high < view.mainPot) return raises[0];
        return match ?? only;
      }
      case "cheat": {
        if (handKind(mine) === "pure-sabacc" || handKind(mine) === "idiots-array" || now >= 0.6)
          return has("no-cheat") ?? only;
        const total = totalOf(mine);
        // A card nobody has seen makes the cheat undetectable if it is still in the deck.
        const fix = pool.find((c) => Math.abs(total + valueOf(c)) === 23);
        const cheat = fix === undefined ? undefined : legal.find((m) => m.type === "cheat" && m.card === fix);
        return cheat ?? has("no-cheat") ?? only;
      }
      default:
        return only;
    }
  },
};
