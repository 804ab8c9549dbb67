/**
 * A compact model of Finkel's Ur for deep look-ahead (each side's pieces as a bitmask of path indexes),
 * used by the reference agents, the expert bot and the solved tables; Finkel's rule set only.
 */
import { boardIndex } from "./board";
import { HAND, OFF, ROLL_ODDS, type UlwanMove, type UlwanState } from "./state";

/** The board's shape as the model needs it: path length, shared and rosette (Cresh) indexes. */
export interface RaceShape {
  readonly length: number;
  readonly pieces: number;
  /** Bit i: path index i is a shared square. */
  readonly shared: number;
  /** Bit i: path index i is a Cresh (a rosette: another throw, safe, and blocked when held). */
  readonly rosette: number;
}

/** A position from the view of the side to roll: `me`/`you` board masks and pieces in hand. */
export interface RacePosition {
  readonly me: number;
  readonly you: number;
  readonly meHand: number;
  readonly youHand: number;
}

export const WIN_VALUE = 1_000_000;

const shapes = new WeakMap<object, RaceShape | null>();

/** The model's shape for a Finkel state's board, or null when the state is not Finkel's rules. */
export function raceShape(state: UlwanState): RaceShape | null {
  if (state.ruleset !== "finkel" || state.economy !== null) return null;
  let cached = shapes.get(state.board);
  if (cached === undefined) {
    const b = boardIndex(state.board);
    let shared = 0;
    let rosette = 0;
    let ok = b.length <= 30;
    for (let i = 0; i < b.length && ok; i++) {
      const s0 = b.paths[0][i] as number;
      const s1 = b.paths[1][i] as number;
      const isShared = b.owners[s0] === null;
      // The model needs the shared squares at the same index on both paths.
      if (isShared !== (s0 === s1) || b.kinds[s0] !== b.kinds[s1]) ok = false;
      if (isShared) shared |= 1 << i;
      if (b.kinds[s0] === "cresh") rosette |= 1 << i;
    }
    cached = ok ? { length: b.length, pieces: state.pieces, shared, rosette } : null;
    shapes.set(state.board, cached);
  }
  return cached && cached.pieces === state.pieces ? cached : cached ? { ...cached, pieces: state.pieces } : null;
}

/** The position of `state` seen by the seat `s`. */
export function racePosition(state: UlwanState, s: 0 | 1): RacePosition {
  const b = boardIndex(state.board);
  const side = (p: 0 | 1): [number, number] => {
    let mask = 0;
    let hand = 0;
    for (const loc of state.pos[p]) {
      if (loc === HAND) hand++;
      else if (loc !== OFF) mask |= 1 << (b.pathIndex[p][loc] as number);
    }
    return [mask, hand];
  };
  const [me, meHand] = side(s);
  const [you, youHand] = side(s === 0 ? 1 : 0);
  return { me, you, meHand, youHand };
}

export function popcount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

/** Pieces borne off by the side with `mask` and `hand`. */
export function scored(shape: RaceShape, mask: number, hand: number): number {
  return shape.pieces - hand - popcount(mask);
}

/**
 * The moves of a roll `n` for the side to move, as path indexes of the piece moved (-1: from
 * hand), into `out` (returns the count). Finkel's rules: no landing on one's own piece, nor on a
 * held rosette; exact roll to bear off.
 */
export function raceMoves(shape: RaceShape, p: RacePosition, n: number, out: Int8Array): number {
  if (n === 0) return 0;
  let count = 0;
  const L = shape.length;
  for (let i = -1; i < L; i++) {
    if (i < 0 ? p.meHand === 0 : ((p.me >>> i) & 1) === 0) continue;
    const t = i + n;
    if (t > L) continue;
    if (t < L) {
      if ((p.me >>> t) & 1) continue;
      if ((shape.shared >>> t) & 1 && (p.you >>> t) & 1 && (shape.rosette >>> t) & 1) continue;
    }
    out[count++] = i;
  }
  return count;
}

