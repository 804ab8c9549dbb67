/**
 * Ulwan bots (greedy, careful, strong on the generic expectiminimax) for every game of this engine,
 * deciding from their seat's view.
 * Details: docs/rules-layer.md, "src/rules/ulwan/bots.ts".
 */
import {
  type Bot,
  type BotBudget,
  type GameEvent,
  type Random,
  type SearchProblem,
  expectiminimax,
  withTime,
} from "../core";
import { type UlwanMove, type UlwanState, applyMove, isFreeRollOffer, takeExtraRoll } from "./engine";
import { evaluate, race, seatOf, ulwanSearchProblem } from "./evaluation";
import {
  type RaceSearch,
  expertEvaluation,
  moveSource,
  raceApply,
  raceChoice,
  racePosition,
  raceShape,
  swap,
} from "./race";
import { type UlwanExpertWeights, ULWAN_EXPERT_WEIGHTS, expertValue } from "./expert";
import { sevenExpertChoice } from "./seven";
import { solvedTable, solvedWin } from "./solved";

export { evaluate, race, ulwanSearchProblem } from "./evaluation";

/** What the bots read of games.ts's UlwanView (not imported: games.ts imports analysis.ts, which imports this). */
interface UlwanView {
  readonly state: UlwanState;
}

/**
 * The state after a move that throws no dice (the caller knows it is legal); taking Ulwan's free
 * Cresh roll gives the state about to roll (its dice are the caller's chance layer).
 */
export function next(state: UlwanState, move: UlwanMove): UlwanState | null {
  const events: GameEvent[] = [];
  if (move.type === "roll") return isFreeRollOffer(state) ? takeExtraRoll(state, state.turn, events) : null;
  const r = applyMove(state, move, null, events);
  return typeof r === "string" ? null : r;
}

function bestBy(state: UlwanState, legal: readonly UlwanMove[], score: (s: UlwanState) => number): UlwanMove {
  let best = legal[0] as UlwanMove;
  let bestScore = -Infinity;
  for (const m of legal) {
    if (m.type === "roll") continue;
    const s = next(state, m);
    if (!s) continue;
    const v = score(s);
    if (v > bestScore) {
      bestScore = v;
      best = m;
    }
  }
  return best;
}

export const greedyUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal) {
    const state = view.state;
    // A roll when offered one (the turn's roll, or Ulwan's free extra roll from a Cresh).
    if (legal.length === 1 || legal.some((m) => m.type === "roll"))
      return legal.find((m) => m.type === "roll") ?? (legal[0] as UlwanMove);
    const me = state.turn;
    return bestBy(state, legal, (s) => race(s, me));
  },
};

/** One ply, but with the strong bot's evaluation (safety, Cresh, purse): a middle strength. */
export const carefulUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal) {
    const state = view.state;
    // A roll when offered one (the turn's roll, or Ulwan's free extra roll from a Cresh).
    if (legal.length === 1 || legal.some((m) => m.type === "roll"))
      return legal.find((m) => m.type === "roll") ?? (legal[0] as UlwanMove);
    const me = state.turn;
    return bestBy(state, legal, (s) => evaluate(s, me));
  },
};

/** Nodes the strong bot's search may visit (all its iterations together) before it keeps a shallower answer. */
export const STRONG_NODE_BUDGET = 15_000;
/** Rolls the strong bot looks ahead: its move, the opponent's roll and reply, its own roll and move. */
export const STRONG_DEPTH = 2;

/**
 * Expectiminimax (core/expectiminimax.ts) by iterative deepening: one roll deep (always completed), then
 * two within the node budget (positions with many Esk moves or Dorn purchases branch widely); the
 * deepest finished search decides.
 */
