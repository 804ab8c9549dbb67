/**
 * Where Ulwan's pieces go and which moves are legal: path targets (Esk moves can leave a piece on
 * the opponent's side), landings (bounces on an occupied Cresh, captures), the moves of a roll,
 * Esk moves, tile offers and Seven Ulwan's Dorn purchase. One file: these calls are the hot loop.
 */
import { type BoardIndex, boardIndex } from "./board";
import { balance, costs } from "./economy";
import { E, HAND, OFF, type UlwanErrorCode, type UlwanMove, type UlwanState, other, rulesOf } from "./state";

export function idx(state: UlwanState): BoardIndex {
  return boardIndex(state.board);
}

/** Which seat index stands on a square, or -1. */
export function occupant(state: UlwanState, sq: number): 0 | 1 | -1 {
  if (state.pos[0].includes(sq)) return 0;
  if (state.pos[1].includes(sq)) return 1;
  return -1;
}

/** Where a piece of `s` at `loc` goes in `n` steps, before looking at who is there. */
export function target(state: UlwanState, s: 0 | 1, loc: number, n: number): number | null {
  return targetIn(state, idx(state), s, loc, n);
}

export function targetIn(state: UlwanState, b: BoardIndex, s: 0 | 1, loc: number, n: number): number | null {
  const own = b.paths[s];
  const L = b.length;
  if (loc === HAND) return n >= 1 && n <= L ? (own[n - 1] as number) : null;
  const i = b.pathIndex[s][loc] as number;
  if (i >= 0) {
    const t = i + n;
    return t === L ? OFF : t > L ? null : (own[t] as number);
  }
  // In the opponent's territory (moved there by Esk): forward along the opponent's squares while
  // still on their side, back onto one's own path once the paths meet.
  const o = other(s);
  const theirs = b.paths[o];
  const j = b.pathIndex[o][loc] as number;
  if (j < 0) return null;
  const t = j + n;
  if (t === L) return OFF;
  if (t > L) return null;
  for (let k = j; k <= t; k++) if (b.owners[theirs[k] as number] !== o) return own[t] as number;
  return theirs[t] as number;
}

export interface Landing {
  /** Square index or OFF. */
  readonly dest: number;
  /** Square of the opponent's piece sent off the board, or -1. */
  readonly captured: number;
  readonly bounces: number;
  readonly fornCapture: boolean;
}

/** Whether seat `s` holds its Forn with a piece other than the one at `moving`. */
export function holdsForn(state: UlwanState, s: 0 | 1, moving: number): boolean {
  const b = idx(state);
  return state.pos[s].some((sq) => sq >= 0 && sq !== moving && b.kinds[sq] === "forn" && b.owners[sq] === s);
}

/**
 * The full landing of a piece of `s` from `loc` moving `n`: bounces on occupied Cresh, captures,
 * or an error code when the move is illegal.
 */
export function landing(
  state: UlwanState,
  s: 0 | 1,
  loc: number,
  n: number,
): Landing | { readonly error: UlwanErrorCode } {
  if (n < 1) return { error: E.illegal };
  const b = idx(state);
  let sq = target(state, s, loc, n);
  let bounces = 0;
  for (;;) {
    if (sq === null) return { error: E.overshoot };
    if (sq === OFF) return { dest: OFF, captured: -1, bounces, fornCapture: false };
    const who = occupant(state, sq);
    const cresh = b.kinds[sq] === "cresh";
    if (who === -1) return { dest: sq, captured: -1, bounces, fornCapture: false };
    if (cresh && rulesOf(state).occupiedCresh === "blocked") return { error: E.rosette };
    if (who === s) {
      if (!cresh) return { error: E.ownPiece };
    } else if (!cresh) {
      return { dest: sq, captured: sq, bounces, fornCapture: false };
    } else if (rulesOf(state).forn && holdsForn(state, s, loc)) {
      return { dest: sq, captured: sq, bounces, fornCapture: true };
    }
    // An occupied Cresh: bounce one square further along the path.
    sq = target(state, s, sq, 1);
    bounces++;
  }
}

export const ILLEGAL = -9;

/** Where `landing` ends (a square or OFF), or ILLEGAL, without building its record (legal-move checks). */
export function destination(state: UlwanState, b: BoardIndex, s: 0 | 1, loc: number, n: number): number {
  if (n < 1) return ILLEGAL;
  let sq = targetIn(state, b, s, loc, n);
  for (;;) {
    if (sq === null) return ILLEGAL;
    if (sq === OFF) return OFF;
    const who = occupant(state, sq);
    if (who === -1) return sq;
    const cresh = b.kinds[sq] === "cresh";
    if (cresh && rulesOf(state).occupiedCresh === "blocked") return ILLEGAL;
    if (who === s) {
      if (!cresh) return ILLEGAL;
    } else if (!cresh || (rulesOf(state).forn && holdsForn(state, s, loc))) return sq;
    sq = targetIn(state, b, s, sq, 1);
  }
}

