/**
 * Ubongo boards and the tilings of them: a board is rows of `#` (a white square to cover) and `.`
 * (no square). Builds the exact-cover problem of covering a board with given tiles, solves it, and
 * checks a claimed placement square by square.
 */
import type { Square } from "../grid";
import { type ExactCoverProblem, type SolveResult, solveExactCover } from "./solver";
import { type Side, type TileId, JEDI_TILES, TILES, isTileId, sideTurns, tileShape } from "./tiles";
import { E, type UbongoErrorCode } from "./errors";

export type Board = readonly string[];

/** One tile laid on a board: which side is up, turned clockwise by `turns`, its shape's corner at (x, y). */
export interface Piece {
  readonly tile: TileId;
  readonly side: Side;
  readonly turns: number;
  readonly x: number;
  readonly y: number;
}

export function boardCells(board: Board): Square[] {
  const out: Square[] = [];
  board.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "#") out.push({ x, y });
  });
  return out;
}

export function boardArea(board: Board): number {
  return boardCells(board).length;
}

/** The board seen in a mirror (left-right): covering it with light tiles is covering the board with dark ones. */
export function mirrorBoard(board: Board): string[] {
  const width = Math.max(0, ...board.map((r) => r.length));
  return board.map((r) => [...r.padEnd(width, ".")].reverse().join(""));
}

/** The squares a piece covers. */
export function pieceCells(piece: Piece): Square[] {
  return tileShape(piece.tile, piece.side, piece.turns).map((c) => ({ x: c.x + piece.x, y: c.y + piece.y }));
}

/** Which sides of a tile may be laid: one side (the die's), or both (Jedi Masters, flipping allowed). */
export type SideRule = Side | "both";

export interface TilingProblem {
  readonly problem: ExactCoverProblem;
  /** The piece each row of the problem stands for. */
  readonly pieces: readonly Piece[];
  readonly tiles: readonly TileId[];
}

/**
 * Covering `board` with `tiles` (each at most once). With `useAll` every tile must be used (a
 * tile's column is primary); otherwise any of them may be (secondary). With "both" sides, a tile
 * that looks the same turned over (not chiral) contributes its shapes once, as its light side.
 */
export function tilingProblem(board: Board, tiles: readonly TileId[], sides: SideRule, useAll: boolean): TilingProblem {
  const cells = boardCells(board);
  const width = Math.max(0, ...board.map((r) => r.length));
  const height = board.length;
  // The column of each square of the bounding box, -1 where the board has none.
  const index = new Int32Array(width * height).fill(-1);
  cells.forEach((c, i) => (index[c.y * width + c.x] = i));
  const rows: number[][] = [];
  const pieces: Piece[] = [];
  tiles.forEach((tile, t) => {
    const tileColumn = cells.length + t;
    const sideList: Side[] = sides === "both" ? (TILES[tile].chiral ? ["light", "dark"] : ["light"]) : [sides];
    for (const side of sideList) {
      for (const { turns, cells: shape, width: w, height: h } of sideTurns(tile, side)) {
        for (let y = 0; y + h <= height; y++) {
          for (let x = 0; x + w <= width; x++) {
            const row: number[] = [];
            for (const c of shape) {
              const i = index[(c.y + y) * width + c.x + x] ?? -1;
              if (i < 0) break;
              row.push(i);
            }
            if (row.length !== shape.length) continue;
            row.push(tileColumn);
            rows.push(row);
            pieces.push({ tile, side, turns, x, y });
          }
        }
      }
    }
  });
  const problem: ExactCoverProblem = useAll
    ? { primary: cells.length + tiles.length, rows }
    : { primary: cells.length, secondary: tiles.length, rows };
  return { problem, pieces, tiles };
}

export interface Tilings {
  readonly count: number;
  readonly capped: boolean;
  readonly nodes: number;
  readonly solutions: Piece[][];
}

