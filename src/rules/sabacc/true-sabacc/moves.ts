/**
 * True Sabacc's moves: which are legal for a seat now, and the shape check for moves from outside.
 */
import type { SeatId } from "../../core";
import { isCount } from "../common";
import { type CardId, DECK_IDS } from "../deck";
import { betCap, canCheat, toAct } from "./seats";
import { CALL_ROUND, type TrueMove, type TrueState } from "./types";

export function legal(s: TrueState, seat: SeatId): TrueMove[] {
  if (!toAct(s).includes(seat)) return [];
  const hand = s.hands[seat] ?? [];
  switch (s.phase) {
    case "order":
      return [{ type: "roll-order" }];
    case "deal":
    case "dts":
      if (s.deciding)
        return (s.luck[seat] ?? 0) > 0 && s.deck.length > 0
          ? [{ type: "reroll" }, { type: "keep" }]
          : [{ type: "keep" }];
      if (s.phase === "deal") return [{ type: "deal" }];
      if (s.deck.length === 0) return [{ type: "stand" }];
      return [{ type: "draw" }, ...hand.map((card): TrueMove => ({ type: "trade", card })), { type: "stand" }];
    case "betting": {
      const b = s.betting;
      const mine = b.contributed[seat] ?? 0;
      const match = b.high - mine;
      // In the last round a player who cannot meet the bet again can only fold.
      const moves: TrueMove[] =
        (s.credits[seat] ?? 0) >= match ? [{ type: "fold" }, { type: "bet", amount: match }] : [{ type: "fold" }];
      if (!b.final) {
        const cap = betCap(s);
        const raises = new Set([b.high + 100, b.high + 500, Math.max(b.high + 1, Math.floor((b.high + cap) / 2)), cap]);
        for (const total of [...raises].sort((x, y) => x - y))
          if (total > b.high && total <= cap) moves.push({ type: "bet", amount: total - mine });
        if (s.round >= CALL_ROUND && b.caller === null) moves.push({ type: "call" });
      }
      return moves;
    }
    case "lock": {
      const moves: TrueMove[] = [{ type: "lock", cards: [] }];
      for (const card of hand) moves.push({ type: "lock", cards: [card] });
      if (hand.length > 1) moves.push({ type: "lock", cards: [...hand] });
      return moves;
    }
    case "shift":
      return [{ type: "redraw" }];
    case "cheat":
      return canCheat(s, seat)
        ? [{ type: "no-cheat" }, ...DECK_IDS.map((card): TrueMove => ({ type: "cheat", card }))]
        : [{ type: "no-cheat" }];
    case "demise":
      return [{ type: "demise-draw" }];
    case "over":
      return [];
  }
}

function isCardList(x: unknown): x is CardId[] {
  return Array.isArray(x) && x.every((c) => typeof c === "string" && c.length < 40) && x.length <= 80;
}

export function isTrueMove(move: unknown): move is TrueMove {
  if (typeof move !== "object" || move === null) return false;
  const m = move as Record<string, unknown>;
  const size = Object.keys(m).length;
  switch (m.type) {
    case "roll-order":
    case "deal":
    case "reroll":
    case "keep":
    case "draw":
    case "stand":
    case "call":
    case "fold":
    case "redraw":
    case "no-cheat":
    case "demise-draw":
      return size === 1;
    case "trade":
    case "cheat":
      return size === 2 && typeof m.card === "string" && m.card.length < 40;
    case "bet":
      return size === 2 && isCount(m.amount);
    case "lock":
      return size === 2 && isCardList(m.cards);
    default:
      return false;
  }
}
