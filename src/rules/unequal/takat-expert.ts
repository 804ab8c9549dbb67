/**
 * Takat's "expert" level: alpha-beta (negamax) with iterative deepening, a transposition table and
 * killer/history move ordering on the typed-array board (takat-board.ts), bounded by nodes and by time.
 */
import type { Bot, BotBudget, Random } from "../core";
import { type TakatMove, type TakatState, type TakatView, WHITE, takatPlay } from "./takat";
import { TakatBoard, encodeMove } from "./takat-board";

const WIN = 1_000_000;
const MAX_PLY = 64;
/** Nodes a decision may visit: about 60 ms on a busy two-core machine (docs/rules/unequal-forces.md). */
export const EXPERT_NODES = 15_000;
/** The longest a decision takes even when the host allows more (the clock is read every 256 nodes). */
export const EXPERT_MAX_MS = 90;
const TT_BITS = 16;
const TT_SIZE = 1 << TT_BITS;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/** White's edge: tall stacks and room to move against Black's room (the strong level's terms). */
function evaluateWhite(b: TakatBoard, mobWhite: number, mobBlack: number): number {
  let tallest = 0;
  let climb = 0;
  for (let i = 0; i < 7; i++) {
    const h = b.height[i]!;
    if (h > tallest) tallest = h;
    climb += h * h;
  }
  return 40 * tallest + 2 * climb + 6 * mobWhite - 3 * mobBlack;
}

class Search {
  nodes = 0;
  stopped = false;
  private readonly buffers = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(64));
  private readonly scratch = new Int32Array(64);
  private readonly path = new Int32Array(MAX_PLY + 2);
  private readonly ttKey = new Int32Array(TT_SIZE);
  private readonly ttMove = new Int16Array(TT_SIZE).fill(-1);
  private readonly ttDepth = new Int8Array(TT_SIZE).fill(-1);
  private readonly ttFlag = new Int8Array(TT_SIZE);
  private readonly ttScore = new Int32Array(TT_SIZE);
  private readonly killers = new Int16Array(MAX_PLY + 1).fill(-1);
  private readonly history = new Int32Array(64);

  constructor(
    private readonly b: TakatBoard,
    private readonly maxNodes: number,
    private readonly deadline: number,
    private readonly now: (() => number) | null,
    private readonly maxMoves: number,
  ) {}

  /** The root's hash, for the repetitions of the search's lines. */
  setRoot(): void {
    this.path[0] = this.b.hash;
  }

  private outOfBudget(): boolean {
    if (this.nodes >= this.maxNodes) return true;
    if (this.now !== null && (this.nodes & 255) === 0 && this.now() > this.deadline) return true;
    return false;
  }

  /** Score for the side to act at the board; `ply` from the root. */
  negamax(depth: number, alpha: number, beta: number, ply: number): number {
    const b = this.b;
    this.nodes++;
    if (this.outOfBudget()) this.stopped = true;
    if (this.stopped) return 0;
    if (b.whiteBuilt()) return b.turn === WHITE ? WIN - ply : ply - WIN;
    const moves = this.buffers[ply]!;
    const n = b.legal(moves);
    if (n === 0) return ply - WIN;
    if (b.moves >= this.maxMoves) return 0;
    this.path[ply] = b.hash;
    for (let p = ply - 2; p >= 0; p -= 2) if (this.path[p] === b.hash) return 0;
    if (depth <= 0 || ply >= MAX_PLY) return this.evaluate(n);

    const slot = b.hash & (TT_SIZE - 1);
    let ttBest = -1;
    if (this.ttKey[slot] === b.hash && this.ttDepth[slot]! >= 0) {
      ttBest = this.ttMove[slot]!;
      if (this.ttDepth[slot]! >= depth) {
        const s = this.ttScore[slot]!;
        const f = this.ttFlag[slot];
        if (f === EXACT || (f === LOWER && s >= beta) || (f === UPPER && s <= alpha)) return s;
      }
    }
    this.order(moves, n, ttBest, this.killers[ply]!);
    const alpha0 = alpha;
    let best = -Infinity;
    let bestMove = moves[0]!;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const last = b.make(m);
      const score = -this.negamax(depth - 1, -beta, -alpha, ply + 1);
      b.unmake(m, last);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        this.killers[ply] = m;
        this.history[m] = this.history[m]! + depth * depth;
        break;
      }
    }
    this.ttKey[slot] = b.hash;
    this.ttMove[slot] = bestMove;
    this.ttDepth[slot] = depth;
    this.ttScore[slot] = best;
    this.ttFlag[slot] = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    return best;
  }

  /** The table's move first, then the killer, then by history (a stable insertion sort). */
  private order(moves: Int32Array, n: number, first: number, killer: number): void {
    const key = (m: number): number => (m === first ? 1 << 30 : m === killer ? 1 << 29 : this.history[m]!);
    for (let i = 1; i < n; i++) {
      const m = moves[i]!;
      const k = key(m);
      let j = i - 1;
      while (j >= 0 && key(moves[j]!) < k) {
        moves[j + 1] = moves[j]!;
        j--;
      }
      moves[j + 1] = m;
    }
  }

  private evaluate(n: number): number {
    const b = this.b;
    b.turn ^= 1;
    const other = b.legal(this.scratch);
    b.turn ^= 1;
    const white = b.turn === WHITE ? evaluateWhite(b, n, other) : evaluateWhite(b, other, n);
    return b.turn === WHITE ? white : -white;
  }
}

