/**
 * The expert evaluation of Ulwan and Seven Ulwan (the Finkel expert's insight on the full engine):
 * the race, less the progress each side stands to lose to the other's next roll, plus Cresh, Forn
 * and purse. Used by the expert bot's search (bots.ts); Finkel's rules use race.ts instead.
 */
import { type BoardIndex, boardIndex } from "./board";
import { ILLEGAL, targetIn } from "./paths";
import { HAND, OFF, ROLL_ODDS, type UlwanState, other, rulesOf } from "./state";

/** Score of a won position (a lost one is its negative); the evaluation stays far below it. */
export const EXPERT_WIN = 10_000;

export interface UlwanExpertWeights {
  /** Share of the expected progress the side to roll takes from the other with its roll (it rolls next). */
  readonly exposedThem: number;
  /** The same for the side to roll's own pieces (the opponent hits after this turn, if at all). */
  readonly exposedMine: number;
  /** Holding a shared Cresh (safe, in the contested row, another roll, bounces the opponent on). */
  readonly sharedCresh: number;
  /** Holding a Cresh on one's own side. */
  readonly ownCresh: number;
  /** Seven Ulwan: holding one's own Forn (other pieces may knock opponents off a Cresh). */
  readonly forn: number;
  /** A piece borne off, beyond its progress (home for good). */
  readonly scored: number;
  /** Seven Ulwan: per ante held more than the opponent (each side's purse counted up to 40 antes). */
  readonly purse: number;
}

export const ULWAN_EXPERT_WEIGHTS: UlwanExpertWeights = {
  exposedThem: 0.8,
  exposedMine: 0.5,
  sharedCresh: 3,
  ownCresh: 1,
  forn: 1.5,
  scored: 1,
  purse: 0.15,
};

/** How far a piece of `p` at `loc` has come: 0 in hand, 1..L on the board (its path, or the opponent's after an Esk move). */
function pieceProgress(b: BoardIndex, p: 0 | 1, loc: number): number {
  if (loc === HAND) return 0;
  if (loc === OFF) return b.length + 1;
  const i = b.pathIndex[p][loc] as number;
  return (i >= 0 ? i : (b.pathIndex[other(p)][loc] as number)) + 1;
}

/** Who stands on each square: 0, 1 or -1. */
function occupancy(state: UlwanState, b: BoardIndex): Int8Array {
  const occ = new Int8Array(b.kinds.length).fill(-1);
  for (const p of [0, 1] as const) for (const loc of state.pos[p]) if (loc >= 0) occ[loc] = p;
  return occ;
}

/**
 * Where a piece of `s` at `loc` ends with `n` (a square, OFF, or -9 when it cannot move): paths.ts's
 * `destination` on a precomputed occupancy (the evaluation's hot loop); `forn`: `s` holds its Forn
 * with another piece (Seven Ulwan), so it knocks an opponent off a Cresh instead of bouncing.
 */
function landingSquare(
  state: UlwanState,
  b: BoardIndex,
  occ: Int8Array,
  s: 0 | 1,
  loc: number,
  n: number,
  forn: boolean,
  blocked: boolean,
): number {
  const path = b.paths[s];
  const L = b.length;
  const i = loc === HAND ? -1 : (b.pathIndex[s][loc] as number);
  // On its own path (the usual case) the target is read off the path; an invader asks paths.ts.
  let sq: number | null;
  if (loc !== HAND && i < 0) sq = targetIn(state, b, s, loc, n);
  else sq = i + n === L ? OFF : i + n > L ? null : (path[i + n] as number);
  for (;;) {
    if (sq === null) return ILLEGAL;
    if (sq === OFF) return OFF;
    const who = occ[sq] as number;
    if (who === -1) return sq;
    const cresh = b.kinds[sq] === "cresh";
    if (cresh && blocked) return ILLEGAL;
    if (who === s) {
      if (!cresh) return ILLEGAL;
    } else if (!cresh || forn) return sq;
    const j = b.pathIndex[s][sq] as number;
    sq = j >= 0 ? (j + 1 === L ? OFF : (path[j + 1] as number)) : targetIn(state, b, s, sq, 1);
  }
}

