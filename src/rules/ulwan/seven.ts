/**
 * Seven Ulwan's expert: strong's expectiminimax over the dice with an evaluation that prices the purse
 * (a player who cannot pay the ante cannot bring a piece on). Why: docs/rules/ulwan.md, "Seven Ulwan's expert".
 */
import { type BotBudget, type SearchProblem, expectiminimax, withTime } from "../core";
import { type UlwanMove, type UlwanState, OFF } from "./engine";
import { antesHeld, evaluate, seatOf, ulwanSearchProblem } from "./evaluation";

export interface SevenExpertSearch {
  /** Every ante held is worth this much progress (a square is 1), with no cap. */
  readonly perAnte: number;
  /** Antes up to the reserve are worth this much more: the entries still to pay for. */
  readonly perReserveAnte: number;
  /** The reserve: one ante per piece not yet home (each may still need an entry), plus this many. */
  readonly reserveExtra: number;
  /** Rolls looked ahead (as strong's STRONG_DEPTH counts them). */
  readonly depth: number;
  /** Nodes the search may visit in all its iterations. */
  readonly maxNodes: number;
  /** The longest a decision may take on the host's clock, whatever the host allows (ms). */
  readonly maxMs: number;
}

/**
 * The weights measured (docs/rules/ulwan.md): 0.4 a square per ante, 1.5 more per ante of the
 * reserve; strong's depth and nodes, so the gain is the evaluation's; 90 ms at most a decision.
 */
export const SEVEN_EXPERT_SEARCH: SevenExpertSearch = {
  perAnte: 0.4,
  perReserveAnte: 1.5,
  reserveExtra: 3,
  depth: 2,
  maxNodes: 15_000,
  maxMs: 90,
};

/** What `p`'s purse is worth: every ante, and more for those its remaining entries will need. */
export function thriftyPurse(state: UlwanState, p: 0 | 1, search: SevenExpertSearch = SEVEN_EXPERT_SEARCH): number {
  const antes = antesHeld(state, p);
  let notHome = 0;
  for (const loc of state.pos[p]) if (loc !== OFF) notHome++;
  return search.perAnte * antes + search.perReserveAnte * Math.min(antes, notHome + search.reserveExtra);
}

/** Strong's evaluation with the thrifty purse in place of strong's capped one. */
export function sevenExpertValue(
  state: UlwanState,
  me: 0 | 1,
  search: SevenExpertSearch = SEVEN_EXPERT_SEARCH,
): number {
  return evaluate(state, me, (s, p) => thriftyPurse(s, p, search) - thriftyPurse(s, p === 0 ? 1 : 0, search));
}

function problemFor(search: SevenExpertSearch): SearchProblem<UlwanState, UlwanMove> {
  return {
    ...ulwanSearchProblem,
    evaluate(state, seat) {
      return sevenExpertValue(state, seatOf(state, seat) === 1 ? 1 : 0, search);
    },
  };
}

const SEVEN_EXPERT_PROBLEM = problemFor(SEVEN_EXPERT_SEARCH);

/**
 * The expert's move in Seven Ulwan: expectiminimax (iterative deepening, depth in rolls) within the
 * node budget and, given a host clock, the shorter of the host's time and `search.maxMs`.
 */
export function sevenExpertChoice(
  state: UlwanState,
  legal: readonly UlwanMove[],
  time?: BotBudget,
  search: SevenExpertSearch = SEVEN_EXPERT_SEARCH,
): UlwanMove {
  const problem = search === SEVEN_EXPERT_SEARCH ? SEVEN_EXPERT_PROBLEM : problemFor(search);
  const clock = time ? { now: time.now, maxMs: Math.min(time.maxMs, search.maxMs) } : undefined;
  const found = expectiminimax(problem, state, state.seats[state.turn], {
    depth: search.depth,
    budget: withTime({ maxNodes: search.maxNodes }, clock),
  });
  // The search plays moves as the engine lists them; hand back the caller's own object.
  return legal.find((m) => JSON.stringify(m) === JSON.stringify(found.move)) ?? found.move;
}
