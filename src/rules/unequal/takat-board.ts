/**
 * Takat on typed arrays for the expert's search: the rules of takat.ts (tests/rules/unequal/takat-board.test.ts
 * checks the legal moves and results agree) with moves made and unmade in place and a Zobrist hash.
 */
import { ADJACENT, PIECES, RED, type TakatMove, type TakatState, WIN_HEIGHT } from "./takat";

/** Stacks hold at most WIN_HEIGHT pieces (a sixth ends the game). */
const LEVELS = 8;
/** A move as one number: from * 8 + to, with from = ENTER for an entry. */
export const ENTER = 7;
export const WHITE_C = 0;
export const BLACK_C = 1;
const IS_RED = Array.from({ length: 7 }, (_, i) => RED.includes(i));
/** Each adjacent pair of hexes once. */
const EDGES: readonly (readonly [number, number])[] = ADJACENT.flatMap((ns, i) =>
  ns.filter((j) => j > i).map((j) => [i, j] as const),
);

/** Deterministic 32-bit words for the hash (xorshift from a fixed seed: the same table every load). */
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
const Z_PIECE = hashWords(7 * LEVELS * 2, 0x1234567);
const Z_LAST = hashWords(8, 0x7654321);
const Z_TURN = 0x5bd1e995;

export class TakatBoard {
  /** Colour by hex * LEVELS + level (0 white, 1 black). */
  readonly colour = new Int8Array(7 * LEVELS);
  readonly height = new Int8Array(7);
  readonly onBoard = new Int8Array(2);
  /** The hex the last move went to (-1: none). */
  lastTo = -1;
  turn = 0;
  moves = 0;
  hash = 0;

  static from(s: TakatState): TakatBoard {
    const b = new TakatBoard();
    s.stacks.forEach((st, i) => {
      for (const p of st) b.put(i, p === "w" ? WHITE_C : BLACK_C);
    });
    b.setLast(s.lastTo ?? -1);
    b.turn = s.turn;
    if (b.turn === 1) b.hash ^= Z_TURN;
    b.moves = s.moves;
    return b;
  }

  private put(hex: number, c: number): void {
    const h = this.height[hex]!;
    this.colour[hex * LEVELS + h] = c;
    this.height[hex] = h + 1;
    this.onBoard[c]!++;
    this.hash ^= Z_PIECE[(hex * LEVELS + h) * 2 + c]!;
  }

  private take(hex: number): number {
    const h = this.height[hex]! - 1;
    const c = this.colour[hex * LEVELS + h]!;
    this.height[hex] = h;
    this.onBoard[c]!--;
    this.hash ^= Z_PIECE[(hex * LEVELS + h) * 2 + c]!;
    return c;
  }

  private setLast(to: number): void {
    this.hash ^= Z_LAST[this.lastTo + 1]! ^ Z_LAST[to + 1]!;
    this.lastTo = to;
  }

  top(hex: number): number {
    return this.colour[hex * LEVELS + this.height[hex]! - 1]!;
  }

  /** The colour of the safe top of a stack four or more high (-1: none). */
  private safeTop(hex: number): number {
    const h = this.height[hex]!;
    if (h < 4) return -1;
    const base = hex * LEVELS;
    const t = this.colour[base + h - 1]!;
    return this.colour[base + h - 2] === t ? t : -1;
  }

  private adjacentSafe(): boolean {
    for (const [i, j] of EDGES) {
      const t = this.safeTop(i);
      if (t >= 0 && this.safeTop(j) === t) return true;
    }
    return false;
  }

  /**
   * Whether two adjacent stacks four or more high would have safe tops of one colour after a move
   * leaving safe tops `fromTop` on `from` and `toTop` on `to` (-1: none); the others are unchanged.
   */
  private makesSafePair(from: number, fromTop: number, to: number, toTop: number, already: boolean): boolean {
    if (!already && fromTop < 0 && toTop < 0) return false;
    const topAfter = (hex: number): number => (hex === from ? fromTop : hex === to ? toTop : this.safeTop(hex));
    for (const [i, j] of EDGES) {
      if (!already && i !== from && i !== to && j !== from && j !== to) continue;
      const a = topAfter(i);
      if (a >= 0 && topAfter(j) === a) return true;
    }
    return false;
  }

  /** Writes the legal moves of the side to act into `out`; returns how many. */
  legal(out: Int32Array): number {
    const c = this.turn;
    let n = 0;
    let emptyRing = false;
    for (let to = 1; to < 7; to++) if (this.height[to] === 0) emptyRing = true;
    const left = this.onBoard[c]! < (c === WHITE_C ? PIECES.w : PIECES.b);
    if (left) for (let to = 1; to < 7; to++) if (this.height[to] === 0) out[n++] = ENTER * 8 + to;
    // Black must enter while it has fewer pieces on the board than White, if it can.
    if (c === BLACK_C && this.onBoard[1]! < this.onBoard[0]! && left && emptyRing) return n;
    // Reachable positions never hold such a pair; one that does (set up by hand) is checked in full.
    const already = this.adjacentSafe();
    for (let from = 0; from < 7; from++) {
      const hf = this.height[from]!;
      if (hf === 0 || from === this.lastTo) continue;
      const base = from * LEVELS;
      const t = this.colour[base + hf - 1]!;
      const below = hf >= 2 ? this.colour[base + hf - 2]! : -1;
      if (IS_RED[from] && hf >= 3 && below === t && this.colour[base + hf - 3] === t) continue;
      if (below === t && t !== c) continue;
      // The safe top left on `from` once its top piece has gone (four or more high, two alike).
      const fromAfter = hf - 1 >= 4 && this.colour[base + hf - 2] === this.colour[base + hf - 3] ? below : -1;
      for (const to of ADJACENT[from]!) {
        const ht = this.height[to]!;
        if (ht > hf + 1) continue;
        const toAfter = ht + 1 >= 4 && this.colour[to * LEVELS + ht - 1] === t ? t : -1;
        if (this.makesSafePair(from, fromAfter, to, toAfter, already)) continue;
        out[n++] = from * 8 + to;
      }
    }
    return n;
  }

  /** Plays a legal move; returns what `unmake` needs (the previous lastTo). */
  make(m: number): number {
    const from = m >> 3;
    const to = m & 7;
    const before = this.lastTo;
    if (from === ENTER) this.put(to, this.turn);
    else this.put(to, this.take(from));
    this.setLast(to);
    this.turn ^= 1;
    this.hash ^= Z_TURN;
    this.moves++;
    return before;
  }

  unmake(m: number, lastBefore: number): void {
    const from = m >> 3;
    const to = m & 7;
    this.moves--;
    this.hash ^= Z_TURN;
    this.turn ^= 1;
    this.setLast(lastBefore);
    const c = this.take(to);
    if (from !== ENTER) this.put(from, c);
  }

  /** Whether White has built a stack six high (only the last move's hex can have grown). */
  whiteBuilt(): boolean {
    return this.lastTo >= 0 && this.height[this.lastTo]! >= WIN_HEIGHT;
  }
}

export function encodeMove(m: TakatMove): number {
  return m.type === "enter" ? ENTER * 8 + m.to : m.from * 8 + m.to;
}

export function decodeMove(code: number): TakatMove {
  const from = code >> 3;
  return from === ENTER ? { type: "enter", to: code & 7 } : { type: "move", from, to: code & 7 };
}
