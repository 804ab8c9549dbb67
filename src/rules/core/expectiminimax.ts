/**
 * Expectiminimax over the Game contract: chance nodes, iterative deepening, alpha-beta between
 * decisions, and an optional likelihood cut for unlikely lines. Pure; the budget is the caller's.
 */
import type { SeatId } from "./game";
import { ScriptedRandom } from "./random";
import { DEFAULT_MAX_NODES, type SearchBudget, type SearchProblem, type SearchResult, terminalScore } from "./search";
import { Meter, NO_DICE, candidates, moverOf, rootMoves } from "./search-common";

/** Thrown inside a search when its budget runs out; caught by the iteration that started it. */
const OUT_OF_BUDGET = new Error("search budget exceeded");

interface Context<S, M> {
  readonly p: SearchProblem<S, M>;
  readonly seat: SeatId;
  readonly meter: Meter;
  /** A line whose chance outcomes so far are less likely than this is evaluated like one out of depth (0: never). */
  readonly likelihood: number;
  /**
   * False while the first iteration runs: it completes within any node budget, so there is always an
   * answer; only a time budget cuts it short (its root moves searched so far decide).
   */
  limited: boolean;
}

/**
 * Expectiminimax value of `state` for `ctx.seat` with `depth` plies of decisions left, reached
 * with chance `odds` (the product of the outcomes' probabilities on the way). Seats other than
 * `ctx.seat` minimise its value ("paranoid": with two players and a zero-sum evaluation this is
 * minimax). Chance nodes average their outcomes with a full window.
 */
function valueOf<S, M>(ctx: Context<S, M>, state: S, depth: number, alpha: number, beta: number, odds: number): number {
  if (!ctx.meter.spend() && (ctx.limited || ctx.meter.timeUp)) throw OUT_OF_BUDGET;
  const p = ctx.p;
  const status = p.game.status(state);
  if (status.over) return terminalScore(status, ctx.seat);
  // An unlikely line ends as if out of depth (RoyalUr-Java's likelihood pruning).
  const spent = depth <= 0 || odds < ctx.likelihood;
  if (spent && !p.plies) return p.evaluate(state, ctx.seat);
  const mover = moverOf(status, ctx.seat);
  if (mover === undefined) return p.evaluate(state, ctx.seat);
  const moves = candidates(p, state, mover);
  // Out of depth: go on only through moves that cost none (the rest of a turn).
  if (spent && (moves.length === 0 || moves.some((m) => plyCost(p, state, mover, m) > 0)))
    return p.evaluate(state, ctx.seat);
  const maximize = mover === ctx.seat;
  let best = maximize ? -Infinity : Infinity;
  let a = alpha;
  let b = beta;
  for (const move of moves) {
    const v = moveValue(ctx, state, mover, move, depth - plyCost(p, state, mover, move), a, b, odds);
    if (v === null) continue;
    if (maximize) {
      if (v > best) best = v;
      if (best > a) a = best;
    } else {
      if (v < best) best = v;
      if (best < b) b = best;
    }
    if (a >= b) break;
  }
  return Number.isFinite(best) ? best : p.evaluate(state, ctx.seat);
}

function plyCost<S, M>(p: SearchProblem<S, M>, state: S, mover: SeatId, move: M): number {
  return p.plies ? Math.max(0, p.plies(state, mover, move)) : 1;
}

/** The value of playing `move`: the state it leads to, or the average over its dice. Null if refused. */
function moveValue<S, M>(
  ctx: Context<S, M>,
  state: S,
  mover: SeatId,
  move: M,
  depth: number,
  alpha: number,
  beta: number,
  odds: number,
): number | null {
  const game = ctx.p.game;
  const outcomes = ctx.p.chances?.(state, mover, move);
  if (!outcomes || outcomes.length === 0) {
    const r = game.apply(state, mover, move, NO_DICE);
    return r.ok ? valueOf(ctx, r.state, depth, alpha, beta, odds) : null;
  }
  let sum = 0;
  let weight = 0;
  for (const o of outcomes) {
    if (o.probability <= 0) continue;
    const r = game.apply(state, mover, move, new ScriptedRandom(o.dice));
    if (!r.ok) continue;
    sum += o.probability * valueOf(ctx, r.state, depth, -Infinity, Infinity, odds * o.probability);
    weight += o.probability;
  }
  return weight > 0 ? sum / weight : null;
}

