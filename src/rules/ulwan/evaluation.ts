/**
 * The strong bot's evaluation of Ulwan and Seven Ulwan (race, danger in the shared row, Cresh and
 * Forn held, purse) and Ulwan as a search problem for the generic expectiminimax. Shared by the
 * bots (bots.ts) and Seven Ulwan's expert (seven.ts).
 */
import { type ChanceOutcome, type GameStatus, type SearchProblem, type SeatId, ok, refuse } from "../core";
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
  rulesOf,
} from "./engine";

export const WIN = 10_000;

/** What `me`'s purse is worth against the opponent's, in squares of progress (a search's evaluation term). */
export type PurseValue = (state: UlwanState, me: 0 | 1) => number;

/** How far each piece of `p` has come: 0 in hand, 1..L on the board, L+1 off. */
export function progress(state: UlwanState, p: 0 | 1): number {
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

/**
 * Race, plus danger to pieces in the shared row, plus holding Cresh squares, plus the purse: `money`
 * values one side's (strong's own by default; Seven Ulwan's expert passes its own, seven.ts).
 */
export function evaluate(state: UlwanState, me: 0 | 1, money: PurseValue = cappedPurse): number {
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
      if (rulesOf(state).forn && kind === "forn" && b.owners[loc] === p) value += 1.5;
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
  return state.economy ? score + money(state, me) : score;
}

/** Antes `p` holds (credits in open wallet, tokens otherwise, as many antes as they pay for). */
export function antesHeld(state: UlwanState, p: 0 | 1): number {
  const e = state.economy;
  if (!e) return 0;
  return (e.payment === "open" ? e.credits[p] : e.tokens[p]) / Math.max(1, e.unit);
}

/** Strong's purse: 0.15 per ante held more than the opponent, each side counted up to 40 antes. */
export function cappedPurse(state: UlwanState, me: 0 | 1): number {
  return 0.15 * (Math.min(antesHeld(state, me), 40) - Math.min(antesHeld(state, me === 0 ? 1 : 0), 40));
}

/** The dice of one roll of 4d2>2 for each count of successes, with its odds (the search's chance node). */
const ROLL_OUTCOMES: readonly ChanceOutcome[] = ROLL_ODDS.map((probability, n) => ({
  probability,
  dice: [1, 2, 3, 4].map((d) => (d <= n ? 2 : 1)),
}));

export function seatOf(state: UlwanState, seat: SeatId): 0 | 1 | -1 {
  return state.seats[0] === seat ? 0 : state.seats[1] === seat ? 1 : -1;
}

/**
 * Ulwan as a search problem: the engine's moves without the Game's seat checks (the search only
 * plays legal moves), rolls as chance nodes, and Ulwan's free Cresh roll always taken (every level
 * takes it; see strongUlwanBot).
 */
export const ulwanSearchProblem: SearchProblem<UlwanState, UlwanMove> = {
  game: {
    legalMoves(state, seat) {
      const s = seatOf(state, seat);
      return s === -1 ? [] : legalMovesOf(state, s);
    },
    apply(state, _seat, move, random) {
      const r = applyMove(state, move, random, []);
      return typeof r === "string" ? refuse(r) : ok(r);
    },
    status(state): GameStatus {
      if (state.phase !== "over") return { toAct: [state.seats[state.turn]], over: false };
      const winners = state.winner === null ? [] : [state.seats[state.winner]];
      return { toAct: [], over: true, result: { winners, creditDelta: {}, luckSpent: {} } };
    },
  },
  evaluate(state, seat) {
    return evaluate(state, seatOf(state, seat) === 1 ? 1 : 0);
  },
  chances(_state, _seat, move) {
    return move.type === "roll" ? ROLL_OUTCOMES : [];
  },
  orderMoves(state, _seat, moves) {
    return isFreeRollOffer(state) ? moves.filter((m) => m.type !== "decline") : moves;
  },
  // Depth counts rolls (turns, and extra rolls), as the strong bot always has.
  plies(_state, _seat, move) {
    return move.type === "roll" ? 1 : 0;
  },
};
