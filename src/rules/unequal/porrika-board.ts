/**
 * Por'rika on typed arrays for the expert's search: the play-phase rules of porrika.ts
 * (tests/rules/unequal/porrika-board.test.ts checks the legal moves and results agree) with moves
 * made and unmade in place, a Zobrist hash, and move distances on the empty board for the evaluation.
 */
import { oppositeTriangle, parseTriangleKey, triangleKey } from "../grid";
import { BOARD_SET, PORRIKA_BOARD, type PorrikaMove, type PorrikaState, SACRED_WATERS, SERRA } from "./porrika";
import { cornerNeighbours } from "../grid";

export const CELLS = PORRIKA_BOARD.length;
const INDEX = new Map(PORRIKA_BOARD.map((k, i) => [k, i]));
/** Piece kinds on the board (0: empty). */
export const EGG = 1;
export const GUARDIAN = 2;
export const SERRA_K = 3;
/** The pass, as a move number (a piece move is from * 128 + to). */
export const PASS = 0x7fff;

/** For each triangle: the one across its square (-1: off the board) and where a move from it ends. */
export const VIA: Int8Array = new Int8Array(CELLS).fill(-1);
export const TOS: readonly (readonly number[])[] = PORRIKA_BOARD.map((key, i) => {
  const via = triangleKey(oppositeTriangle(parseTriangleKey(key)!));
  if (!BOARD_SET.has(via)) return [];
  VIA[i] = INDEX.get(via)!;
  return cornerNeighbours(parseTriangleKey(via)!, BOARD_SET)
    .map((t) => INDEX.get(triangleKey(t))!)
    .filter((j) => j !== i);
});
export const WATERS: readonly number[] = SACRED_WATERS.map((k) => INDEX.get(k)!);
const IS_WATERS = Array.from({ length: CELLS }, (_, i) => WATERS.includes(i));

/** Moves a lone piece needs from a to b on the empty board (DIST[a * CELLS + b]; 99: never). */
export const DIST: Uint8Array = (() => {
  const d = new Uint8Array(CELLS * CELLS).fill(99);
  for (let a = 0; a < CELLS; a++) {
    d[a * CELLS + a] = 0;
    let frontier = [a];
    for (let step = 1; frontier.length > 0; step++) {
      const next: number[] = [];
      for (const f of frontier)
        for (const t of TOS[f]!)
          if (d[a * CELLS + t] === 99) {
            d[a * CELLS + t] = step;
            next.push(t);
          }
      frontier = next;
    }
  }
  return d;
})();

function hashWords(n: number, seed: number): Int32Array {
  const out = new Int32Array(n);
  let x = seed | 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}
const Z_PIECE = hashWords(4 * CELLS, 0x2f6b1a3);
const Z_TURN = 0x6c8e9cf5;

export const sideOfKind = (kind: number): number => (kind === SERRA_K ? SERRA : 0);

export class PorrikaBoard {
  /** The kind on each triangle (0: empty). */
  readonly cell = new Int8Array(CELLS);
  /** Where each piece stands, and its kind (the order of the state's pieces). */
  readonly at: Int8Array;
  readonly kind: Int8Array;
  turn = 0;
  moves = 0;
  hash = 0;

  private constructor(pieces: number) {
    this.at = new Int8Array(pieces);
    this.kind = new Int8Array(pieces);
  }

  /** The board of a play-phase state. */
  static from(s: PorrikaState): PorrikaBoard {
    const b = new PorrikaBoard(s.pieces.length);
    s.pieces.forEach((p, i) => {
      const at = INDEX.get(p.at)!;
      const kind = p.kind === "egg" ? EGG : p.kind === "guardian" ? GUARDIAN : SERRA_K;
      b.at[i] = at;
      b.kind[i] = kind;
      b.cell[at] = kind;
      b.hash ^= Z_PIECE[kind * CELLS + at]!;
    });
    b.turn = s.turn;
    if (b.turn === 1) b.hash ^= Z_TURN;
    b.moves = s.moves;
    return b;
  }

  /** Whether the piece on `at` can never move again (a piece across it, or no triangle across). */
  locked(at: number): boolean {
    const v = VIA[at]!;
    return v < 0 || this.cell[v] !== 0;
  }

  /** Writes the piece moves of `side` into `out` (no pass); returns how many. */
  movesOf(side: number, out: Int32Array): number {
    let n = 0;
    for (let i = 0; i < this.at.length; i++) {
      if (sideOfKind(this.kind[i]!) !== side) continue;
      const from = this.at[i]!;
      const v = VIA[from]!;
      if (v < 0 || this.cell[v] !== 0) continue;
      for (const to of TOS[from]!) if (this.cell[to] === 0) out[n++] = from * 128 + to;
    }
    return n;
  }

  /** The legal moves of the side to act (a pass when it has none). */
  legal(out: Int32Array): number {
    const n = this.movesOf(this.turn, out);
    if (n > 0) return n;
    out[0] = PASS;
    return 1;
  }

  make(m: number): void {
    if (m !== PASS) {
      const from = m >> 7;
      const to = m & 127;
      const kind = this.cell[from]!;
      this.cell[from] = 0;
      this.cell[to] = kind;
      const i = this.at.indexOf(from);
      this.at[i] = to;
      this.hash ^= Z_PIECE[kind * CELLS + from]! ^ Z_PIECE[kind * CELLS + to]!;
    }
    this.turn ^= 1;
    this.hash ^= Z_TURN;
    this.moves++;
  }

  unmake(m: number): void {
    this.moves--;
    this.hash ^= Z_TURN;
    this.turn ^= 1;
    if (m === PASS) return;
    const from = m >> 7;
    const to = m & 127;
    const kind = this.cell[to]!;
    this.cell[to] = 0;
    this.cell[from] = kind;
    this.at[this.at.indexOf(to)] = from;
    this.hash ^= Z_PIECE[kind * CELLS + from]! ^ Z_PIECE[kind * CELLS + to]!;
  }

  /**
   * Who won by the move `m` just made (-1: nobody), as the rules check it: an Egg Carrier
   * immobilized outside the Sacred Waters (only the moved piece, or an egg across its new
   * triangle, can have become so), then both Egg Carriers home.
   */
  winnerAfter(m: number): number {
    if (m === PASS) return -1;
    const to = m & 127;
    if (this.cell[to] === EGG && !IS_WATERS[to] && this.locked(to)) return SERRA;
    const across = VIA[to]!;
    if (across >= 0 && this.cell[across] === EGG && !IS_WATERS[across]) return SERRA;
    if (this.cell[to] === EGG && this.cell[WATERS[0]!] === EGG && this.cell[WATERS[1]!] === EGG) return 0;
    return -1;
  }
}

export const isWaters = (at: number): boolean => IS_WATERS[at]!;

export function encodeMove(m: PorrikaMove): number {
  if (m.type !== "move") return PASS;
  return INDEX.get(m.from)! * 128 + INDEX.get(m.to)!;
}
