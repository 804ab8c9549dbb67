/**
 * Por'rika's "expert" level: alpha-beta on the typed-array board (porrika-board.ts), bounded by nodes
 * and time, playing for a win before the move limit (why: docs/rules/unequal-forces.md, "expert").
 */
import type { Bot, BotBudget, Random } from "../core";
import { type PorrikaMove, type PorrikaState, type PorrikaView, SERRA, porrikaPlay } from "./porrika";
import { CELLS, DIST, EGG, PASS, PorrikaBoard, SERRA_K, TOS, VIA, WATERS, encodeMove, isWaters } from "./porrika-board";

const WIN = 1_000_000;
const MAX_PLY = 64;
/** Nodes a decision may visit (docs/rules/unequal-forces.md: about 30 ms on the idle machine). */
export const PORRIKA_EXPERT_NODES = 20_000;
/**
 * The longest a decision takes even when the host allows more (the clock is read every 128 nodes):
 * at 90 ms a host's 200 ms budget still saw decisions of 333 ms on the loaded machine.
 */
export const PORRIKA_EXPERT_MAX_MS = 60;
/** What a draw costs the searching side: a draw is not a safe result for the side that should win. */
const CONTEMPT = 40;
/** The evaluation is scaled by left / (left + FADE), left the moves before the limit's draw. */
const FADE = 40;
const TT_SIZE = 1 << 16;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/** Where the free Ser'ra stand, while an evaluation runs (scratch: the evaluation allocates nothing). */
const serraAt = new Int32Array(16);

/** The moves the nearest free Ser'ra needs to the triangle across the Egg Carrier at `egg` (capped at 8). */
function nearestHunter(egg: number, serraFree: number): number {
  const across = VIA[egg]!;
  let nearest = 8;
  for (let i = 0; i < serraFree; i++) nearest = Math.min(nearest, DIST[serraAt[i]! * CELLS + across]!);
  return nearest;
}

/** The Schelati's edge (an Egg Carrier a Ser'ra can lock next is lost when the Ser'ra act); `reach` is scratch marked with `stamp`. */
export function porrikaExpertScore(b: PorrikaBoard, reach: Int32Array, stamp: number): number {
  let score = 0;
  let eggA = -1;
  let eggB = -1;
  let serraFree = 0;
  let schelatiMobility = 0;
  for (let i = 0; i < b.at.length; i++) {
    const at = b.at[i]!;
    const kind = b.kind[i]!;
    if (kind === EGG) {
      if (eggA < 0) eggA = at;
      else eggB = at;
    }
    const v = VIA[at]!;
    const free = v >= 0 && b.cell[v] === 0;
    if (kind === SERRA_K) {
      if (!free) score += 80;
      else {
        serraAt[serraFree++] = at;
        // Each triangle a Ser'ra could move to next.
        for (const t of TOS[at]!) if (b.cell[t] === 0) reach[t] = stamp;
      }
    } else if (free) for (const t of TOS[at]!) if (b.cell[t] === 0) schelatiMobility++;
  }
  // Moves both Egg Carriers need to the two Sacred Waters (the better pairing), and those home.
  const d1 = DIST[eggA * CELLS + WATERS[0]!]! + DIST[eggB * CELLS + WATERS[1]!]!;
  const d2 = DIST[eggA * CELLS + WATERS[1]!]! + DIST[eggB * CELLS + WATERS[0]!]!;
  score -= 30 * Math.min(d1, d2, 30);
  let threatened = 0;
  let hunt = 0;
  if (isWaters(eggA)) score += 60;
  else {
    if (reach[VIA[eggA]!] === stamp) threatened++;
    hunt += nearestHunter(eggA, serraFree);
  }
  if (isWaters(eggB)) score += 60;
  else {
    if (reach[VIA[eggB]!] === stamp) threatened++;
    hunt += nearestHunter(eggB, serraFree);
  }
  if (threatened > 0) score -= b.turn === SERRA ? 5_000 : threatened > 1 ? 2_000 : 150;
  score += 12 * hunt - 15 * serraFree;
  return score + 2 * schelatiMobility;
}

