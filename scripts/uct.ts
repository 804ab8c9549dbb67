/**
 * The strength yardstick: a textbook UCT search (Kocsis and Szepesvári, 2006) over the Game contract
 * and nothing else. It is deliberately independent of the bots' own search (src/rules/core/mcts.ts):
 * UCB1 with c = √2 on rewards in [0, 1], uniformly random playouts, a move's dice sampled again on
 * every iteration (each distinct outcome its own child), a budget of iterations, no knowledge of any
 * game. It searches the true state (it may see what a seat's view hides: only ever to its advantage).
 */
import type { Game, GameStatus, Random, SeatId } from "../src/rules/core";

/** UCB1's exploration constant for rewards in [0, 1]. */
export const UCB1_C = Math.SQRT2;
/** Playout plies after which a playout stops and counts as a draw (a game that ends only by a move limit). */
export const PLAYOUT_LIMIT = 1_000;

type Rules<S, M> = Pick<Game<S, M, unknown, unknown>, "legalMoves" | "apply" | "status">;

interface Node<S, M> {
  readonly state: S;
  readonly status: GameStatus;
  /** Who chooses here (the first seat to act; the searching seat at the root). */
  readonly mover: SeatId | undefined;
  /** Legal moves not yet tried, taken in random order. */
  readonly untried: M[];
  readonly edges: Edge<S, M>[];
  visits: number;
}

interface Edge<S, M> {
  readonly move: M;
  /** Whether applying the move threw no die (then it has one child, kept); null until first applied. */
  deterministic: boolean | null;
  /** Children by their state's JSON: each distinct dice outcome its own node. */
  readonly children: Map<string, Node<S, M>>;
  visits: number;
  /** Sum of the rewards of the seat moving at the edge's node. */
  total: number;
}

/** A seat's reward at the end: 1 for a sole win, 0 for a loss, 0.5 for a draw or a shared win. */
export function reward(status: GameStatus | null, seat: SeatId): number {
  const winners = status?.over ? (status.result?.winners ?? []) : [];
  if (winners.length === 0) return 0.5;
  if (!winners.includes(seat)) return 0;
  return winners.length === 1 ? 1 : 0.5;
}

/** The dice the search rolls, counting whether a move threw any. */
class CountingRandom implements Random {
  thrown = 0;
  constructor(private readonly source: Random) {}
  die(sides: number): number {
    this.thrown++;
    return this.source.die(sides);
  }
}

export interface UctOptions {
  readonly iterations: number;
  /** Dice for the search's own choices, playouts and sampled outcomes. */
  readonly random: Random;
  /** Default PLAYOUT_LIMIT. */
  readonly playoutLimit?: number;
}

/** Textbook UCT: the move of `seat` most visited after `iterations` iterations from `state`. */
export function uctChoose<S, M>(game: Rules<S, M>, state: S, seat: SeatId, options: UctOptions): M {
  const random = options.random;
  const limit = options.playoutLimit ?? PLAYOUT_LIMIT;
  const makeNode = (s: S, mover?: SeatId): Node<S, M> => {
    const status = game.status(s);
    const who = status.over ? undefined : (mover ?? status.toAct[0]);
    return {
      state: s,
      status,
      mover: who,
      untried: who === undefined ? [] : game.legalMoves(s, who),
      edges: [],
      visits: 0,
    };
  };
  const root = makeNode(state, seat);
  if (root.status.over) throw new Error("Cannot search a finished game");
  if (root.untried.length === 0) throw new Error(`Seat ${seat} has no legal move`);

  /** The node the edge's move leads to this time (its dice rolled afresh), and whether it is new. */
  const follow = (node: Node<S, M>, edge: Edge<S, M>): { child: Node<S, M>; fresh: boolean } => {
    if (edge.deterministic) {
      const only = edge.children.values().next().value as Node<S, M>;
      return { child: only, fresh: false };
    }
    const dice = new CountingRandom(random);
    const r = game.apply(node.state, node.mover as SeatId, edge.move, dice);
    if (!r.ok) throw new Error(`The rules refused their own legal move ${JSON.stringify(edge.move)}: ${r.error.code}`);
    edge.deterministic = dice.thrown === 0;
    const key = edge.deterministic ? "" : JSON.stringify(r.state);
    const known = edge.children.get(key);
    if (known) return { child: known, fresh: false };
    const child = makeNode(r.state);
    edge.children.set(key, child);
    return { child, fresh: true };
  };

  const select = (node: Node<S, M>): Edge<S, M> => {
    const logN = Math.log(node.visits);
    let best = node.edges[0] as Edge<S, M>;
    let bestScore = -Infinity;
    for (const e of node.edges) {
      const score = e.total / e.visits + UCB1_C * Math.sqrt(logN / e.visits);
      if (score > bestScore) {
        bestScore = score;
        best = e;
      }
    }
    return best;
  };

  /** Uniformly random legal moves from `s` to the end (null: stopped at the playout limit). */
  const playout = (s: S): GameStatus | null => {
    let current = s;
    for (let ply = 0; ply < limit; ply++) {
      const status = game.status(current);
      if (status.over) return status;
      const mover = status.toAct[0];
      if (mover === undefined) return null;
      const moves = game.legalMoves(current, mover);
      if (moves.length === 0) return null;
      const r = game.apply(current, mover, moves[random.die(moves.length) - 1] as M, random);
      if (!r.ok) throw new Error(`The rules refused their own legal move: ${r.error.code}`);
      current = r.state;
    }
    const status = game.status(current);
    return status.over ? status : null;
  };

  for (let i = 0; i < options.iterations; i++) {
    const path: Edge<S, M>[] = [];
    const movers: SeatId[] = [];
    let node = root;
    node.visits++;
    let end: GameStatus | null;
    for (;;) {
      if (node.status.over || node.mover === undefined || (node.untried.length === 0 && node.edges.length === 0)) {
        end = node.status.over ? node.status : null;
        break;
      }
      let edge: Edge<S, M>;
      if (node.untried.length > 0) {
        const pick = random.die(node.untried.length) - 1;
        const move = node.untried[pick] as M;
        node.untried.splice(pick, 1);
        edge = { move, deterministic: null, children: new Map(), visits: 0, total: 0 };
        node.edges.push(edge);
      } else edge = select(node);
      path.push(edge);
      movers.push(node.mover);
      const { child, fresh } = follow(node, edge);
      node = child;
      node.visits++;
      if (fresh) {
        end = playout(node.state);
        break;
      }
    }
    for (let k = 0; k < path.length; k++) {
      const e = path[k] as Edge<S, M>;
      e.visits++;
      e.total += reward(end, movers[k] as SeatId);
    }
  }
  let best = root.edges[0] as Edge<S, M>;
  for (const e of root.edges) if (e.visits > best.visits) best = e;
  return best.move;
}