export function strongChoice(
  state: UlwanState,
  legal: readonly UlwanMove[],
  depth = STRONG_DEPTH,
  budget = STRONG_NODE_BUDGET,
  time?: BotBudget,
): UlwanMove {
  const seat = state.seats[state.turn];
  const found = expectiminimax(ulwanSearchProblem, state, seat, {
    depth,
    budget: withTime({ maxNodes: budget }, time),
  });
  // The search plays moves as the engine lists them; hand back the caller's own object.
  return legal.find((m) => JSON.stringify(m) === JSON.stringify(found.move)) ?? found.move;
}

export const strongUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal, _random: Random, time) {
    if (legal.length === 1) return legal[0] as UlwanMove;
    // Ulwan's free Cresh roll is taken: searching "decline" against it (one chance layer of the
    // opponent's against one of its own) declined about 1 offer in 40 and lost strength (63.7%
    // against careful over 1,000 seeds, against 70.3% when always rolling).
    if (isFreeRollOffer(view.state)) return { type: "roll" };
    return strongChoice(view.state, legal, STRONG_DEPTH, STRONG_NODE_BUDGET, time);
  },
};

/**
 * The expert's search in Finkel's rules: RoyalUr-Java's likelihood pruning (a line stops once its
 * rolls are less likely than `likelihood`) on the compact model, scored by the expert evaluation.
 */
export const EXPERT_SEARCH: RaceSearch = { depth: Infinity, likelihood: 0.01, evaluate: expertEvaluation() };

/** A bot searching the compact model with `search` in Finkel's rules, and as strong elsewhere. */
export function raceSearchBot(search: RaceSearch): Bot<UlwanView, UlwanMove> {
  return {
    choose(view, legal, random: Random, time) {
      if (legal.length === 1) return legal[0] as UlwanMove;
      return raceChoice(view.state, legal, search) ?? strongUlwanBot.choose(view, legal, random, time);
    },
  };
}

/** The expert's search in Ulwan and Seven Ulwan: the generic expectiminimax, its evaluation and limits. */
export interface UlwanExpertSearch {
  readonly weights: UlwanExpertWeights;
  /** Rolls looked ahead at most (as STRONG_DEPTH counts them). */
  readonly depth: number;
  /** A line stops once its rolls are less likely than this (0: depth only). */
  readonly likelihood: number;
  /** Nodes the search may visit in all its iterations. */
  readonly maxNodes: number;
  /** The longest a decision may take on the host's clock, whatever the host allows (ms). */
  readonly maxMs: number;
}

/**
 * The expert's search in Ulwan: three rolls ahead where the line of rolls is likely (a line stops
 * once its rolls are less likely than 1 in 20, so lines through a 0 or a 4 stay two deep), 90 ms at most. Seven
 * Ulwan's expert is seven.ts's (this evaluation gained nothing there: docs/rules/ulwan.md, "Bots").
 */
export const ULWAN_EXPERT_SEARCH: UlwanExpertSearch = {
  weights: ULWAN_EXPERT_WEIGHTS,
  depth: 3,
  likelihood: 0.05,
  maxNodes: 12_000,
  maxMs: 90,
};

/**
 * A candidate for Ulwan's expert, four rolls deep within 40,000 nodes (and the same 90 ms cap): in
 * `npm run sim` only (level `expert-deep`) until measured stronger (docs/rules/ulwan.md, "Bots").
 */
export const ULWAN_DEEP_SEARCH: UlwanExpertSearch = { ...ULWAN_EXPERT_SEARCH, depth: 4, maxNodes: 40_000 };

/** ulwanSearchProblem scored by the expert evaluation with `weights`. */
export function expertSearchProblem(weights: UlwanExpertWeights): SearchProblem<UlwanState, UlwanMove> {
  return {
    ...ulwanSearchProblem,
    evaluate(state, seat) {
      return expertValue(state, seatOf(state, seat) === 1 ? 1 : 0, weights);
    },
  };
}

const problems = new WeakMap<UlwanExpertWeights, SearchProblem<UlwanState, UlwanMove>>();

