/**
 * Bots for both sides of the three unequal-forces games, on the generic search (expectiminimax,
 * src/rules/core/expectiminimax.ts) with a per-game evaluation. "strong" searches deeper over every move;
 * "weak" searches one turn over a random handful of the legal moves. Ties fall randomly (root order shuffled).
 */
import type { Bot, Game, Random, SearchProblem, SeatId } from "../core";
import { expectiminimax, withTime } from "../core";
import { type Side, other } from "./common";
import {
  type DefianceMove,
  type DefianceState,
  type DefianceView,
  IMPERIUM,
  POINTS,
  REBEL,
  SIZE,
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
import { takatExpertBot } from "./takat-expert";
import { porrikaExpertBot } from "./porrika-expert";
import { DIRECTION_NAMES, STEPS, oppositeTriangle, parseTriangleKey, triangleKey } from "../grid";

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
 * A bot searching `depth` plies within `maxNodes` (and the host's time budget, if it gives one); with `sample`, only that many random legal moves
 * are considered at the root (the weak level).
 */
function searchBot<S extends { seats: readonly SeatId[]; turn: Side }, M>(
  t: Tuning<S, M>,
  depth: number | ((s: S) => number),
  maxNodes: number,
  sample?: number,
): Bot<{ state: S }, M> {
  return {
    choose(view, legal, random, time) {
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
      return expectiminimax(problem, root, seat, { depth: plies, budget: withTime({ maxNodes }, time) }).move;
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

const takatTuning: Tuning<TakatState, TakatMove> = { game: takat, score: takatScore };

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

const porrikaTuning: Tuning<PorrikaState, PorrikaMove> = { game: porrika, score: porrikaScore };

// ---- Defiance and Domain ----

const manhattan = (a: number, b: number): number =>
  Math.abs((a % POINTS) - (b % POINTS)) + Math.abs(Math.floor(a / POINTS) - Math.floor(b / POINTS));

/** Whether an Imperial Command stands one line-step from point p (it takes a Rebel Command there next). */
const threatened = (s: DefianceState, p: number): boolean => s.imperial.some((q) => manhattan(p, q) === 1);

/** The Rebel Command's steps (its legal Command moves) and how many of them (or staying) end out of reach. */
function rebelEscapes(s: DefianceState): { steps: number; safe: number } {
  const probe: DefianceState = { ...s, phase: "command", turn: REBEL };
  const moves = defianceLegalMoves(probe, REBEL);
  let steps = 0;
  let safe = threatened(s, s.rebel) ? 0 : 1;
  for (const m of moves)
    if (m.type === "command") {
      steps++;
      if (!threatened(s, m.to)) safe++;
    }
  return { steps, safe };
}

/** Rebel: key points filling up in every domain, counters kept, the Command free and out of reach; Imperium: the opposite. */
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
  // An Imperial Command one step away takes the Rebel Command on its next move unless it flees.
  if (threatened(s, s.rebel)) score -= s.turn === IMPERIUM ? 5000 : 300;
  const { steps, safe } = rebelEscapes(s);
  // With the Rebel to move and nowhere safe to go, only a capture freeing a way can save it.
  if (safe === 0) score -= s.turn === REBEL ? 1500 : 600;
  score += 10 * steps + 25 * Math.min(safe, 4) - (steps === 0 ? 150 : 0);
  // The Imperial Commands close in (the Rebel wants them far; the Imperium hunts with both).
  const near = Math.min(...s.imperial.map((p) => manhattan(p, s.rebel)));
  score += 8 * Math.min(near, 6) + 6 * s.imperial.reduce((n, p) => n + manhattan(p, s.rebel), 0);
  // The edges and corners hem the Rebel Command in: fewer counters trap it there.
  const rx = s.rebel % POINTS;
  const ry = Math.floor(s.rebel / POINTS);
  score += 6 * (Math.min(rx, POINTS - 1 - rx) + Math.min(ry, POINTS - 1 - ry));
  return score;
}

/**
 * The counter moves worth searching: placements and turns on the squares around the Rebel Command
 * and its steps, on the most advanced key points, and next to enemy counters (pointing at them: the
 * captures), plus a few others; the Command moves as they are.
 */
function defianceCandidates(s: DefianceState, side: Side, moves: readonly DefianceMove[]): DefianceMove[] {
  const near = new Set<number>();
  const rx = s.rebel % POINTS;
  const ry = Math.floor(s.rebel / POINTS);
  for (let y = ry - 2; y <= ry + 1; y++)
    for (let x = rx - 2; x <= rx + 1; x++) if (x >= 0 && y >= 0 && x < SIZE && y < SIZE) near.add(y * SIZE + x);
  // The key points the Rebel is closest to completing (one per domain).
  const bestKey = [-1, -1, -1, -1];
  const bestCount = [-1, -1, -1, -1];
  for (let p = 0; p < POINTS * POINTS; p++) {
    if (!isKeyPoint(p)) continue;
    let n = 0;
    let blocked = false;
    for (const q of squaresAround(p)) {
      const o = ownerOf(s.cells[q]!);
      if (o === REBEL) n++;
      else if (o === IMPERIUM) blocked = true;
    }
    const d = domainOfPoint(p);
    if (!blocked && n > bestCount[d]!) {
      bestCount[d] = n;
      bestKey[d] = p;
    }
  }
  const goal = new Set<number>();
  for (const p of bestKey) if (p >= 0) for (const q of squaresAround(p)) goal.add(q);
  // Directions that point at an adjacent enemy counter, by square.
  const aims = new Map<number, Set<number>>();
  const foe = other(side);
  s.cells.forEach((c, i) => {
    if (ownerOf(c) !== foe) return;
    const x = i % SIZE;
    const y = Math.floor(i / SIZE);
    for (let dir = 0; dir < 8; dir++) {
      const { dx, dy } = STEPS[DIRECTION_NAMES[dir]!];
      const ax = x - dx;
      const ay = y - dy;
      if (ax < 0 || ay < 0 || ax >= SIZE || ay >= SIZE) continue;
      const a = ay * SIZE + ax;
      if (!aims.has(a)) aims.set(a, new Set());
      aims.get(a)!.add(dir);
    }
  });
  const out: DefianceMove[] = [];
  for (const m of moves) {
    if (m.type !== "place" && m.type !== "turn") {
      out.push(m);
      continue;
    }
    const aimed = aims.get(m.square)?.has(m.dir) ?? false;
    // Where the direction does not matter (blocking, building), one direction per square.
    const plain = m.type === "place" && m.dir === (s.moves + m.square) % 8;
    if (aimed || ((near.has(m.square) || goal.has(m.square)) && plain) || (plain && m.square % 7 === s.moves % 7))
      out.push(m);
  }
  return out;
}

/** Counter moves ranked by the position right after them (the best dozen kept); commands kept as they are. */
function defianceOrder(s: DefianceState, seat: SeatId, moves: readonly DefianceMove[]): readonly DefianceMove[] {
  if (s.phase !== "counter") return moves;
  const side: Side = s.seats[0] === seat ? 0 : 1;
  const sign = side === 0 ? 1 : -1;
  const picked = defianceCandidates(s, side, moves);
  const sample = picked.length > 0 ? picked : moves.slice(0, 24);
  const scored = sample.map((m) => {
    const next = defiancePlay(s, side, m);
    const v = next.over ? (next.winner === side ? 1e9 : next.winner === null ? 0 : -1e9) : sign * defianceScore(next);
    return { m, v };
  });
  scored.sort((a, b) => b.v - a.v);
  return scored.slice(0, 8).map((x) => x.m);
}

const defianceTuning: Tuning<DefianceState, DefianceMove> = {
  game: defiance,
  score: defianceScore,
  orderMoves: defianceOrder,
};

// ---- the levels ----

export const takatBots: Readonly<Record<"strong" | "weak" | "expert", Bot<TakatView, TakatMove>>> = {
  strong: searchBot(takatTuning, 3, 1_000),
  weak: searchBot(takatTuning, 1, 2_000, 3),
  // Deeper alpha-beta on a typed-array board (takat-expert.ts): the strongest level.
  expert: takatExpertBot,
};

const porrikaStrong = searchBot(porrikaTuning, 3, 1_000);
export const porrikaBots: Readonly<Record<"strong" | "weak" | "expert", Bot<PorrikaView, PorrikaMove>>> = {
  strong: porrikaStrong,
  weak: searchBot(porrikaTuning, 1, 2_000, 3),
  // Deeper alpha-beta on a typed-array board that plays for the win before the move limit (porrika-expert.ts); strong's placements.
  expert: porrikaExpertBot(porrikaStrong),
};

export const defianceBots: Readonly<Record<"strong" | "weak", Bot<DefianceView, DefianceMove>>> = {
  // Two plies from the counter (it and the Command move after it); the Command move itself looks one ply.
  strong: searchBot(defianceTuning, (s) => (s.phase === "counter" ? 2 : 1), 4_000),
  weak: searchBot(defianceTuning, 1, 2_000, 3),
};
