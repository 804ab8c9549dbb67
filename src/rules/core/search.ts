/**
 * Generic game-tree search over the Game contract: the problem, budget and result shapes and the
 * terminal score shared by expectiminimax (expectiminimax.ts) and Monte Carlo tree search (mcts.ts).
 * Pure: no module-level state; every call carries its own budget (nodes, or time through `now`).
 */
import type { Game, GameStatus, SeatId } from "./game";

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

/**
 * A search's limits: nodes, and time on the caller's clock (`now`). When the time runs out the
 * search stops where it is, even in its first iteration, and keeps the best move found so far.
 */
export interface SearchBudget {
  readonly maxNodes?: number;
  readonly maxMs?: number;
  readonly now?: () => number;
}

/** `budget` with a bot's time limit added (none: `budget` unchanged, the search as without a clock). */
export function withTime(
  budget: SearchBudget,
  time: { readonly now: () => number; readonly maxMs: number } | undefined,
): SearchBudget {
  return time ? { ...budget, now: time.now, maxMs: time.maxMs } : budget;
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
