/**
 * Ulwan bots, for every game of this engine (Ulwan, the Finkel preset, Seven Ulwan). They decide
 * from their seat's view (Ulwan has no hidden information, so the view holds the whole state).
 *
 * "greedy": the move that leaves the best race (own progress minus the opponent's) right now.
 * "careful": one ply like greedy, scored with the strong bot's evaluation.
 * "strong": expectiminimax over the dice (four d2: 0-4 with odds 1,4,6,4,1 in 16) two chance
 *           layers deep (its move, the opponent's roll and reply, its own next roll and move),
 *           scoring positions by race, safety, Cresh and the purse.
 */
import type { Bot, GameEvent, Random } from "../core";
import { boardIndex } from "./board";
import {
  type UlwanMove,
  type UlwanState,
  HAND,
  OFF,
  ROLL_ODDS,
  applyMove,
  isFreeRollOffer,
  legalMovesOf,
  takeExtraRoll,
  withRoll,
} from "./engine";
import type { UlwanView } from "./games";

const WIN = 10_000;
const scratch: GameEvent[] = [];

/**
 * The state after a move that throws no dice (the caller knows it is legal); taking Ulwan's free
 * Cresh roll gives the state about to roll (its dice are the caller's chance layer).
 */
export function next(state: UlwanState, move: UlwanMove): UlwanState | null {
  scratch.length = 0;
  if (move.type === "roll") return isFreeRollOffer(state) ? takeExtraRoll(state, state.turn, scratch) : null;
  const r = applyMove(state, move, null, scratch);
  return typeof r === "string" ? null : r;
}

/** How far each piece of `p` has come: 0 in hand, 1..L on the board, L+1 off. */
function progress(state: UlwanState, p: 0 | 1): number {
  const b = boardIndex(state.board);
  const L = b.length;
  let total = 0;
  for (const loc of state.pos[p]) {
    if (loc === OFF) total += L + 1;
    else if (loc >= 0) {
      const i = b.pathIndex[p][loc] as number;
      total += (i >= 0 ? i : (b.pathIndex[p === 0 ? 1 : 0][loc] as number)) + 1;
    }
  }
  return total;
}

/** The plain race: own progress minus the opponent's. */
export function race(state: UlwanState, me: 0 | 1): number {
  if (state.winner !== null) return state.winner === me ? WIN : -WIN;
  return progress(state, me) - progress(state, me === 0 ? 1 : 0);
}

/** Chance that a piece at distance d (1..4) behind a square hits it next roll. */
const HIT: readonly number[] = [
  0,
  ROLL_ODDS[1] as number,
  ROLL_ODDS[2] as number,
  ROLL_ODDS[3] as number,
  ROLL_ODDS[4] as number,
];

/** Race, plus danger to pieces in the shared row, plus holding Cresh squares, plus the purse. */
export function evaluate(state: UlwanState, me: 0 | 1): number {
  if (state.winner !== null) return state.winner === me ? WIN : -WIN;
  const b = boardIndex(state.board);
  let score = 0;
  for (const p of [0, 1] as const) {
    const sign = p === me ? 1 : -1;
    const o = p === 0 ? 1 : 0;
    let value = progress(state, p);
    for (const loc of state.pos[p]) {
      if (loc < 0) continue;
      const kind = b.kinds[loc];
      const i = b.pathIndex[p][loc] as number;
      if (kind === "cresh") value += b.owners[loc] === null ? 3 : 1;
      if (state.ruleset === "seven" && kind === "forn" && b.owners[loc] === p) value += 1.5;
      if (b.owners[loc] !== null || kind === "cresh" || i < 0) continue;
      // Danger: opponents behind within reach on their own path (shared squares share indexes).
      let risk = 0;
      for (const q of state.pos[o]) {
        const j = q === HAND ? -1 : q >= 0 ? (b.pathIndex[o][q] as number) : -99;
        if (j === -99 || (q >= 0 && j < 0)) continue;
        const d = i - j;
        if (d >= 1 && d <= 4) risk += HIT[d] as number;
      }
      value -= Math.min(1, risk) * (i + 1) * 0.6;
    }
    score += sign * value;
  }
  const e = state.economy;
  if (e) {
    const unit = Math.max(1, e.unit);
    const money = (pp: 0 | 1): number => (e.payment === "open" ? e.credits[pp] : e.tokens[pp]) / unit;
    score += 0.15 * (Math.min(money(me), 40) - Math.min(money(me === 0 ? 1 : 0), 40));
  }
  return score;
}

function bestBy(state: UlwanState, legal: readonly UlwanMove[], score: (s: UlwanState) => number): UlwanMove {
  let best = legal[0] as UlwanMove;
  let bestScore = -Infinity;
  for (const m of legal) {
    if (m.type === "roll") continue;
    const s = next(state, m);
    if (!s) continue;
    const v = score(s);
    if (v > bestScore) {
      bestScore = v;
      best = m;
    }
  }
  return best;
}