function tilings(tp: TilingProblem, result: SolveResult): Tilings {
  return {
    count: result.count,
    capped: result.capped,
    nodes: result.nodes,
    solutions: result.solutions.map((rows) => rows.map((r) => tp.pieces[r] as Piece)),
  };
}

/** The tilings of a board with exactly these tiles, all on one side (rotation only). */
export function solveBoard(
  board: Board,
  tiles: readonly TileId[],
  side: Side,
  options: { limit?: number; keep?: number } = {},
): Tilings {
  if (tiles.reduce((a, t) => a + TILES[t].cells.length, 0) !== boardArea(board))
    return { count: 0, capped: false, nodes: 0, solutions: [] };
  const tp = tilingProblem(board, tiles, side, true);
  return tilings(tp, solveExactCover(tp.problem, options));
}

/**
 * Whether a set of laid tiles can show at least one light and one dark side: a tile that is not
 * chiral may be laid either side up, so only an all-chiral set on one side (or a single tile) fails.
 */
export function jediSidesPossible(pieces: readonly Piece[]): boolean {
  if (pieces.length < 2) return false;
  if (pieces.some((p) => !TILES[p.tile].chiral)) return true;
  return pieces.some((p) => p.side === "light") && pieces.some((p) => p.side === "dark");
}

/**
 * The solver lays a tile that looks the same either side up on its light side; when no dark side
 * shows, this turns one such tile over (same squares), so the placement meets the Jedi rule.
 */
export function withJediSides(pieces: readonly Piece[]): Piece[] {
  if (pieces.some((p) => p.side === "dark") && pieces.some((p) => p.side === "light")) return [...pieces];
  const from: Side = pieces.some((p) => p.side === "dark") ? "dark" : "light";
  const to: Side = from === "light" ? "dark" : "light";
  const i = pieces.findIndex((p) => !TILES[p.tile].chiral && p.side === from);
  if (i < 0) return [...pieces];
  const piece = pieces[i] as Piece;
  const want = cellKey(pieceCells(piece));
  for (let turns = 0; turns < 4; turns++) {
    const turned: Piece = { ...piece, side: to, turns };
    if (cellKey(pieceCells(turned)) === want) return pieces.map((p, j) => (j === i ? turned : p));
  }
  return [...pieces];
}

function cellKey(cells: readonly Square[]): string {
  return cells
    .map((c) => `${c.x},${c.y}`)
    .sort()
    .join(";");
}

/** The tilings under the Jedi Masters rule: any of the ten tiles, flipping allowed, both sides shown. */
export function solveJedi(board: Board, options: { limit?: number; keep?: number } = {}): Tilings {
  const tp = tilingProblem(board, JEDI_TILES, "both", false);
  const accept = (rows: readonly number[]): boolean => jediSidesPossible(rows.map((r) => tp.pieces[r] as Piece));
  return tilings(tp, solveExactCover(tp.problem, { ...options, accept }));
}

/** Why a claimed placement is not a cover of the board, as an error code; null when it is one. */
export function coverProblem(board: Board, pieces: readonly Piece[]): UbongoErrorCode | null {
  const cells = new Set(boardCells(board).map((c) => `${c.x},${c.y}`));
  const covered = new Set<string>();
  for (const piece of pieces) {
    for (const c of pieceCells(piece)) {
      const k = `${c.x},${c.y}`;
      if (!cells.has(k)) return E.hangsOver;
      if (covered.has(k)) return E.overlap;
      covered.add(k);
    }
  }
  return covered.size === cells.size ? null : E.uncovered;
}

/** Runtime shape check for a piece arriving from outside. */
export function isPiece(x: unknown): x is Piece {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return false;
  const p = x as Record<string, unknown>;
  const small = (n: unknown, lo: number, hi: number): boolean =>
    typeof n === "number" && Number.isInteger(n) && n >= lo && n <= hi;
  return (
    Object.keys(p).length === 5 &&
    isTileId(p.tile) &&
    (p.side === "light" || p.side === "dark") &&
    small(p.turns, 0, 3) &&
    small(p.x, -20, 40) &&
    small(p.y, -20, 40)
  );
}
