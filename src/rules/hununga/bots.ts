/**
 * Hununga bots from their seat's view: "weak" greedy for the move itself, "strong" an
 * expectiminimax over the rest of its turn (dice orders, respawns, reroll tokens as chance nodes).
 * Details: docs/rules-layer.md, "src/rules/hununga/bots.ts".
 */
import type { Bot, BotBudget, ChanceOutcome, Random, SearchProblem, SeatId } from "../core";
import { expectiminimax, withTime } from "../core";
import { type CompiledBoard, DEFENCE, cellIndex, compileBoard } from "./board";
import { type HunungaMove, type HunungaState, type Side, applyMove } from "./engine";
import { type HunungaView, hununga } from "./game";

const POINT = 1000;

const NO_DICE: Random = {
  die(): number {
    throw new Error("this move throws no dice");
  },
};

/** The state after a move that throws no dice, or null when refused. */
function after(state: HunungaState, move: HunungaMove): HunungaState | null {
  const r = applyMove(state, move, NO_DICE, []);
  return typeof r === "string" ? null : r;
}

/** Shortest path lengths from `from` through empty squares (start excluded from the emptiness test). */
function distances(b: CompiledBoard, occ: Int16Array, from: number, limit: number): Int8Array {
  const dist = new Int8Array(b.width * b.height).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    const d = dist[at]!;
    if (d >= limit) continue;
    for (const q of b.adjacent[at]!) {
      if (dist[q] !== -1 || occ[q] !== -1) continue;
      dist[q] = d + 1;
      queue.push(q);
    }
  }
  return dist;
}

/** The chance that a roll of 2d6 shows at least one of `values` distinct faces. */
function hitChance(values: number): number {
  const miss = 1 - values / 6;
  return 1 - miss * miss;
}

/**
 * Position score for `me`. The side that rolls next has its threats counted in full, the other
 * side's for a quarter (the roller can answer them).
 */
export function evaluate(state: HunungaState, me: Side): number {
  const opp: Side = me === 0 ? 1 : 0;
  if (state.phase === "over") return state.winner === null ? 0 : state.winner === me ? 100 * POINT : -100 * POINT;
  const b = compileBoard(state.board);
  const occ = new Int16Array(b.width * b.height).fill(-1);
  const where: number[] = [];
  state.pieces.forEach((p, i) => {
    const at = p.at === null ? -1 : cellIndex(b, p.at);
    where.push(at);
    if (at >= 0) occ[at] = i;
  });
  let score = POINT * (state.scores[me] - state.scores[opp]) + 40 * (state.tokens[me] - state.tokens[opp]);
  const reach: [Int8Array[], Int8Array[]] = [[], []];
  const centre = [0, 0];
  let material = 0;
  let nearCentre = 0;
  state.pieces.forEach((p, i) => {
    const at = where[i]!;
    if (at < 0) return;
    const sign = p.side === me ? 1 : -1;
    material += sign * DEFENCE[p.kind];
    if (b.centre[at]) centre[p.side]!++;
    const x = at % b.width;
    const y = Math.floor(at / b.width);
    let best = 99;
    for (const c of b.centreCells) {
      const d = Math.abs((c % b.width) - x) + Math.abs(Math.floor(c / b.width) - y);
      if (d < best) best = d;
    }
    nearCentre += sign * Math.max(0, 6 - best);
    reach[p.side].push(distances(b, occ, at, 6));
  });
  score += 12 * material + 3 * nearCentre;
  score += 60 * (Math.min(centre[me]!, 2) - Math.min(centre[opp]!, 2));

  // What each side can capture on its next roll, as expected points and dots.
  const risk = (victim: Side): number => {
    const attackers = reach[victim === 0 ? 1 : 0];
    let worst = 0;
    let sum = 0;
    let kingRisk = 0;
    state.pieces.forEach((p, i) => {
      const at = where[i]!;
      if (at < 0 || p.side !== victim) return;
      const def = DEFENCE[p.kind];
      let shortest = 99;
      for (const q of b.adjacent[at]!) {
        for (const dist of attackers) {
          const d = dist[q]!;
          if (d >= 0 && d < shortest) shortest = d;
        }
      }
      if (shortest > 6 - def) return;
      const values = Math.floor((6 - def - shortest) / 2) + 1;
      const chance = hitChance(values);
      if (p.kind === "king") kingRisk = Math.max(kingRisk, chance);
      else {
        worst = Math.max(worst, chance * def * 12);
        sum += chance * def * 12;
      }
    });
    return worst + 0.3 * (sum - worst) + kingRisk * POINT;
  };
  // Mid-turn the mover has at most one die left: the opponent's roll comes first that matters.
  const next: Side = state.phase === "roll" ? state.turn : state.turn === 0 ? 1 : 0;
  const mineAtRisk = risk(me);
  const theirsAtRisk = risk(opp);
  score += next === me ? theirsAtRisk - 0.25 * mineAtRisk : 0.25 * theirsAtRisk - mineAtRisk;

  // The centre hold: worth a point unless the other side can reach an empty centre square.
  const claimValue = (holder: Side): number => {
    const breakers = reach[holder === 0 ? 1 : 0];
    let canEnter = false;
    for (const c of b.centreCells) {
      if (occ[c] !== -1) continue;
      for (const dist of breakers) {
        const d = dist[c]!;
        if (d > 0 && d <= 6) canEnter = true;
      }
    }
    return (canEnter ? 0.35 : 0.9) * POINT;
  };
  if (state.claim === me) score += claimValue(me);
  else if (state.claim === opp) score -= claimValue(opp);
  else if (state.phase === "roll" && state.turn === opp && centre[me]! > 0 && centre[opp] === 0)
    score += 0.5 * claimValue(me);
  return score;
}