/**
 * The progress `attacker` expects to knock off the board with its next roll: for each roll
 * (odds 1, 4, 6, 4, 1 in 16) the most advanced opponent piece one of its moves lands on (a roll
 * moves one piece, so it takes at most one), by the engine's own landing (bounces off an occupied
 * Cresh, Forn captures, pieces that entered the attacker's side by Esk).
 */
export function exposure(state: UlwanState, attacker: 0 | 1): number {
  const b = boardIndex(state.board);
  return exposureOn(state, b, occupancy(state, b), attacker);
}

function exposureOn(state: UlwanState, b: BoardIndex, occ: Int8Array, attacker: 0 | 1): number {
  const victim = other(attacker);
  const mine = state.pos[attacker];
  // Forn: held by the attacker's pieces on its own Forn (the moving piece must not be the only one).
  let fornHeld = 0;
  if (rulesOf(state).forn)
    for (const loc of mine) if (loc >= 0 && b.kinds[loc] === "forn" && b.owners[loc] === attacker) fornHeld++;
  const blocked = rulesOf(state).occupiedCresh === "blocked";
  let loss = 0;
  for (let n = 1; n <= 4; n++) {
    let best = 0;
    for (let k = 0; k < mine.length; k++) {
      const loc = mine[k] as number;
      if (loc === OFF || (loc === HAND && mine.indexOf(HAND) < k)) continue;
      const forn = fornHeld - (loc >= 0 && b.kinds[loc] === "forn" && b.owners[loc] === attacker ? 1 : 0) > 0;
      const dest = landingSquare(state, b, occ, attacker, loc, n, forn, blocked);
      if (dest < 0 || occ[dest] !== victim) continue;
      const lost = pieceProgress(b, victim, dest);
      if (lost > best) best = lost;
    }
    loss += (ROLL_ODDS[n] as number) * best;
  }
  return loss;
}

/** The side's race and holdings: progress, pieces borne off, Cresh and Forn held. */
function holdings(state: UlwanState, b: BoardIndex, p: 0 | 1, w: UlwanExpertWeights): number {
  const forn = rulesOf(state).forn;
  let value = 0;
  for (const loc of state.pos[p]) {
    value += pieceProgress(b, p, loc);
    if (loc === OFF) value += w.scored;
    if (loc < 0) continue;
    const kind = b.kinds[loc];
    if (kind === "cresh") value += b.owners[loc] === null ? w.sharedCresh : w.ownCresh;
    else if (forn && kind === "forn" && b.owners[loc] === p) value += w.forn;
  }
  return value;
}

/**
 * The expert evaluation of `state` for `me`. Leaves of the search are positions where a side is
 * about to roll (`state.turn`): its hits come first, so its threat weighs more than the other's.
 */
export function expertValue(state: UlwanState, me: 0 | 1, w: UlwanExpertWeights = ULWAN_EXPERT_WEIGHTS): number {
  if (state.winner !== null) return state.winner === me ? EXPERT_WIN : -EXPERT_WIN;
  const you = other(me);
  const b = boardIndex(state.board);
  let score = holdings(state, b, me, w) - holdings(state, b, you, w);
  const roller = state.turn;
  const occ = occupancy(state, b);
  const threat = (attacker: 0 | 1): number =>
    (attacker === roller ? w.exposedThem : w.exposedMine) * exposureOn(state, b, occ, attacker);
  score += threat(me) - threat(you);
  const e = state.economy;
  if (e && w.purse !== 0) {
    const unit = Math.max(1, e.unit);
    const money = (p: 0 | 1): number => Math.min(40, (e.payment === "open" ? e.credits[p] : e.tokens[p]) / unit);
    score += w.purse * (money(me) - money(you));
  }
  return score;
}