/** The expert's move: exact outcomes of the root moves from the rules, then deepening alpha-beta. */
export function takatExpertChoice(
  state: TakatState,
  legal: readonly TakatMove[],
  random: Random,
  time?: BotBudget,
  maxNodes = EXPERT_NODES,
): TakatMove {
  const side = state.turn;
  // Shuffled so that equal moves fall randomly; the search keeps the first of equals.
  const order = legal.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.die(i + 1) - 1;
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // A move that ends the game (a win, a loss, a draw by repetition or the move limit) has its score from the rules.
  const open: { move: TakatMove; code: number; fixed: number | null }[] = [];
  for (const move of order) {
    const after = takatPlay(state, side, move);
    if (after.over && after.winner === side) return move;
    const fixed = !after.over ? null : after.winner === null ? 0 : -WIN;
    open.push({ move, code: encodeMove(move), fixed });
  }
  if (open.filter((c) => c.fixed === null).length === 0) return (open.find((c) => c.fixed === 0) ?? open[0]!).move;

  const board = TakatBoard.from(state);
  const now = time?.now ?? null;
  const deadline = now ? now() + Math.min(time!.maxMs, EXPERT_MAX_MS) : Infinity;
  const search = new Search(board, maxNodes, deadline, now, state.draw.maxMoves);
  search.setRoot();
  let best = open.find((c) => c.fixed === null)!;
  for (let depth = 1; depth <= MAX_PLY - 2; depth++) {
    let alpha = -Infinity;
    let iterationBest: (typeof open)[number] | null = null;
    for (const candidate of open) {
      let score = candidate.fixed;
      if (score === null) {
        const last = board.make(candidate.code);
        score = -search.negamax(depth - 1, -Infinity, -alpha, 1);
        board.unmake(candidate.code, last);
        if (search.stopped) break;
      }
      if (score > alpha) {
        alpha = score;
        iterationBest = candidate;
      }
    }
    // A move that beat the previous best (searched first) counts even from an unfinished iteration.
    if (iterationBest) best = iterationBest;
    if (search.stopped) break;
    open.splice(open.indexOf(best), 1);
    open.unshift(best);
    if (alpha >= WIN - MAX_PLY) break;
  }
  return best.move;
}

/** The expert level: takatExpertChoice from the seat's view. */
export const takatExpertBot: Bot<TakatView, TakatMove> = {
  choose: (view, legal, random, time) => takatExpertChoice(view.state, legal, random, time),
};
