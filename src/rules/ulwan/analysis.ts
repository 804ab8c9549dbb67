/**
 * Analysis for spectators and the GM (the `analysis` option): each side's win chance, and after a
 * Finkel game a move-by-move review. Details: docs/rules/ulwan.md, "Analysis".
 */
import { EXPERT_SEARCH, evaluate, next } from "./bots";
import { legalMovesOf } from "./engine";
import {
  type RacePosition,
  type RaceShape,
  WIN_VALUE,
  afterValue,
  expertEvaluation,
  moveSource,
  raceApply,
  raceMoves,
  racePosition,
  raceShape,
  swap,
} from "./race";
import { solvedTable, solvedWin } from "./solved";
import type { RecordedMove, UlwanMove, UlwanState } from "./state";

/**
 * Evaluation units (squares advanced in Finkel's rules, the strong bot's score elsewhere) for
 * which the logistic mapping gives 1/(1+e^-1) = 73%: a lead of a whole piece's journey (about 16
 * squares) is worth roughly three chances in four. A fixed, untuned scale.
 */
export const CHANCE_SCALE = 16;

const logistic = (v: number): number => 1 / (1 + Math.exp(-v / CHANCE_SCALE));

/** A reviewed move: the path index moved from (-1: from hand), the best one, and the chances. */
export interface ReviewLine {
  readonly turn: 0 | 1;
  readonly roll: number;
  readonly played: number;
  readonly best: number;
  /** The mover's chance of winning after the move played, and after the best move. */
  readonly playedChance: number;
  readonly bestChance: number;
  /** bestChance - playedChance (0 when the best move was played). */
  readonly loss: number;
}

/** The mover's chance of winning after moving the piece at `from` with roll `n`. */
function chanceAfter(shape: RaceShape, p: RacePosition, from: number, n: number): number {
  const a = raceApply(shape, p, from, n);
  if (a.next === "won") return 1;
  const mine: RacePosition = { me: a.me, you: a.you, meHand: a.meHand, youHand: a.youHand };
  const table = solvedTable(shape);
  if (table) {
    const w = a.next === "again" ? solvedWin(table, mine) : solvedWin(table, swap(mine));
    if (w !== null) return a.next === "again" ? w : 1 - w;
  }
  // The expert's own search value of the move, mapped.
  const v = afterValue(shape, EXPERT_SEARCH, a, EXPERT_SEARCH.depth, 1);
  return v >= WIN_VALUE ? 1 : logistic(v);
}

/** The side to roll's chance in a race position (solved, or its evaluation mapped). */
function rollChance(shape: RaceShape, p: RacePosition): number {
  const table = solvedTable(shape);
  const w = table ? solvedWin(table, p) : null;
  return w ?? logistic(expertEvaluation()(shape, p));
}

const chances = new WeakMap<UlwanState, readonly [number, number]>();

/** Each seat's chance of winning from `state` (they add up to 1). */
export function winChances(state: UlwanState): readonly [number, number] {
  const known = chances.get(state);
  if (known) return known;
  let mover: number;
  const shape = raceShape(state);
  if (state.phase === "over") mover = state.winner === state.turn ? 1 : 0;
  else if (shape) {
    const p = racePosition(state, state.turn);
    if (state.phase === "move" && state.roll !== null) {
      const moves = new Int8Array(32);
      const count = raceMoves(shape, p, state.roll, moves);
      mover = count === 0 ? 1 - rollChance(shape, swap(p)) : 0;
      for (let k = 0; k < count; k++) mover = Math.max(mover, chanceAfter(shape, p, moves[k] as number, state.roll));
    } else mover = rollChance(shape, p);
  } else mover = logistic(evaluate(state, state.turn));
  const result: readonly [number, number] = state.turn === 0 ? [mover, 1 - mover] : [1 - mover, mover];
  chances.set(state, result);
  return result;
}

const reviews = new WeakMap<UlwanState, readonly ReviewLine[]>();

/**
 * The review of a finished game's recorded moves (Finkel's rules: the race model; Ulwan: the strong
 * bot's evaluation), each move's best alternative by the same chances as the bar.
 */
export function reviewGame(state: UlwanState): readonly ReviewLine[] {
  const known = reviews.get(state);
  if (known) return known;
  const lines: ReviewLine[] = [];
  const shape = raceShape(state);
  for (const r of state.record ?? []) {
    if (!shape) {
      const line = reviewByEvaluation(state, r);
      if (line) lines.push(line);
      continue;
    }
    const before: UlwanState = { ...state, pos: r.pos, turn: r.turn, phase: "move", roll: r.roll };
    const p = racePosition(before, r.turn);
    const moves = new Int8Array(32);
    const count = raceMoves(shape, p, r.roll, moves);
    const played = moveSource(before, r.move);
    if (played === null || count < 2) continue;
    let best = played;
    let bestChance = chanceAfter(shape, p, played, r.roll);
    const playedChance = bestChance;
    for (let k = 0; k < count; k++) {
      const c = chanceAfter(shape, p, moves[k] as number, r.roll);
      if (c > bestChance + 1e-12) {
        bestChance = c;
        best = moves[k] as number;
      }
    }
    lines.push({ turn: r.turn, roll: r.roll, played, best, playedChance, bestChance, loss: bestChance - playedChance });
  }
  reviews.set(state, lines);
  return lines;
}

/**
 * One recorded move of a game outside the race model (Ulwan's rules), reviewed by the strong bot's
 * evaluation after each legal piece move, mapped as for the bar; null when there was no choice.
 */
function reviewByEvaluation(state: UlwanState, r: RecordedMove): ReviewLine | null {
  const before: UlwanState = {
    ...state,
    pos: r.pos,
    turn: r.turn,
    phase: "move",
    roll: r.roll,
    offer: null,
    winner: null,
    record: [],
  };
  const played = moveSource(before, r.move);
  if (played === null) return null;
  const chanceOf = (m: UlwanMove): number | null => {
    const after = next(before, m);
    if (!after) return null;
    return after.winner !== null ? (after.winner === r.turn ? 1 : 0) : logistic(evaluate(after, r.turn));
  };
  const playedChance = chanceOf(r.move);
  if (playedChance === null) return null;
  let best = played;
  let bestChance = playedChance;
  let choices = 0;
  for (const m of legalMovesOf(before, r.turn)) {
    const from = moveSource(before, m);
    const c = from === null ? null : chanceOf(m);
    if (from === null || c === null) continue;
    choices++;
    if (c > bestChance + 1e-12) {
      bestChance = c;
      best = from;
    }
  }
  if (choices < 2) return null;
  return { turn: r.turn, roll: r.roll, played, best, playedChance, bestChance, loss: bestChance - playedChance };
}