/** The expert's move in Ulwan and Seven Ulwan (any rule set, in fact): `search` on the generic expectiminimax. */
export function expertChoice(
  state: UlwanState,
  legal: readonly UlwanMove[],
  search: UlwanExpertSearch = ULWAN_EXPERT_SEARCH,
  time?: BotBudget,
): UlwanMove {
  let problem = problems.get(search.weights);
  if (!problem) problems.set(search.weights, (problem = expertSearchProblem(search.weights)));
  // Bounded by time as well as nodes: a Roll20 sandbox must not stall on a slow or busy machine.
  const clock = time ? { now: time.now, maxMs: Math.min(time.maxMs, search.maxMs) } : undefined;
  const found = expectiminimax(problem, state, state.seats[state.turn], {
    depth: search.depth,
    likelihood: search.likelihood,
    budget: withTime({ maxNodes: search.maxNodes }, clock),
  });
  return legal.find((m) => JSON.stringify(m) === JSON.stringify(found.move)) ?? found.move;
}

/**
 * A bot of the expert's kind: Finkel's rules on the compact model with `race`, Ulwan on the generic
 * search with `search`, Seven Ulwan with seven.ts's thrifty search (the free Cresh roll taken, as every level does).
 */
export function expertBot(
  race: RaceSearch,
  search: UlwanExpertSearch = ULWAN_EXPERT_SEARCH,
): Bot<UlwanView, UlwanMove> {
  return {
    choose(view, legal, _random, time) {
      if (legal.length === 1) return legal[0] as UlwanMove;
      const state = view.state;
      if (raceShape(state)) {
        const found = raceChoice(state, legal, race);
        if (found) return found;
      }
      if (isFreeRollOffer(state)) return { type: "roll" };
      return state.ruleset === "seven"
        ? sevenExpertChoice(state, legal, time)
        : expertChoice(state, legal, search, time);
    },
  };
}

/**
 * "expert": the strongest level. Finkel's rules: EXPERT_SEARCH on the compact model; Ulwan:
 * ULWAN_EXPERT_SEARCH (expert.ts's evaluation on the generic search); Seven Ulwan: seven.ts.
 */
export const expertUlwanBot = expertBot(EXPERT_SEARCH);

/**
 * The move with the best chance of winning by the solved table (Finkel's rules with at most
 * MAX_SOLVED_PIECES pieces), or null where there is no table. Ties keep the earlier legal move.
 */
export function perfectChoice(state: UlwanState, legal: readonly UlwanMove[]): UlwanMove | null {
  const shape = raceShape(state);
  const table = shape ? solvedTable(shape) : null;
  if (!shape || !table || state.phase !== "move" || state.roll === null) return null;
  const p = racePosition(state, state.turn);
  let best: UlwanMove | null = null;
  let bestWin = -Infinity;
  for (const m of legal) {
    const from = moveSource(state, m);
    if (from === null) return null;
    const a = raceApply(shape, p, from, state.roll);
    const mine = { me: a.me, you: a.you, meHand: a.meHand, youHand: a.youHand };
    const w = a.next === "won" ? 1 : a.next === "again" ? solvedWin(table, mine) : solvedWin(table, swap(mine));
    if (w === null) return null;
    const win = a.next === "pass" ? 1 - w : w;
    if (win > bestWin) {
      best = m;
      bestWin = win;
    }
  }
  return best;
}

/** "perfect": solved play where a table exists (Finkel's rules, 1 or 2 pieces), the expert elsewhere. */
export const perfectUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(view, legal, random: Random, time) {
    if (legal.length === 1) return legal[0] as UlwanMove;
    return perfectChoice(view.state, legal) ?? expertUlwanBot.choose(view, legal, random, time);
  },
};

/** Levels by name; the first is the default. */
export const ulwanBotLevels = {
  strong: strongUlwanBot,
  careful: carefulUlwanBot,
  greedy: greedyUlwanBot,
  expert: expertUlwanBot,
  perfect: perfectUlwanBot,
} as const;