/** The result of a move: the position after it and whether the same side rolls again or has won. */
export interface RaceAfter {
  readonly me: number;
  readonly you: number;
  readonly meHand: number;
  readonly youHand: number;
  /** "again": landed on a rosette; "won": last piece borne off; "pass": the opponent's turn. */
  readonly next: "again" | "won" | "pass";
}

export function raceApply(shape: RaceShape, p: RacePosition, from: number, n: number): RaceAfter {
  const L = shape.length;
  const t = from + n;
  let me = from < 0 ? p.me : p.me & ~(1 << from);
  const meHand = from < 0 ? p.meHand - 1 : p.meHand;
  let you = p.you;
  let youHand = p.youHand;
  if (t === L) {
    const next = me === 0 && meHand === 0 ? "won" : "pass";
    return { me, you, meHand, youHand, next };
  }
  me |= 1 << t;
  if ((shape.shared >>> t) & 1 && (you >>> t) & 1) {
    you &= ~(1 << t);
    youHand++;
  }
  return { me, you, meHand, youHand, next: (shape.rosette >>> t) & 1 ? "again" : "pass" };
}

/** The opponent's view of a position. */
export function swap(p: RacePosition): RacePosition {
  return { me: p.you, you: p.me, meHand: p.youHand, youHand: p.meHand };
}

/** RoyalUr-Analysis's evaluation: squares advanced (1..L on the board), a scored piece as L + 2. */
export function piecesAdvanced(shape: RaceShape, p: RacePosition): number {
  return sideAdvanced(shape, p.me, p.meHand) - sideAdvanced(shape, p.you, p.youHand);
}

function sideAdvanced(shape: RaceShape, mask: number, hand: number): number {
  let total = scored(shape, mask, hand) * (shape.length + 2);
  for (let i = 0; i < shape.length; i++) if ((mask >>> i) & 1) total += i + 1;
  return total;
}

/**
 * rollValue of the fixed-depth search with the pieces-advanced evaluation (the reference
 * expectimax) on plain numbers, without building positions; the same value as the general path.
 * `base` is the position's pieces-advanced value, carried down: a move adds the squares it gains
 * (a piece borne off one more, a scored piece being worth L + 2) and the progress of a piece it hits.
 */
function advancedValue(
  shape: RaceShape,
  me: number,
  you: number,
  meHand: number,
  youHand: number,
  depth: number,
  base: number,
): number {
  if (depth <= 0) return base;
  let known: Map<number, number> | undefined;
  const key = ((me * 32768 + you) * 8 + meHand) * 8 + youHand;
  if (transpositions) {
    known = transpositions.get(depth);
    if (!known) transpositions.set(depth, (known = new Map<number, number>()));
    const v = known.get(key);
    if (v !== undefined) return v;
  }
  const L = shape.length;
  const lastPiece = meHand === 0 && (me & (me - 1)) === 0;
  // A roll with no move (0, or every move blocked) passes the turn.
  const passed = depth === 1 ? base : -advancedValue(shape, you, me, youHand, meHand, depth - 1, -base);
  let sum = (ROLL_ODDS[0] as number) * passed;
  for (let n = 1; n <= 4; n++) {
    let best = -Infinity;
    // The pieces from the back, as bits shifted by one: bit 0 is a piece in hand (index -1).
    for (let rest = me * 2 + (meHand > 0 ? 1 : 0); rest !== 0; rest &= rest - 1) {
      const from = 30 - Math.clz32(rest & -rest);
      const t = from + n;
      if (t > L) break;
      const hits = t < L && ((shape.shared >>> t) & 1) !== 0 && ((you >>> t) & 1) !== 0;
      if (t < L && (((me >>> t) & 1) !== 0 || (hits && ((shape.rosette >>> t) & 1) !== 0))) continue;
      const gained = base + (t === L ? n + 1 : n + (hits ? t + 1 : 0));
      let v: number;
      if (t === L && lastPiece) v = WIN_VALUE;
      else if (depth === 1) v = gained;
      else {
        const me2 = (from < 0 ? me : me & ~(1 << from)) | (t < L ? 1 << t : 0);
        const meHand2 = from < 0 ? meHand - 1 : meHand;
        const you2 = hits ? you & ~(1 << t) : you;
        const youHand2 = hits ? youHand + 1 : youHand;
        v =
          t < L && ((shape.rosette >>> t) & 1) !== 0
            ? advancedValue(shape, me2, you2, meHand2, youHand2, depth - 1, gained)
            : -advancedValue(shape, you2, me2, youHand2, meHand2, depth - 1, -gained);
      }
      if (v > best) best = v;
    }
    sum += (ROLL_ODDS[n] as number) * (best === -Infinity ? passed : best);
  }
  known?.set(key, sum);
  return sum;
}

