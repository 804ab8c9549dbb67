/**
 * Hununga's legal moves: who stands where, the paths and attacks a die's points allow, respawns,
 * rerolls and the pass when nothing moves.
 */
import { type CompiledBoard, type PieceKind, DEFENCE, cellIndex, compileBoard } from "./board";
import type { HunungaMove, HunungaPiece, HunungaState, Side } from "./types";

/** The board's squares with who stands there (piece index, -1 empty). */
export function occupancy(b: CompiledBoard, pieces: readonly HunungaPiece[]): Int16Array {
  const occ = new Int16Array(b.width * b.height).fill(-1);
  pieces.forEach((p, i) => {
    if (p.at !== null) occ[cellIndex(b, p.at)] = i;
  });
  return occ;
}

export function inCentre(state: HunungaState, side: Side): number {
  const b = compileBoard(state.board);
  let n = 0;
  for (const p of state.pieces) if (p.side === side && p.at !== null && b.centre[cellIndex(b, p.at)]) n++;
  return n;
}

/** Whether the die may move this piece: the other die moved a different piece, unless doubles. */
export function pieceFreeFor(state: HunungaState, die: 0 | 1, pieceId: string): boolean {
  const other = state.used[die === 0 ? 1 : 0];
  if (other === null || typeof other === "string" || other.piece !== pieceId) return true;
  const d = state.dice!;
  return d[0] === d[1];
}

/**
 * Every distinct way (end square, attacked square) for piece `pi` to spend `n` points: a path of
 * steps to empty squares, never entering a square twice nor its own start, then optionally an
 * attack on an adjacent enemy whose dots equal what is left. One path is kept per outcome.
 */
export function pieceMoves(
  state: HunungaState,
  pi: number,
  n: number,
  die: 0 | 1,
  out: HunungaMove[],
  occ?: Int16Array,
): void {
  const b = compileBoard(state.board);
  const pieces = state.pieces;
  const piece = pieces[pi]!;
  if (piece.at === null) return;
  const board = occ ?? occupancy(b, pieces);
  const start = cellIndex(b, piece.at);
  const visited = new Uint8Array(b.width * b.height);
  visited[start] = 1;
  const seen = new Set<number>();
  const size = b.width * b.height + 1;
  const path: number[] = [];
  const record = (end: number, attack: number): void => {
    const key = end * size + attack + 1;
    if (seen.has(key)) return;
    seen.add(key);
    const move: HunungaMove =
      attack >= 0
        ? {
            type: "move",
            die,
            piece: piece.id,
            from: piece.at!,
            path: path.map((i) => b.keys[i]!),
            attack: b.keys[attack]!,
          }
        : { type: "move", die, piece: piece.id, from: piece.at!, path: path.map((i) => b.keys[i]!) };
    out.push(move);
  };
  const walk = (at: number, left: number): void => {
    for (const q of b.adjacent[at]!) {
      const o = board[q]!;
      if (o >= 0 && o !== pi && pieces[o]!.side !== piece.side && DEFENCE[pieces[o]!.kind] === left) record(at, q);
    }
    if (left === 0) {
      record(at, -1);
      return;
    }
    for (const q of b.adjacent[at]!) {
      if (visited[q] || board[q] !== -1) continue;
      visited[q] = 1;
      path.push(q);
      walk(q, left - 1);
      path.pop();
      visited[q] = 0;
    }
  };
  walk(start, n);
}

/** Whether die `die` can move any of the active side's pieces. */
export function dieHasMove(state: HunungaState, die: 0 | 1, occ: Int16Array): boolean {
  const scratch: HunungaMove[] = [];
  for (let i = 0; i < state.pieces.length; i++) {
    const p = state.pieces[i]!;
    if (p.side !== state.turn || p.at === null || !pieceFreeFor(state, die, p.id)) continue;
    pieceMoves(state, i, state.dice![die], die, scratch, occ);
    if (scratch.length > 0) return true;
  }
  return false;
}

export function canRespawnWith(state: HunungaState, die: 0 | 1, occ: Int16Array): boolean {
  const d = state.dice!;
  if (d[die] < d[die === 0 ? 1 : 0]) return false;
  const b = compileBoard(state.board);
  if (occ[b.respawn[state.turn]] !== -1) return false;
  return state.pieces.some((p) => p.side === state.turn && p.at === null);
}

/** The dice still to use; on doubles with both unused, only die 0 (the two are the same choice). */
function openDice(state: HunungaState): (0 | 1)[] {
  const d = state.dice!;
  const open: (0 | 1)[] = [];
  if (state.used[0] === null) open.push(0);
  if (state.used[1] === null && !(open.length === 1 && d[0] === d[1])) open.push(1);
  return open;
}

export function legalMovesOf(state: HunungaState, side: Side): HunungaMove[] {
  if (state.phase === "over" || state.turn !== side) return [];
  if (state.phase === "roll") return [{ type: "roll" }];
  const b = compileBoard(state.board);
  const occ = occupancy(b, state.pieces);
  const out: HunungaMove[] = [];
  const open = openDice(state);
  for (const die of open) {
    for (let i = 0; i < state.pieces.length; i++) {
      const p = state.pieces[i]!;
      if (p.side === side && p.at !== null && pieceFreeFor(state, die, p.id))
        pieceMoves(state, i, state.dice![die], die, out, occ);
    }
  }
  const anyMove = out.length > 0;
  for (const die of open) {
    if (canRespawnWith(state, die, occ)) {
      const kinds = new Set<PieceKind>();
      for (const p of state.pieces) {
        if (p.side !== side || p.at !== null || kinds.has(p.kind)) continue;
        kinds.add(p.kind);
        out.push({ type: "respawn", die, piece: p.id });
      }
    }
  }
  if (state.tokens[side] > 0) for (const die of open) out.push({ type: "reroll", die });
  if (!anyMove) out.push({ type: "pass" });
  return out;
}
