/**
 * Generic game-tree search over the Game contract: expectiminimax with chance nodes (iterative
 * deepening, alpha-beta between decisions) and Monte Carlo tree search (UCT with chance nodes).
 * Pure: no module-level state; every call carries its own budget (nodes, or time through `now`).
 */
import type { Game, GameStatus, SeatId } from "./game";
import { type Random, ScriptedRandom } from "./random";

/** Score of a won terminal state (a loss is its negative, a draw 0); evaluations must stay below it. */
export const WIN_SCORE = 1_000_000;
/** Nodes a search may visit when its budget says nothing. */
export const DEFAULT_MAX_NODES = 200_000;
/** MCTS iterations when neither `iterations` nor a budget is given. */
export const DEFAULT_ITERATIONS = 1_000;

/** One result of a move's dice: its probability and the dice `apply` reads (through ScriptedRandom). */
export interface ChanceOutcome {
  readonly probability: number;
  readonly dice: readonly number[];
}

export interface SearchProblem<S, M> {
  readonly game: Pick<Game<S, M, unknown, unknown>, "legalMoves" | "apply" | "status">;
  /** Score of a non-terminal state for `seat`, higher is better. Terminal states are scored from status().result (win = +WIN_SCORE, loss = -WIN_SCORE, draw = 0). */
  evaluate(state: S, seat: SeatId): number;
  /** When the move throws dice: every outcome with its probability. Absent or empty: deterministic. */
  chances?(state: S, seat: SeatId, move: M): readonly ChanceOutcome[];
  /** Optional move ordering / pruning of the candidate list for speed. */
  orderMoves?(state: S, seat: SeatId, moves: readonly M[]): readonly M[];
  /**
   * Optional: the plies of depth a move costs (default 1). A game can count turns instead of
   * moves by charging only the move that starts a turn (Ulwan: the roll). Where depth is spent,
   * expectiminimax still follows moves that all cost 0 and evaluates where one would cost more.
   */
  plies?(state: S, seat: SeatId, move: M): number;
}

export interface SearchBudget {
  readonly maxNodes?: number;
  readonly maxMs?: number;
  readonly now?: () => number;
}

export interface SearchResult<M> {
  readonly move: M;
  readonly value: number;
  readonly nodes: number;
  readonly depthReached: number;
}

/**
 * Terminal score for `seat`: +WIN_SCORE if it is the only winner, -WIN_SCORE if it is not among
 * the winners, 0 for a draw (no winners, or a tie shared with others).
 */
export function terminalScore(status: GameStatus, seat: SeatId): number {
  const winners = status.result?.winners ?? [];
  if (winners.length === 0) return 0;
  if (!winners.includes(seat)) return -WIN_SCORE;
  return winners.length === 1 ? WIN_SCORE : 0;
}

/** Passed to `apply` for moves declared deterministic: a die thrown there is a bug in `chances`. */
const NO_DICE: Random = {
  die(sides: number): number {
    throw new Error(`A move without chance outcomes threw a d${sides}: declare its outcomes in chances()`);
  },
};

/** Thrown inside a search when its budget runs out; caught by the iteration that started it. */
const OUT_OF_BUDGET: unique symbol = Symbol("search budget exceeded");

/** Counts nodes against the budget; the clock (if any) is read every 64 nodes. */
class Meter {
  nodes = 0;
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly now: (() => number) | null;

  constructor(budget: SearchBudget | undefined, defaultNodes: number) {
    if (budget?.maxMs !== undefined && !budget.now)
      throw new RangeError("A time budget needs budget.now: the rules may not read the clock themselves");
    this.now = budget?.now ?? null;
    this.deadline = budget?.maxMs !== undefined && this.now ? this.now() + budget.maxMs : Infinity;
    this.maxNodes = budget?.maxNodes ?? (budget?.maxMs !== undefined ? Infinity : defaultNodes);
  }

  /** Counts one node; false once the budget is spent (the clock is read every 64 nodes). */
  spend(): boolean {
    this.nodes++;
    if (this.nodes > this.maxNodes) return false;
    return this.now === null || (this.nodes & 63) !== 0 || this.now() <= this.deadline;
  }

  /** Whether the budget is spent, reading the clock now. */
  exhausted(): boolean {
    return this.nodes >= this.maxNodes || (this.now !== null && this.now() > this.deadline);
  }
}

/**
 * Who moves at a node: `seat` when it is among the seats to act (so in simultaneous turns the
 * others answer it, the paranoid order), otherwise the first seat to act.
 */
function moverOf(status: GameStatus, seat: SeatId): SeatId | undefined {
  return status.toAct.includes(seat) ? seat : status.toAct[0];
}

function candidates<S, M>(p: SearchProblem<S, M>, state: S, mover: SeatId): readonly M[] {
  const legal = p.game.legalMoves(state, mover);
  return p.orderMoves && legal.length > 1 ? p.orderMoves(state, mover, legal) : legal;
}

interface Context<S, M> {
  readonly p: SearchProblem<S, M>;
  readonly seat: SeatId;
  readonly meter: Meter;
  /** A line whose chance outcomes so far are less likely than this is evaluated like one out of depth (0: never). */
  readonly likelihood: number;
  /** False while the first iteration runs: it always completes, so there is always an answer. */
  limited: boolean;
}