/** An evaluation of a position for the side to roll (positive: good for it). */
export type RaceEvaluation = (shape: RaceShape, p: RacePosition) => number;

export interface RaceSearch {
  /** Rolls still to look at after the root move (Infinity: only the likelihood stops a line). */
  readonly depth: number;
  /** A line stops once its sequence of rolls is less likely than this (0: never). */
  readonly likelihood: number;
  readonly evaluate: RaceEvaluation;
}

/** A position as one integer (masks below 2^15, hands below 8). */
export function raceKey(p: RacePosition): number {
  return ((p.me * 32768 + p.you) * 8 + p.meHand) * 8 + p.youHand;
}

/**
 * Values found during the current decision, by depth left (fixed-depth search) or by the odds of the
 * line so far (likelihood search: products of 1/16, 1/4 and 3/8, exact in binary), then position.
 * Null outside raceChoice (and for a search bounded both ways, whose value depends on both).
 */
let transpositions: Map<number, Map<number, number>> | null = null;

const MOVE_BUFFERS: Int8Array[] = [];
function buffer(level: number): Int8Array {
  let b = MOVE_BUFFERS[level];
  if (!b) {
    b = new Int8Array(32);
    MOVE_BUFFERS[level] = b;
  }
  return b;
}

/** Expected value for the side about to roll, looking `depth` rolls ahead (negamax over turns). */
export function rollValue(
  shape: RaceShape,
  search: RaceSearch,
  p: RacePosition,
  depth: number,
  likelihood: number,
  level = 0,
): number {
  if (depth <= 0 || likelihood < search.likelihood) return search.evaluate(shape, p);
  if (search.likelihood === 0 && search.evaluate === piecesAdvanced)
    return advancedValue(shape, p.me, p.you, p.meHand, p.youHand, depth, piecesAdvanced(shape, p));
  // A value depends on the position and the depth left (fixed depth) or the line's odds (likelihood
  // search) only: transpositions (the same position by other orders of moves) are looked up.
  let known: Map<number, number> | undefined;
  const key = raceKey(p);
  if (transpositions) {
    const layer = search.likelihood === 0 ? depth : likelihood;
    known = transpositions.get(layer);
    if (!known) transpositions.set(layer, (known = new Map<number, number>()));
    const v = known.get(key);
    if (v !== undefined) return v;
  }
  let sum = 0;
  const moves = buffer(level);
  for (let n = 0; n <= 4; n++) {
    const prob = ROLL_ODDS[n] as number;
    const count = raceMoves(shape, p, n, moves);
    if (count === 0) {
      sum -= prob * rollValue(shape, search, swap(p), depth - 1, likelihood * prob, level + 1);
      continue;
    }
    let best = -Infinity;
    for (let k = 0; k < count; k++) {
      const v = afterValue(
        shape,
        search,
        raceApply(shape, p, moves[k] as number, n),
        depth - 1,
        likelihood * prob,
        level + 1,
      );
      if (v > best) best = v;
    }
    sum += prob * best;
  }
  known?.set(key, sum);
  return sum;
}

