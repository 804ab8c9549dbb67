/**
 * Finkel's Ur with few pieces, solved: every position reachable from the start (compact model of
 * race.ts) with the exact chance that the side to roll wins under perfect play of both sides,
 * found by value iteration. Computed on first use per board and piece count, then cached.
 */
import { type RacePosition, type RaceShape, raceApply, raceKey, raceMoves, swap } from "./race";
import { ROLL_ODDS } from "./state";

/** The largest piece count solved (see docs/rules/ulwan.md, "Solved play", for the table sizes). */
export const MAX_SOLVED_PIECES = 2;
/** Value iteration stops once no position's value moves by more than this in a sweep. */
const TOLERANCE = 1e-10;

export interface SolvedTable {
  readonly shape: RaceShape;
  /** Position key -> index into `win`. */
  readonly index: ReadonlyMap<number, number>;
  readonly positions: readonly RacePosition[];
  /** Chance that the side to roll wins, by position index. */
  readonly win: Float64Array;
  readonly sweeps: number;
}

/** A position as one integer (race.ts's key). */
export const positionKey = raceKey;

const tables = new Map<string, SolvedTable>();

export function solvedTable(shape: RaceShape): SolvedTable | null {
  if (shape.pieces > MAX_SOLVED_PIECES || shape.length > 15) return null;
  const id = `${shape.length}/${shape.shared}/${shape.rosette}/${shape.pieces}`;
  let t = tables.get(id);
  if (!t) {
    t = solve(shape);
    tables.set(id, t);
  }
  return t;
}

/** The start: every piece in hand for both sides. */
export function startPosition(shape: RaceShape): RacePosition {
  return { me: 0, you: 0, meHand: shape.pieces, youHand: shape.pieces };
}

function solve(shape: RaceShape): SolvedTable {
  const index = new Map<number, number>();
  const positions: RacePosition[] = [];
  const add = (p: RacePosition): void => {
    const k = positionKey(p);
    if (index.has(k)) return;
    index.set(k, positions.length);
    positions.push(p);
  };
  add(startPosition(shape));
  const moves = new Int8Array(32);
  // Every position reachable from the start, with the positions each roll's moves lead to:
  // per position and roll, a list of successors (index, +1 same side again, -1 the other side, 0 won).
  const successors: number[][][] = [];
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i] as RacePosition;
    const byRoll: number[][] = [];
    for (let n = 0; n <= 4; n++) {
      const count = raceMoves(shape, p, n, moves);
      const list: number[] = [];
      if (count === 0) {
        const q = swap(p);
        add(q);
        list.push(index.get(positionKey(q)) as number, -1);
      }
      for (let k = 0; k < count; k++) {
        const a = raceApply(shape, p, moves[k] as number, n);
        if (a.next === "won") {
          list.push(-1, 0);
          continue;
        }
        const mine = { me: a.me, you: a.you, meHand: a.meHand, youHand: a.youHand };
        const q = a.next === "again" ? mine : swap(mine);
        add(q);
        list.push(index.get(positionKey(q)) as number, a.next === "again" ? 1 : -1);
      }
      byRoll.push(list);
    }
    successors.push(byRoll);
  }
  const win = new Float64Array(positions.length).fill(0.5);
  let sweeps = 0;
  for (;;) {
    sweeps++;
    let delta = 0;
    // Gauss-Seidel sweeps from the end of the list (positions found last are nearer the end of a game).
    for (let i = positions.length - 1; i >= 0; i--) {
      const byRoll = successors[i] as number[][];
      let v = 0;
      for (let n = 0; n <= 4; n++) {
        const list = byRoll[n] as number[];
        let best = 0;
        for (let k = 0; k < list.length; k += 2) {
          const j = list[k] as number;
          const how = list[k + 1] as number;
          const w = how === 0 ? 1 : how === 1 ? (win[j] as number) : 1 - (win[j] as number);
          if (w > best) best = w;
        }
        v += (ROLL_ODDS[n] as number) * best;
      }
      const d = Math.abs(v - (win[i] as number));
      if (d > delta) delta = d;
      win[i] = v;
    }
    if (delta < TOLERANCE || sweeps > 10_000) break;
  }
  return { shape, index, positions, win, sweeps };
}

/** The chance that the side to roll in `p` wins under perfect play, or null if unknown. */
export function solvedWin(table: SolvedTable, p: RacePosition): number | null {
  const i = table.index.get(positionKey(p));
  return i === undefined ? null : (table.win[i] as number);
}