/**
 * Expectiminimax value of `state` for `ctx.seat` with `depth` plies of decisions left, reached
 * with chance `odds` (the product of the outcomes' probabilities on the way). Seats other than
 * `ctx.seat` minimise its value ("paranoid": with two players and a zero-sum evaluation this is
 * minimax). Chance nodes average their outcomes with a full window.
 */
function valueOf<S, M>(ctx: Context<S, M>, state: S, depth: number, alpha: number, beta: number, odds: number): number {
  if (!ctx.meter.spend() && ctx.limited) throw OUT_OF_BUDGET;
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

function rootMoves<S, M>(p: SearchProblem<S, M>, state: S, seat: SeatId): readonly M[] {
  const status = p.game.status(state);
  if (status.over) throw new Error("Cannot search a finished game");
  if (!status.toAct.includes(seat)) throw new Error(`Seat ${seat} is not to act`);
  const moves = candidates(p, state, seat);
  if (moves.length === 0) throw new Error(`Seat ${seat} has no legal move`);
  return moves;
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
  const moves = rootMoves(p, state, seat);
  const ctx: Context<S, M> = {
    p,
    seat,
    meter: new Meter(options.budget, DEFAULT_MAX_NODES),
    likelihood: Math.max(0, options.likelihood ?? 0),
    limited: false,
  };
  const maxDepth = Math.max(1, Math.floor(options.depth));
  let best = { index: 0, value: -Infinity };
  let depthReached = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    try {
      const found = searchRoot(ctx, state, moves, depth, best.index);
      if (found) best = found;
      depthReached = depth;
    } catch (e) {
      if (e !== OUT_OF_BUDGET) throw e;
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
): { index: number; value: number } | null {
  let best: { index: number; value: number } | null = null;
  for (let k = -1; k < moves.length; k++) {
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
      best = { index: i, value: v };
  }
  return best;
}

/** The largest double below x (for a window that still sees a tie with x as exact). */
function justBelow(x: number): number {
  if (!Number.isFinite(x)) return x;
  if (x === 0) return -Number.MIN_VALUE;
  const step = Math.abs(x) * Number.EPSILON;
  return x - step;
}

// ---- Monte Carlo tree search ----

interface TreeNode<S, M> {
  readonly state: S;
  readonly over: boolean;
  readonly terminal: number;
  readonly mover: SeatId | undefined;
  readonly moves: readonly M[];
  readonly edges: Edge<S, M>[];
  visits: number;
}

interface Edge<S, M> {
  readonly move: M;
  /** Null: deterministic, one child. */
  readonly outcomes: readonly ChanceOutcome[] | null;
  readonly children: (TreeNode<S, M> | null)[];
  visits: number;
  /** Sum of rewards in [-1, 1], from the searching seat's point of view. */
  total: number;
}

interface MctsContext<S, M> {
  readonly p: SearchProblem<S, M>;
  readonly seat: SeatId;
  readonly meter: Meter;
  readonly random: Random;
  readonly exploration: number;
  readonly rolloutDepth: number;
}

/** A non-terminal evaluation mapped into (-1, 1): x / (1 + |x|). */
function squash(x: number): number {
  return x / (1 + Math.abs(x));
}

function makeNode<S, M>(ctx: MctsContext<S, M>, state: S): TreeNode<S, M> {
  const status = ctx.p.game.status(state);
  const mover = status.over ? undefined : moverOf(status, ctx.seat);
  const moves = mover === undefined ? [] : candidates(ctx.p, state, mover);
  return {
    state,
    over: status.over,
    terminal: status.over ? terminalScore(status, ctx.seat) / WIN_SCORE : 0,
    mover,
    moves,
    edges: [],
    visits: 0,
  };
}

/** A uniform index below n from the dice. */
function pick(random: Random, n: number): number {
  return random.die(n) - 1;
}

/** An outcome index drawn by probability (the dice give a resolution of 1 in 2^20). */
function drawOutcome(random: Random, outcomes: readonly ChanceOutcome[]): number {
  let total = 0;
  for (const o of outcomes) total += Math.max(0, o.probability);
  let x = ((random.die(1 << 20) - 1) / (1 << 20)) * total;
  for (let i = 0; i < outcomes.length; i++) {
    x -= Math.max(0, (outcomes[i] as ChanceOutcome).probability);
    if (x < 0) return i;
  }
  return outcomes.length - 1;
}

/** Follows (and if new, creates) the child of an edge: a sampled outcome for a chance move. */
function childOf<S, M>(ctx: MctsContext<S, M>, node: TreeNode<S, M>, edge: Edge<S, M>): TreeNode<S, M> | null {
  const i = edge.outcomes ? drawOutcome(ctx.random, edge.outcomes) : 0;
  const known = edge.children[i];
  if (known) return known;
  ctx.meter.spend();
  const dice = edge.outcomes ? new ScriptedRandom((edge.outcomes[i] as ChanceOutcome).dice) : NO_DICE;
  const r = ctx.p.game.apply(node.state, node.mover as SeatId, edge.move, dice);
  if (!r.ok) return null;
  const child = makeNode(ctx, r.state);
  edge.children[i] = child;
  return child;
}

/** UCT: mean reward for the mover (the searching seat's, negated for others) plus exploration. */
function selectEdge<S, M>(ctx: MctsContext<S, M>, node: TreeNode<S, M>): Edge<S, M> {
  const sign = node.mover === ctx.seat ? 1 : -1;
  const logN = Math.log(node.visits + 1);
  let best = node.edges[0] as Edge<S, M>;
  let bestScore = -Infinity;
  for (const e of node.edges) {
    const score = (sign * e.total) / e.visits + ctx.exploration * Math.sqrt(logN / e.visits);
    if (score > bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/** Plays uniformly random legal moves (dice from `random`) and scores where it stops. */
function rollout<S, M>(ctx: MctsContext<S, M>, start: S): number {
  let state = start;
  for (let ply = 0; ; ply++) {
    const status = ctx.p.game.status(state);
    if (status.over) return terminalScore(status, ctx.seat) / WIN_SCORE;
    const mover = moverOf(status, ctx.seat);
    if (ply >= ctx.rolloutDepth || mover === undefined) return squash(ctx.p.evaluate(state, ctx.seat));
    const moves = ctx.p.game.legalMoves(state, mover);
    if (moves.length === 0) return squash(ctx.p.evaluate(state, ctx.seat));
    ctx.meter.spend();
    const r = ctx.p.game.apply(state, mover, moves[pick(ctx.random, moves.length)] as M, ctx.random);
    if (!r.ok) return squash(ctx.p.evaluate(state, ctx.seat));
    state = r.state;
  }
}

/** One iteration: select, expand one edge, roll out, back up. Returns the depth of the new leaf. */
function iterate<S, M>(ctx: MctsContext<S, M>, root: TreeNode<S, M>): number {
  const path: Edge<S, M>[] = [];
  let node = root;
  let reward: number;
  for (;;) {
    node.visits++;
    if (node.over) {
      reward = node.terminal;
      break;
    }
    if (node.moves.length === 0) {
      reward = squash(ctx.p.evaluate(node.state, ctx.seat));
      break;
    }
    let edge: Edge<S, M>;
    const fresh = node.edges.length < node.moves.length;
    if (fresh) {
      const move = node.moves[node.edges.length] as M;
      const outcomes = ctx.p.chances?.(node.state, node.mover as SeatId, move);
      edge = { move, outcomes: outcomes && outcomes.length > 0 ? outcomes : null, children: [], visits: 0, total: 0 };
      node.edges.push(edge);
    } else {
      edge = selectEdge(ctx, node);
    }
    path.push(edge);
    const child = childOf(ctx, node, edge);
    if (!child) {
      reward = -1 * (node.mover === ctx.seat ? 1 : -1); // a refused move: never worth choosing
      break;
    }
    node = child;
    if (fresh) {
      node.visits++;
      reward = node.over ? node.terminal : rollout(ctx, node.state);
      break;
    }
  }
  for (const e of path) {
    e.visits++;
    e.total += reward;
  }
  return path.length;
}

/**
 * Monte Carlo tree search (UCT) with chance nodes: a move's outcomes are sampled by probability,
 * each with its own subtree. Rollouts play uniformly random legal moves to the end, or for
 * `rolloutDepth` plies and then score `evaluate` squashed into (-1, 1) by x / (1 + |x|), so an
 * evaluation should treat 1 as a clear edge. Rewards are `seat`'s; other seats minimise them
 * (paranoid). Runs `iterations` (default 1,000 without a budget) or until the budget (nodes
 * created plus rollout plies, or time) is spent. Chooses the most visited move; `value` is its
 * mean reward in [-1, 1]; `depthReached` is the deepest tree level reached.
 */
export function mcts<S, M>(
  p: SearchProblem<S, M>,
  state: S,
  seat: SeatId,
  options: {
    readonly iterations?: number;
    readonly budget?: SearchBudget;
    readonly random: Random;
    readonly exploration?: number;
    readonly rolloutDepth?: number;
  },
): SearchResult<M> {
  rootMoves(p, state, seat);
  const meter = new Meter(options.budget, Infinity);
  const ctx: MctsContext<S, M> = {
    p,
    seat,
    meter,
    random: options.random,
    exploration: options.exploration ?? Math.SQRT2,
    rolloutDepth: options.rolloutDepth ?? 1_000,
  };
  const iterations = options.iterations ?? (options.budget ? Infinity : DEFAULT_ITERATIONS);
  const root = makeNode(ctx, state);
  let depthReached = 0;
  for (let i = 0; i < iterations; i++) {
    if (i > 0 && meter.exhausted()) break;
    depthReached = Math.max(depthReached, iterate(ctx, root));
  }
  let best = root.edges[0] as Edge<S, M>;
  for (const e of root.edges) if (e.visits > best.visits) best = e;
  return { move: best.move, value: best.visits > 0 ? best.total / best.visits : 0, nodes: meter.nodes, depthReached };
}