export const greedyUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal) {
    const state = view.state;
    // A roll when offered one (the turn's roll, or Ulwan's free extra roll from a Cresh).
    if (legal.length === 1 || legal.some((m) => m.type === "roll"))
      return legal.find((m) => m.type === "roll") ?? (legal[0] as UlwanMove);
    const me = state.turn;
    return bestBy(state, legal, (s) => race(s, me));
  },
};

/** One ply, but with the strong bot's evaluation (safety, Cresh, purse): a middle strength. */
export const carefulUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal) {
    const state = view.state;
    // A roll when offered one (the turn's roll, or Ulwan's free extra roll from a Cresh).
    if (legal.length === 1 || legal.some((m) => m.type === "roll"))
      return legal.find((m) => m.type === "roll") ?? (legal[0] as UlwanMove);
    const me = state.turn;
    return bestBy(state, legal, (s) => evaluate(s, me));
  },
};

/** Expectiminimax: the value of `state` for `me`, with `chances` chance layers left before evaluating. */
function value(state: UlwanState, me: 0 | 1, chances: number): number {
  if (++search.nodes > search.budget) throw OUT_OF_BUDGET;
  if (state.phase === "over") return evaluate(state, me);
  if (state.phase === "roll") {
    if (chances === 0) return evaluate(state, me);
    let v = 0;
    for (let r = 0; r <= 4; r++) v += (ROLL_ODDS[r] as number) * value(withRoll(state, r, null), me, chances - 1);
    const legal = legalMovesOf(state, state.turn);
    if (legal.some((m) => m.type === "dorn-buy")) {
      const bought = next(state, { type: "dorn-buy" });
      if (bought) {
        const w = value(bought, me, chances);
        v = state.turn === me ? Math.max(v, w) : Math.min(v, w);
      }
    }
    return v;
  }
  // Ulwan's free Cresh roll: every level takes it (see strongUlwanBot), so the search does too.
  if (isFreeRollOffer(state)) return value(takeExtraRoll(state, state.turn, scratch), me, chances);
  const legal = legalMovesOf(state, state.turn);
  const maximize = state.turn === me;
  let best = maximize ? -Infinity : Infinity;
  for (const m of legal) {
    const s = next(state, m);
    if (!s) continue;
    const v = value(s, me, chances);
    if (maximize ? v > best : v < best) best = v;
  }
  return Number.isFinite(best) ? best : evaluate(state, me);
}

/** Nodes visited in the current search and the most it may visit (a deterministic cap, no clock). */
const search = { nodes: 0, budget: Infinity };
const OUT_OF_BUDGET = new Error("search budget exceeded");

/** Nodes the strong bot's deeper search may visit before it keeps its shallower answer. */
export const STRONG_NODE_BUDGET = 15_000;

/**
 * Iterative deepening: one chance layer, then two within the node budget (positions with many
 * Esk moves or Dorn purchases branch widely); the deepest finished search decides.
 */
export function strongChoice(
  state: UlwanState,
  legal: readonly UlwanMove[],
  maxDepth = 2,
  budget = STRONG_NODE_BUDGET,
): UlwanMove {
  let best = searchAt(state, legal, 1, Infinity);
  for (let depth = 2; depth <= maxDepth; depth++) {
    try {
      best = searchAt(state, legal, depth, budget);
    } catch (e) {
      if (e !== OUT_OF_BUDGET) throw e;
      break;
    }
  }
  return best;
}

function searchAt(state: UlwanState, legal: readonly UlwanMove[], depth: number, budget: number): UlwanMove {
  search.nodes = 0;
  search.budget = budget;
  const me = state.turn;
  let best = legal[0] as UlwanMove;
  let bestValue = -Infinity;
  for (const m of legal) {
    const v =
      m.type === "roll" && state.phase === "roll"
        ? value(state, me, depth)
        : (() => {
            const s = next(state, m);
            return s ? value(s, me, depth) : -Infinity;
          })();
    if (v > bestValue) {
      bestValue = v;
      best = m;
    }
  }
  return best;
}

export const strongUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal, _random: Random) {
    if (legal.length === 1) return legal[0] as UlwanMove;
    // Ulwan's free Cresh roll is taken: searching "decline" against it (one chance layer of the
    // opponent's against one of its own) declined about 1 offer in 40 and lost strength (63.7%
    // against careful over 1,000 seeds, against 70.3% when always rolling).
    if (isFreeRollOffer(view.state)) return { type: "roll" };
    return strongChoice(view.state, legal);
  },
};

/** Levels by name; the first is the default. */
export const ulwanBotLevels = { strong: strongUlwanBot, careful: carefulUlwanBot, greedy: greedyUlwanBot } as const;
