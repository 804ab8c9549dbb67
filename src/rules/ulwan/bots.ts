/**
 * Ulwan bots (greedy, careful, strong on the generic expectiminimax) for every game of this engine,
 * deciding from their seat's view.
 * Details: docs/rules-layer.md, "src/rules/ulwan/bots.ts".
 */
import {
  type Bot,
  type BotBudget,
  type ChanceOutcome,
  type GameEvent,
  type GameStatus,
  type Random,
  type SearchProblem,
  type SeatId,
  expectiminimax,
  withTime,
  refuse,
  ok,
} from "../core";
import { boardIndex } from "./board";
import {
  type UlwanMove,
  type UlwanState,
  HAND,
  OFF,
  ROLL_ODDS,
  applyMove,
  isFreeRollOffer,
  legalMovesOf,
  rulesOf,
  takeExtraRoll,
} from "./engine";
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
import { solvedTable, solvedWin } from "./solved";

/** What the bots read of games.ts's UlwanView (not imported: games.ts imports analysis.ts, which imports this). */
interface UlwanView {
  readonly state: UlwanState;
}

const WIN = 10_000;

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

/** How far each piece of `p` has come: 0 in hand, 1..L on the board, L+1 off. */
function progress(state: UlwanState, p: 0 | 1): number {
  const b = boardIndex(state.board);
  const L = b.length;
  let total = 0;
  for (const loc of state.pos[p]) {
    if (loc === OFF) total += L + 1;
    else if (loc >= 0) {
      const i = b.pathIndex[p][loc] as number;
      total += (i >= 0 ? i : (b.pathIndex[p === 0 ? 1 : 0][loc] as number)) + 1;
    }
  }
  return total;
}

/** The plain race: own progress minus the opponent's. */
export function race(state: UlwanState, me: 0 | 1): number {
  if (state.winner !== null) return state.winner === me ? WIN : -WIN;
  return progress(state, me) - progress(state, me === 0 ? 1 : 0);
}

/** Chance that a piece at distance d (1..4) behind a square hits it next roll. */
const HIT: readonly number[] = [
  0,
  ROLL_ODDS[1] as number,
  ROLL_ODDS[2] as number,
  ROLL_ODDS[3] as number,
  ROLL_ODDS[4] as number,
];

/** Race, plus danger to pieces in the shared row, plus holding Cresh squares, plus the purse. */
export function evaluate(state: UlwanState, me: 0 | 1): number {
  if (state.winner !== null) return state.winner === me ? WIN : -WIN;
  const b = boardIndex(state.board);
  let score = 0;
  for (const p of [0, 1] as const) {
    const sign = p === me ? 1 : -1;
    const o = p === 0 ? 1 : 0;
    let value = progress(state, p);
    for (const loc of state.pos[p]) {
      if (loc < 0) continue;
      const kind = b.kinds[loc];
      const i = b.pathIndex[p][loc] as number;
      if (kind === "cresh") value += b.owners[loc] === null ? 3 : 1;
      if (rulesOf(state).forn && kind === "forn" && b.owners[loc] === p) value += 1.5;
      if (b.owners[loc] !== null || kind === "cresh" || i < 0) continue;
      // Danger: opponents behind within reach on their own path (shared squares share indexes).
      let risk = 0;
      for (const q of state.pos[o]) {
        const j = q === HAND ? -1 : q >= 0 ? (b.pathIndex[o][q] as number) : -99;
        if (j === -99 || (q >= 0 && j < 0)) continue;
        const d = i - j;
        if (d >= 1 && d <= 4) risk += HIT[d] as number;
      }
      value -= Math.min(1, risk) * (i + 1) * 0.6;
    }
    score += sign * value;
  }
  const e = state.economy;
  if (e) {
    const unit = Math.max(1, e.unit);
    const money = (pp: 0 | 1): number => (e.payment === "open" ? e.credits[pp] : e.tokens[pp]) / unit;
    score += 0.15 * (Math.min(money(me), 40) - Math.min(money(me === 0 ? 1 : 0), 40));
  }
  return score;
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

/** The dice of one roll of 4d2>2 for each count of successes, with its odds (the search's chance node). */
const ROLL_OUTCOMES: readonly ChanceOutcome[] = ROLL_ODDS.map((probability, n) => ({
  probability,
  dice: [1, 2, 3, 4].map((d) => (d <= n ? 2 : 1)),
}));

function seatOf(state: UlwanState, seat: SeatId): 0 | 1 | -1 {
  return state.seats[0] === seat ? 0 : state.seats[1] === seat ? 1 : -1;
}

/**
 * Ulwan as a search problem: the engine's moves without the Game's seat checks (the search only
 * plays legal moves), rolls as chance nodes, and Ulwan's free Cresh roll always taken (every level
 * takes it; see strongUlwanBot).
 */
export const ulwanSearchProblem: SearchProblem<UlwanState, UlwanMove> = {
  game: {
    legalMoves(state, seat) {
      const s = seatOf(state, seat);
      return s === -1 ? [] : legalMovesOf(state, s);
    },
    apply(state, _seat, move, random) {
      const r = applyMove(state, move, random, []);
      return typeof r === "string" ? refuse(r) : ok(r);
    },
    status(state): GameStatus {
      if (state.phase !== "over") return { toAct: [state.seats[state.turn]], over: false };
      const winners = state.winner === null ? [] : [state.seats[state.winner]];
      return { toAct: [], over: true, result: { winners, creditDelta: {}, luckSpent: {} } };
    },
  },
  evaluate(state, seat) {
    return evaluate(state, seatOf(state, seat) === 1 ? 1 : 0);
  },
  chances(_state, _seat, move) {
    return move.type === "roll" ? ROLL_OUTCOMES : [];
  },
  orderMoves(state, _seat, moves) {
    return isFreeRollOffer(state) ? moves.filter((m) => m.type !== "decline") : moves;
  },
  // Depth counts rolls (turns, and extra rolls), as the strong bot always has.
  plies(_state, _seat, move) {
    return move.type === "roll" ? 1 : 0;
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
}

/**
 * The expert's search in Ulwan: three rolls ahead where the line of rolls is likely (a line stops
 * once its rolls are less likely than 1 in 20, so lines through a 0 or a 4 stay two deep). In Seven
 * Ulwan the expert plays as strong: the expert evaluation at strong's depth won 150 of 300 games
 * against strong and lost it 61 credits a game (docs/rules/ulwan.md, "Bots").
 */
export const ULWAN_EXPERT_SEARCH: UlwanExpertSearch = {
  weights: ULWAN_EXPERT_WEIGHTS,
  depth: 3,
  likelihood: 0.05,
  maxNodes: 12_000,
};

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
  const found = expectiminimax(problem, state, state.seats[state.turn], {
    depth: search.depth,
    likelihood: search.likelihood,
    budget: withTime({ maxNodes: search.maxNodes }, time),
  });
  return legal.find((m) => JSON.stringify(m) === JSON.stringify(found.move)) ?? found.move;
}

/**
 * A bot of the expert's kind: Finkel's rules on the compact model with `race`, Ulwan on the generic
 * search with `search`, Seven Ulwan as strong (the free Cresh roll taken, as every level does).
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
        ? strongChoice(state, legal, STRONG_DEPTH, STRONG_NODE_BUDGET, time)
        : expertChoice(state, legal, search, time);
    },
  };
}

/**
 * "expert": the strongest level. Finkel's rules: EXPERT_SEARCH on the compact model; Ulwan:
 * ULWAN_EXPERT_SEARCH (expert.ts's evaluation on the generic search); Seven Ulwan: strong's play.
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