const ROLL_OUTCOMES: readonly ChanceOutcome[] = (() => {
  const out: ChanceOutcome[] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = a; b <= 6; b++) out.push({ probability: a === b ? 1 / 36 : 2 / 36, dice: [a, b] });
  return out;
})();
const REROLL_OUTCOMES: readonly ChanceOutcome[] = [1, 2, 3, 4, 5, 6].map((v) => ({ probability: 1 / 6, dice: [v] }));

function sideOf(state: HunungaState, seat: SeatId): Side {
  return state.seats[0] === seat ? 0 : 1;
}

/** How many moves each node keeps after the one-move look. */
const KEEP = 8;

export const hunungaSearch: SearchProblem<HunungaState, HunungaMove> = {
  game: hununga,
  evaluate: (state, seat) => evaluate(state, sideOf(state, seat)),
  chances(_state, _seat, move) {
    if (move.type === "roll") return ROLL_OUTCOMES;
    if (move.type === "reroll") return REROLL_OUTCOMES;
    return [];
  },
  orderMoves(state, seat, moves) {
    const me = sideOf(state, seat);
    const scored: { move: HunungaMove; value: number }[] = [];
    const chance: HunungaMove[] = [];
    for (const move of moves) {
      if (move.type === "roll" || move.type === "reroll") {
        chance.push(move);
        continue;
      }
      const next = after(state, move);
      if (next) scored.push({ move, value: evaluate(next, me) });
    }
    scored.sort((a, b) => b.value - a.value);
    return [...scored.slice(0, KEEP).map((s) => s.move), ...chance];
  },
};

/**
 * The strong bot's choice: the rest of its turn searched (with two dice open and a token, a reroll
 * is weighed by the best move after it, the last die scored by the evaluation).
 */
export function strongChoice(state: HunungaState, legal: readonly HunungaMove[], time?: BotBudget): HunungaMove {
  if (legal.length === 1) return legal[0]!;
  const seat = state.seats[state.turn];
  const open = state.used.filter((u) => u === null).length;
  // Both dice when two are open; with one die left and a token, the reroll and the move after it.
  const depth = open === 1 && state.tokens[state.turn] > 0 ? 2 : Math.max(1, open);
  return expectiminimax(hunungaSearch, state, seat, { depth, budget: withTime({ maxNodes: 20_000 }, time) }).move;
}

export const strongBot: Bot<HunungaView, HunungaMove> = {
  choose: (view, legal, _random, time) => strongChoice(view.state, legal, time),
};

/** Greedy for the move itself, with random ties. */
export function weakChoice(state: HunungaState, legal: readonly HunungaMove[], random: Random): HunungaMove {
  if (legal.length === 1) return legal[0]!;
  const b = compileBoard(state.board);
  let best: HunungaMove[] = [];
  let bestValue = -Infinity;
  for (const move of legal) {
    let value = 0;
    if (move.type === "reroll") value = -10;
    else if (move.type === "pass") value = -5;
    else if (move.type === "respawn") value = 1;
    else if (move.type === "move") {
      if (move.attack) {
        const victim = state.pieces.find((p) => p.at === move.attack);
        value = victim ? (victim.kind === "king" ? 50 : 10 + DEFENCE[victim.kind]) : 0;
      }
      const to = move.path.length ? move.path[move.path.length - 1]! : move.from;
      if (b.centre[cellIndex(b, to)] && !b.centre[cellIndex(b, move.from)]) value += 5;
    }
    if (value > bestValue) {
      bestValue = value;
      best = [move];
    } else if (value === bestValue) best.push(move);
  }
  return best[random.die(best.length) - 1]!;
}

export const weakBot: Bot<HunungaView, HunungaMove> = {
  choose: (view, legal, random) => weakChoice(view.state, legal, random),
};

/** The bots by level; the first is the default. */
export const hunungaBots: Readonly<Record<string, Bot<HunungaView, HunungaMove>>> = {
  strong: strongBot,
  weak: weakBot,
};
