/**
 * Bots for both sides of the three unequal-forces games, on the generic search (expectiminimax,
 * src/rules/core/search.ts) with a per-game evaluation. "strong" searches deeper over every move;
 * "weak" searches one turn over a random handful of the legal moves. Ties fall randomly (root order shuffled).
 */
import type { Bot, Game, Random, SearchProblem, SeatId } from "../core";
import { expectiminimax } from "../core";
import { type Side, other } from "./common";
import {
  type DefianceMove,
  type DefianceState,
  type DefianceView,
  IMPERIUM,
  POINTS,
  REBEL,
  defiance,
  defianceLegalMoves,
  defiancePlay,
  domainOfPoint,
  isKeyPoint,
  ownerOf,
  squaresAround,
} from "./defiance";
import {
  type PorrikaMove,
  type PorrikaState,
  type PorrikaView,
  SACRED_WATERS,
  SCHELATI,
  SERRA,
  locked,
  porrika,
  porrikaLegalMoves,
} from "./porrika";
import { type TakatMove, type TakatState, type TakatView, WHITE, takat, takatLegalMoves } from "./takat";
import { oppositeTriangle, parseTriangleKey, triangleKey } from "../grid";

interface Tuning<S, M> {
  readonly game: Game<S, M, unknown, unknown>;
  /** Score of a position for side 0 (positive: good for side 0). */
  readonly score: (s: S) => number;
  readonly orderMoves?: SearchProblem<S, M>["orderMoves"];
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.die(i + 1) - 1;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A bot searching `depth` plies within `maxNodes`; with `sample`, only that many random legal moves
 * are considered at the root (the weak level).
 */
function searchBot<S extends { seats: readonly SeatId[]; turn: Side }, M>(
  t: Tuning<S, M>,
  depth: number | ((s: S) => number),
  maxNodes: number,
  sample?: number,
): Bot<{ state: S }, M> {
  return {
    choose(view, legal, random) {
      const root = view.state;
      const seat = root.seats[root.turn]!;
      const order = shuffled(legal, random);
      const rootMoves = sample !== undefined ? order.slice(0, sample) : order;
      const problem: SearchProblem<S, M> = {
        game: {
          legalMoves: (s, who) => (s === root ? rootMoves : t.game.legalMoves(s, who)),
          apply: (s, who, m, r) => t.game.apply(s, who, m, r),
          status: (s) => t.game.status(s),
        },
        evaluate: (s, who) => (s.seats[0] === who ? t.score(s) : -t.score(s)),
        orderMoves: t.orderMoves
          ? (s, who, moves) => (s === root && sample !== undefined ? moves : t.orderMoves!(s, who, moves))
          : undefined,
      };
      const plies = typeof depth === "number" ? depth : depth(root);
      return expectiminimax(problem, root, seat, { depth: plies, budget: { maxNodes } }).move;
    },
  };
}

// ---- Takat ----

function takatMobility(s: TakatState, side: Side): number {
  return takatLegalMoves({ ...s, turn: side }, side).length;
}

/** White: tall stacks and room to move; Black: White short of moves. */
export function takatScore(s: TakatState): number {
  const heights = s.stacks.map((st) => st.length);
  const tallest = Math.max(...heights);
  const climb = heights.reduce((n, h) => n + h * h, 0);
  return 40 * tallest + 2 * climb + 6 * takatMobility(s, WHITE) - 3 * takatMobility(s, other(WHITE));
}

const takatTuning: Tuning<TakatState, TakatMove> = { game: takat as never, score: takatScore };

// ---- Por'rika ----

/** Schelati: Egg Carriers advanced and safe, Ser'ra locked; Ser'ra: the opposite. */
export function porrikaScore(s: PorrikaState): number {
  if (s.phase === "setup") return 0;
  let score = 0;
  const serraMoves = porrikaLegalMoves({ ...s, turn: SERRA }, SERRA);
  const serraReach = new Set(serraMoves.map((m) => (m.type === "move" ? m.to : "")));
  for (const p of s.pieces) {
    if (p.kind === "serra") {
      if (locked(s, p.at)) score += 80;
    } else if (p.kind === "egg") {
      const y = parseTriangleKey(p.at)!.y;
      score += SACRED_WATERS.includes(p.at) ? 200 : 18 * y;
      const across = triangleKey(oppositeTriangle(parseTriangleKey(p.at)!));
      if (!SACRED_WATERS.includes(p.at) && serraReach.has(across)) score -= s.turn === SERRA ? 300 : 60;
    } else score += 2 * parseTriangleKey(p.at)!.y;
  }
  const schelatiMoves = porrikaLegalMoves({ ...s, turn: SCHELATI }, SCHELATI).length;
  return score + 2 * schelatiMoves - 3 * serraMoves.length;
}

const porrikaTuning: Tuning<PorrikaState, PorrikaMove> = { game: porrika as never, score: porrikaScore };

// ---- Defiance and Domain ----

const manhattan = (a: number, b: number): number =>
  Math.abs((a % POINTS) - (b % POINTS)) + Math.abs(Math.floor(a / POINTS) - Math.floor(b / POINTS));

function rebelSteps(s: DefianceState): number {
  const probe: DefianceState = { ...s, phase: "command", turn: REBEL };
  return defianceLegalMoves(probe, REBEL).filter((m) => m.type === "command").length;
}

/** Rebel: key points filling up in every domain, counters kept, the Command free and far; Imperium: the opposite. */
export function defianceScore(s: DefianceState): number {
  const best = [0, 0, 0, 0];
  for (let p = 0; p < POINTS * POINTS; p++) {
    if (!isKeyPoint(p)) continue;
    let rebels = 0;
    let blocked = false;
    for (const q of squaresAround(p)) {
      const o = ownerOf(s.cells[q]!);
      if (o === REBEL) rebels++;
      else if (o === IMPERIUM) blocked = true;
    }
    if (s.imperial.includes(p)) blocked = true;
    const d = domainOfPoint(p);
    if (!blocked && rebels > best[d]!) best[d] = rebels;
  }
  let score = best.reduce((n, b) => n + b * b * 12, 0) + 40 * Math.min(...best);
  let material = 0;
  for (const c of s.cells) material += ownerOf(c) === REBEL ? 1 : ownerOf(c) === IMPERIUM ? -1 : 0;
  score += 15 * material;
  const near = Math.min(...s.imperial.map((p) => manhattan(p, s.rebel)));
  // An Imperial Command one step away takes the Rebel Command on its next move unless it flees.
  if (near <= 1) score -= s.turn === IMPERIUM ? 2000 : 300;
  score += 10 * Math.min(near, 6) + 2 * s.imperial.reduce((n, p) => n + Math.min(manhattan(p, s.rebel), 10), 0);
  const steps = rebelSteps(s);
  score += 12 * steps - (steps === 0 ? 120 : 0);
  return score;
}

/** Counter moves ranked by the position right after them; commands kept as they are. */
function defianceOrder(s: DefianceState, seat: SeatId, moves: readonly DefianceMove[]): readonly DefianceMove[] {
  if (s.phase !== "counter") return moves;
  const side: Side = s.seats[0] === seat ? 0 : 1;
  const sign = side === 0 ? 1 : -1;
  // At most ~160 counter moves are looked at: every k-th, shifting with the move count (speed).
  const stride = Math.ceil(moves.length / 160);
  const sample = stride > 1 ? moves.filter((_, i) => i % stride === s.moves % stride) : moves;
  const scored = sample.map((m) => {
    const next = defiancePlay(s, side, m);
    const v = next.over ? (next.winner === side ? 1e9 : next.winner === null ? 0 : -1e9) : sign * defianceScore(next);
    return { m, v };
  });
  scored.sort((a, b) => b.v - a.v);
  return scored.slice(0, 12).map((x) => x.m);
}

const defianceTuning: Tuning<DefianceState, DefianceMove> = {
  game: defiance as never,
  score: defianceScore,
  orderMoves: defianceOrder,
};

// ---- the levels ----

export const takatBots: Readonly<Record<"strong" | "weak", Bot<TakatView, TakatMove>>> = {
  strong: searchBot(takatTuning, 3, 3_000),
  weak: searchBot(takatTuning, 1, 2_000, 3),
};

export const porrikaBots: Readonly<Record<"strong" | "weak", Bot<PorrikaView, PorrikaMove>>> = {
  strong: searchBot(porrikaTuning, 3, 3_000),
  weak: searchBot(porrikaTuning, 1, 2_000, 3),
};

export const defianceBots: Readonly<Record<"strong" | "weak", Bot<DefianceView, DefianceMove>>> = {
  // Two plies from the counter (it and the Command move after it); the Command move itself looks one ply.
  strong: searchBot(defianceTuning, (s) => (s.phase === "counter" ? 2 : 1), 4_000),
  weak: searchBot(defianceTuning, 1, 2_000, 6),
};
