/**
 * Monte Carlo tree search over the Game contract: UCT with chance nodes, random rollouts scored by
 * the evaluation. Pure; its dice and its budget are the caller's.
 */
import type { SeatId } from "./game";
import { type Random, ScriptedRandom } from "./random";
import {
  type ChanceOutcome,
  DEFAULT_ITERATIONS,
  type SearchBudget,
  type SearchProblem,
  type SearchResult,
  WIN_SCORE,
  terminalScore,
} from "./search";
import { Meter, NO_DICE, candidates, moverOf, rootMoves } from "./search-common";

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