/** The value of a move's result for the side that moved. */
export function afterValue(
  shape: RaceShape,
  search: RaceSearch,
  a: RaceAfter,
  depth: number,
  likelihood: number,
  level = 0,
): number {
  if (a.next === "won") return WIN_VALUE;
  const mine: RacePosition = { me: a.me, you: a.you, meHand: a.meHand, youHand: a.youHand };
  if (a.next === "again") return rollValue(shape, search, mine, depth, likelihood, level);
  return -rollValue(shape, search, swap(mine), depth, likelihood, level);
}

/** The path index a legal engine move starts from (-1: from hand), or null for other moves. */
export function moveSource(state: UlwanState, move: UlwanMove): number | null {
  if (move.type === "enter") return -1;
  if (move.type !== "move") return null;
  const b = boardIndex(state.board);
  const sq = b.byId.get(move.from);
  if (sq === undefined) return null;
  const i = b.pathIndex[state.turn][sq] as number;
  return i >= 0 ? i : null;
}

/**
 * The best of the legal moves by the search, or null when the model does not apply (another rule
 * set, or not a piece move). Ties keep the earlier legal move.
 */
export function raceChoice(
  state: UlwanState,
  legal: readonly UlwanMove[],
  search: RaceSearch,
  useTranspositions = true,
): UlwanMove | null {
  const shape = raceShape(state);
  if (!shape || state.phase !== "move" || state.roll === null) return null;
  const p = racePosition(state, state.turn);
  let best: UlwanMove | null = null;
  let bestValue = -Infinity;
  transpositions = useTranspositions && (search.likelihood === 0 || search.depth === Infinity) ? new Map() : null;
  try {
    for (const m of legal) {
      const from = moveSource(state, m);
      if (from === null) return null;
      const v = afterValue(shape, search, raceApply(shape, p, from, state.roll), search.depth, 1, 0);
      if (best === null || v > bestValue) {
        best = m;
        bestValue = v;
      }
    }
  } finally {
    transpositions = null;
  }
  return best;
}

/** Weights of the expert evaluation (tuned in `npm run sim` against the reference agents). */
export interface ExpertWeights {
  /** Share of a piece's progress lost when the side to roll can hit it now (its roll is next). */
  readonly exposedThem: number;
  /** The same for the side to roll's own pieces (the opponent hits after this turn, if at all). */
  readonly exposedMine: number;
  /** Holding a shared rosette (safe, blocks the opponent's road, another throw). */
  readonly sharedRosette: number;
}

export const EXPERT_WEIGHTS: ExpertWeights = { exposedThem: 0.8, exposedMine: 0.4, sharedRosette: 2 };

/**
 * Chance that the side with `hunters` (and `hand` pieces to enter) hits a piece at path index t
 * with its next roll: the odds of the distances at which it has a piece behind t (one roll, so
 * the chances of distinct distances add up).
 */
function hitChance(hunters: number, hand: number, t: number): number {
  let p = 0;
  for (let d = 1; d <= 4; d++) {
    const j = t - d;
    if (j < -1) break;
    if (j === -1 ? hand > 0 : ((hunters >>> j) & 1) !== 0) p += ROLL_ODDS[d] as number;
  }
  return p;
}

/** Pieces advanced, less the progress each side's exposed pieces stand to lose, plus shared rosettes held. */
export function expertEvaluation(w: ExpertWeights = EXPERT_WEIGHTS): RaceEvaluation {
  return (shape, p) => {
    let v = piecesAdvanced(shape, p);
    const exposed = shape.shared & ~shape.rosette;
    for (let t = 0; t < shape.length; t++) {
      const bit = 1 << t;
      if (exposed & bit) {
        if (p.you & bit) v += w.exposedThem * (t + 1) * hitChance(p.me, p.meHand, t);
        if (p.me & bit) v -= w.exposedMine * (t + 1) * hitChance(p.you, p.youHand, t);
      } else if (shape.shared & shape.rosette & bit) {
        if (p.me & bit) v += w.sharedRosette;
        if (p.you & bit) v -= w.sharedRosette;
      }
    }
    return v;
  };
}