/**
 * Expectiminimax to `depth` plies of decisions (every move counts, a roll or a forced move too,
 * unless `plies` says otherwise),
 * by iterative deepening: depth 1, 2, ... while the budget lasts; the best move of the deepest
 * completed iteration wins (the first iteration always completes). Ties keep the earlier move in
 * `orderMoves` order. The value is `seat`'s: its own moves maximise, every other seat minimises
 * (paranoid, which is minimax for two players). With `likelihood` (0: off), a line also ends where
 * the product of its chance outcomes' probabilities falls below it, as at depth 0 (RoyalUr-Java's
 * likelihood agent): likely lines are searched deeper than unlikely ones within the same depth.
 */
export function expectiminimax<S, M>(
  p: SearchProblem<S, M>,
  state: S,
  seat: SeatId,
  options: { readonly depth: number; readonly budget?: SearchBudget; readonly likelihood?: number },
): SearchResult<M> {
  // The clock starts before the root's moves are listed and ordered: ordering can cost as much as a node.
  const meter = new Meter(options.budget, DEFAULT_MAX_NODES);
  const moves = rootMoves(p, state, seat);
  const ctx: Context<S, M> = {
    p,
    seat,
    meter,
    likelihood: Math.max(0, options.likelihood ?? 0),
    limited: false,
  };
  const maxDepth = Math.max(1, Math.floor(options.depth));
  let best = { index: 0, value: -Infinity };
  let depthReached = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const partial: RootProgress = { best: null };
    try {
      searchRoot(ctx, state, moves, depth, best.index, partial);
      if (partial.best) best = partial.best;
      depthReached = depth;
    } catch (e) {
      if (e !== OUT_OF_BUDGET) throw e;
      // Out of time in the first iteration: the best of the root moves it finished (else the first).
      if (depth === 1 && partial.best) best = partial.best;
      break;
    }
    ctx.limited = true;
  }
  return { move: moves[best.index] as M, value: best.value, nodes: ctx.meter.nodes, depthReached };
}

/**
 * One iteration at the root. The previous iteration's best move is searched first (it sets alpha
 * early, so the others are refuted sooner); a tie still goes to the move listed first, so moves
 * listed before the current best are searched with alpha just below its value.
 */
function searchRoot<S, M>(
  ctx: Context<S, M>,
  state: S,
  moves: readonly M[],
  depth: number,
  first: number,
  progress: RootProgress,
): void {
  for (let k = -1; k < moves.length; k++) {
    const best = progress.best;
    const i = k < 0 ? first : k;
    if (k === first) continue;
    const move = moves[i] as M;
    const alpha: number = best === null ? -Infinity : i < best.index ? justBelow(best.value) : best.value;
    const v: number | null = moveValue(
      ctx,
      state,
      ctx.seat,
      move,
      depth - plyCost(ctx.p, state, ctx.seat, move),
      alpha,
      Infinity,
      1,
    );
    if (v !== null && (best === null || v > best.value || (v === best.value && i < best.index)))
      progress.best = { index: i, value: v };
  }
}

/** The best root move of an iteration so far (kept when a time budget cuts the iteration short). */
interface RootProgress {
  best: { index: number; value: number } | null;
}

/** The largest double below x (for a window that still sees a tie with x as exact). */
function justBelow(x: number): number {
  if (!Number.isFinite(x)) return x;
  if (x === 0) return -Number.MIN_VALUE;
  const step = Math.abs(x) * Number.EPSILON;
  return x - step;
}