class Search {
  nodes = 0;
  stopped = false;
  private readonly buffers = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(64));
  private readonly keys = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(64));
  private readonly path = new Int32Array(MAX_PLY + 2);
  private readonly reach = new Int32Array(CELLS);
  private stamp = 0;
  private readonly ttKey = new Int32Array(TT_SIZE);
  private readonly ttMove = new Int16Array(TT_SIZE).fill(-1);
  private readonly ttDepth = new Int8Array(TT_SIZE).fill(-1);
  private readonly ttFlag = new Int8Array(TT_SIZE);
  private readonly ttScore = new Int32Array(TT_SIZE);
  private readonly killers = new Int16Array(MAX_PLY + 1).fill(-1);
  private readonly history = new Int32Array(1 << 15);

  constructor(
    private readonly b: PorrikaBoard,
    private readonly rootSide: number,
    private readonly maxNodes: number,
    private readonly deadline: number,
    private readonly now: (() => number) | null,
    private readonly maxMoves: number,
  ) {}

  setRoot(): void {
    this.path[0] = this.b.hash;
  }

  /** A draw for the side to act: the searching side pays the contempt. */
  draw(): number {
    return this.b.turn === this.rootSide ? -CONTEMPT : CONTEMPT;
  }

  private outOfBudget(): boolean {
    if (this.nodes >= this.maxNodes) return true;
    return this.now !== null && (this.nodes & 127) === 0 && this.now() > this.deadline;
  }

  /** Score for the side to act after `last` was played; `ply` from the root. */
  negamax(last: number, depth: number, alpha: number, beta: number, ply: number): number {
    const b = this.b;
    this.nodes++;
    if (this.outOfBudget()) this.stopped = true;
    if (this.stopped) return 0;
    const winner = b.winnerAfter(last);
    if (winner >= 0) return winner === b.turn ? WIN - ply : ply - WIN;
    this.path[ply] = b.hash;
    for (let p = ply - 2; p >= 0; p -= 2) if (this.path[p] === b.hash) return this.draw();
    if (b.moves >= this.maxMoves) return this.draw();
    if (depth <= 0 || ply >= MAX_PLY) return this.evaluate();

    const slot = b.hash & (TT_SIZE - 1);
    let ttBest = -1;
    if (this.ttKey[slot] === b.hash && this.ttDepth[slot]! >= 0) {
      ttBest = this.ttMove[slot]!;
      if (this.ttDepth[slot]! >= depth) {
        const s = this.ttScore[slot]!;
        const f = this.ttFlag[slot];
        if (f === EXACT || (f === LOWER && s >= beta) || (f === UPPER && s <= alpha)) return s;
      }
    }
    const moves = this.buffers[ply]!;
    const n = b.legal(moves);
    this.order(moves, n, ttBest, this.killers[ply]!, ply);
    const alpha0 = alpha;
    let best = -Infinity;
    let bestMove = moves[0]!;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      b.make(m);
      const score = -this.negamax(m, depth - 1, -beta, -alpha, ply + 1);
      b.unmake(m);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        this.killers[ply] = m;
        this.history[m] = this.history[m]! + depth * depth;
        break;
      }
    }
    this.ttKey[slot] = b.hash;
    this.ttMove[slot] = bestMove;
    this.ttDepth[slot] = depth;
    this.ttScore[slot] = best;
    this.ttFlag[slot] = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    return best;
  }

  /**
   * The table's move first, then the killer, then a move that ends the game (a Ser'ra onto the
   * triangle across an Egg Carrier, an Egg Carrier into the Sacred Waters), then by history (a
   * stable insertion sort on keys made once).
   */
  private order(moves: Int32Array, n: number, first: number, killer: number, ply: number): void {
    const keys = this.keys[ply]!;
    const cell = this.b.cell;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const to = m & 127;
      const across = m === PASS ? -1 : VIA[to]!;
      const ends =
        m !== PASS &&
        ((cell[m >> 7] === SERRA_K && across >= 0 && cell[across] === EGG && !isWaters(across)) ||
          (cell[m >> 7] === EGG && isWaters(to)));
      keys[i] = m === first ? 1 << 30 : m === killer ? 1 << 29 : ends ? 1 << 28 : this.history[m]!;
    }
    for (let i = 1; i < n; i++) {
      const m = moves[i]!;
      const k = keys[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! < k) {
        moves[j + 1] = moves[j]!;
        keys[j + 1] = keys[j]!;
        j--;
      }
      moves[j + 1] = m;
      keys[j + 1] = k;
    }
  }

  /** The side to act's edge, faded towards the draw as the move limit nears. */
  private evaluate(): number {
    const b = this.b;
    const schelati = porrikaExpertScore(b, this.reach, ++this.stamp);
    const left = this.maxMoves - b.moves;
    const faded = Math.round((schelati * left) / (left + FADE));
    return b.turn === SERRA ? -faded : faded;
  }
}