export function inHand(state: UlwanState, s: 0 | 1): number {
  return state.pos[s].indexOf(HAND);
}

/** Seven Ulwan: the first Aurek square can take a new piece of `s` (none of its own there). */
export function firstAurekFree(state: UlwanState, s: 0 | 1): boolean {
  const first = idx(state).paths[s][0] as number;
  return occupant(state, first) !== s;
}

/** For each piece of `s`, the Dorn square it stands on, or -1 (kept at the start of a turn). */
export function dornSquares(state: UlwanState, s: 0 | 1): number[] {
  const b = idx(state);
  return state.pos[s].map((sq) => (sq >= 0 && b.kinds[sq] === "dorn" ? sq : -1));
}

/** A piece of `s` that stood on a Dorn at the start of the turn still stands there. */
export function stayedOnDorn(state: UlwanState, s: 0 | 1): boolean {
  // A table stored before `dornStay` existed has none: no purchase until its next turn begins.
  const stay = state.dornStay as readonly number[] | undefined;
  return (stay ?? []).some((sq, p) => sq >= 0 && state.pos[s][p] === sq);
}

/** Piece moves (move, enter, place) for the roll `n`. */
export function pieceMoves(state: UlwanState, s: 0 | 1, n: number): UlwanMove[] {
  const out: UlwanMove[] = [];
  if (n < 1) return out;
  const b = idx(state);
  const mine = state.pos[s];
  for (let k = 0; k < mine.length; k++) {
    const loc = mine[k] as number;
    if (loc === OFF || mine.indexOf(loc) < k) continue; // pieces in hand: one entry
    if (destination(state, b, s, loc, n) === ILLEGAL) continue;
    if (loc === HAND) {
      if (canEnter(state, s)) out.push({ type: "enter" });
    } else {
      out.push({ type: "move", from: b.board.squares[loc]?.id ?? "" });
    }
  }
  if (rulesOf(state).placeOnFour && n === 4 && inHand(state, s) >= 0 && firstAurekFree(state, s))
    out.push({ type: "place" });
  return out;
}

/** Whether `s` has any piece move for the roll `n` (pieceMoves without building the list). */
export function hasPieceMove(state: UlwanState, s: 0 | 1, n: number): boolean {
  if (n < 1) return false;
  const b = idx(state);
  const mine = state.pos[s];
  for (let k = 0; k < mine.length; k++) {
    const loc = mine[k] as number;
    if (loc === OFF || mine.indexOf(loc) < k) continue;
    if (destination(state, b, s, loc, n) === ILLEGAL) continue;
    if (loc !== HAND || canEnter(state, s)) return true;
  }
  return rulesOf(state).placeOnFour && n === 4 && inHand(state, s) >= 0 && firstAurekFree(state, s);
}

/** Esk moves for `s`: a piece on a red/blue square to an adjacent red/blue square, not onto its own. */
export function eskMoves(state: UlwanState, s: 0 | 1): UlwanMove[] {
  const b = idx(state);
  const out: UlwanMove[] = [];
  for (const from of state.pos[s]) {
    if (from < 0 || !b.eskable[from]) continue;
    for (const to of b.adjacency[from] ?? []) {
      if (occupant(state, to) === s) continue;
      out.push({ type: "esk", from: b.board.squares[from]?.id ?? "", to: b.board.squares[to]?.id ?? "" });
    }
  }
  return out;
}

export function legalMovesOf(state: UlwanState, s: 0 | 1): UlwanMove[] {
  if (state.phase === "over" || state.turn !== s) return [];
  switch (state.phase) {
    case "roll": {
      const moves: UlwanMove[] = [{ type: "roll" }];
      if (canDornBuy(state, s)) moves.push({ type: "dorn-buy" });
      return moves;
    }
    case "move":
      return pieceMoves(state, s, state.roll ?? 0);
    case "offer": {
      const offer = state.offer;
      if (!offer) return [];
      const decline: UlwanMove = { type: "decline" };
      switch (offer.kind) {
        case "cresh":
          return rulesOf(state).cresh === "paid-offer" ? [{ type: "buy-roll" }, decline] : [{ type: "roll" }, decline];
        case "dorn":
          return [{ type: "dorn-place" }, decline];
        case "esk":
          return [...eskMoves(state, s), decline];
      }
    }
  }
  return [];
}

function canDornBuy(state: UlwanState, s: 0 | 1): boolean {
  return (
    rulesOf(state).dorn &&
    stayedOnDorn(state, s) &&
    inHand(state, s) >= 0 &&
    firstAurekFree(state, s) &&
    balance(state, s) >= costs(state, s).dorn
  );
}

/** Whether `s` can pay for a new piece (always, without an economy). */
function canEnter(state: UlwanState, s: 0 | 1): boolean {
  return state.economy === null || balance(state, s) >= costs(state, s).enter;
}