/** A decision: the move, the nodes the search visited and the deepest iteration it finished. */
export interface PorrikaExpertDecision {
  readonly move: PorrikaMove;
  readonly nodes: number;
  readonly depth: number;
}

/** The expert's move in the play phase: exact outcomes of the root moves from the rules, then deepening alpha-beta. */
export function porrikaExpertChoice(
  state: PorrikaState,
  legal: readonly PorrikaMove[],
  random: Random,
  time?: BotBudget,
  maxNodes = PORRIKA_EXPERT_NODES,
): PorrikaMove {
  return porrikaExpertDecision(state, legal, random, time, maxNodes).move;
}

export function porrikaExpertDecision(
  state: PorrikaState,
  legal: readonly PorrikaMove[],
  random: Random,
  time?: BotBudget,
  maxNodes = PORRIKA_EXPERT_NODES,
): PorrikaExpertDecision {
  // The clock starts before the root's moves are played by the rules: they cost time too.
  const now = time?.now ?? null;
  const deadline = now ? now() + Math.min(time!.maxMs, PORRIKA_EXPERT_MAX_MS) : Infinity;
  const side = state.turn;
  // Shuffled so that equal moves fall randomly; the search keeps the first of equals.
  const order = legal.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.die(i + 1) - 1;
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // A move that ends the game (a win, a loss, a draw by repetition or the move limit) has its score from the rules.
  const open: { move: PorrikaMove; code: number; fixed: number | null }[] = [];
  for (const move of order) {
    const after = porrikaPlay(state, side, move);
    if (after.over && after.winner === side) return { move, nodes: 0, depth: 0 };
    const fixed = !after.over ? null : after.winner === null ? -CONTEMPT : -WIN;
    open.push({ move, code: encodeMove(move), fixed });
  }
  if (open.every((c) => c.fixed !== null))
    return { move: open.reduce((a, c) => (c.fixed! > a.fixed! ? c : a)).move, nodes: 0, depth: 0 };

  const board = PorrikaBoard.from(state);
  const search = new Search(board, side, maxNodes, deadline, now, state.draw.maxMoves);
  search.setRoot();
  let best = open.find((c) => c.fixed === null)!;
  let finished = 0;
  for (let depth = 1; depth <= MAX_PLY - 2; depth++) {
    let alpha = -Infinity;
    let iterationBest: (typeof open)[number] | null = null;
    for (const candidate of open) {
      let score = candidate.fixed;
      if (score === null) {
        board.make(candidate.code);
        score = -search.negamax(candidate.code, depth - 1, -Infinity, -alpha, 1);
        board.unmake(candidate.code);
        if (search.stopped) break;
      }
      if (score > alpha) {
        alpha = score;
        iterationBest = candidate;
      }
    }
    // A move that beat the previous best (searched first) counts even from an unfinished iteration.
    if (iterationBest) best = iterationBest;
    if (search.stopped) break;
    finished = depth;
    open.splice(open.indexOf(best), 1);
    open.unshift(best);
    if (alpha >= WIN - MAX_PLY) break;
  }
  return { move: best.move, nodes: search.nodes, depth: finished };
}

/** The expert level: the setup's placements from `setup` (the Ser'ra are not moving yet), then porrikaExpertChoice. */
export function porrikaExpertBot(setup: Bot<PorrikaView, PorrikaMove>): Bot<PorrikaView, PorrikaMove> {
  return {
    choose: (view, legal, random, time) =>
      view.state.phase === "setup"
        ? setup.choose(view, legal, random, time)
        : porrikaExpertChoice(view.state, legal, random, time),
  };
}
