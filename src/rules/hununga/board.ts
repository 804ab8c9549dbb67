/**
 * Hununga's board as data: a square `BoardData` whose cells say what they are ("plain", "centre",
 * "respawn-0", "respawn-1") and, by a tag `piece-<side>-<kind>`, which piece starts there. The
 * rules compile it once into flat arrays (cell index = y * width + x) for fast move generation.
 */
import { type Result, refuse } from "../core";
import { type BoardData, checkBoardData, parseSquareKey } from "../grid";
import shippedBoard from "./boards/hununga.json";

export const PIECE_KINDS = ["pawn", "bishop", "knight", "rook", "king"] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];

/** The dots on each piece: the die points an attack on it costs. */
export const DEFENCE: Readonly<Record<PieceKind, number>> = { pawn: 1, bishop: 2, knight: 3, rook: 4, king: 6 };

export const BOARDS: Readonly<Record<string, BoardData>> = { hununga: shippedBoard as BoardData };

export interface StartPiece {
  readonly side: 0 | 1;
  readonly kind: PieceKind;
  readonly at: string;
}

export interface CompiledBoard {
  readonly width: number;
  readonly height: number;
  /** Whether index i is a cell of the board (a board need not be a full rectangle). */
  readonly exists: readonly boolean[];
  readonly centre: readonly boolean[];
  readonly centreCells: readonly number[];
  /** Each side's respawn cell. */
  readonly respawn: readonly [number, number];
  readonly keys: readonly string[];
  readonly start: readonly StartPiece[];
  /** Orthogonal neighbours of each cell that are on the board. */
  readonly adjacent: readonly (readonly number[])[];
}

const compiled = new WeakMap<BoardData, CompiledBoard>();

/** Why a board (the grid check passed) cannot hold a game of Hununga. */
export const HunungaBoardErrors = {
  notSquare: "CANTINA.Hununga.Error.Board.NotSquare",
  tooManyCells: "CANTINA.Hununga.Error.Board.TooManyCells",
  outside: "CANTINA.Hununga.Error.Board.Outside",
  unknownKind: "CANTINA.Hununga.Error.Board.UnknownKind",
  twoPieces: "CANTINA.Hununga.Error.Board.TwoPieces",
  badPieceTag: "CANTINA.Hununga.Error.Board.BadPieceTag",
  noCentre: "CANTINA.Hununga.Error.Board.NoCentre",
  respawnCount: "CANTINA.Hununga.Error.Board.RespawnCount",
  kingCount: "CANTINA.Hununga.Error.Board.KingCount",
} as const;

/** This board checked for a game of Hununga: the board, or a refusal of the grid's or `HunungaBoardErrors`. */
export function checkHunungaBoard(raw: unknown): Result<{ readonly board: BoardData }> {
  const data = checkBoardData(raw);
  if (!data.ok) return data;
  const { board } = data;
  const E = HunungaBoardErrors;
  if (board.grid !== "square") return refuse(E.notSquare);
  if (board.cells.length > 400) return refuse(E.tooManyCells, { max: 400 });
  const respawn = [0, 0];
  const kings = [0, 0];
  let centre = 0;
  for (const cell of board.cells) {
    const s = parseSquareKey(cell.id);
    if (!s || s.x < 0 || s.y < 0 || s.x >= 20 || s.y >= 20) return refuse(E.outside, { cell: cell.id, size: 20 });
    if (cell.kind === "centre") centre++;
    else if (cell.kind === "respawn-0") respawn[0] = (respawn[0] ?? 0) + 1;
    else if (cell.kind === "respawn-1") respawn[1] = (respawn[1] ?? 0) + 1;
    else if (cell.kind !== "plain") return refuse(E.unknownKind, { kind: cell.kind });
    const pieces = (cell.tags ?? []).filter((t) => t.startsWith("piece-"));
    if (pieces.length > 1) return refuse(E.twoPieces, { cell: cell.id });
    for (const tag of pieces) {
      const m = /^piece-([01])-([a-z]+)$/.exec(tag);
      if (!m || !PIECE_KINDS.includes(m[2] as PieceKind)) return refuse(E.badPieceTag, { tag });
      if (m[2] === "king") kings[Number(m[1])] = (kings[Number(m[1])] ?? 0) + 1;
    }
  }
  if (centre === 0) return refuse(E.noCentre);
  if (respawn[0] !== 1 || respawn[1] !== 1) return refuse(E.respawnCount);
  if (kings[0] !== 1 || kings[1] !== 1) return refuse(E.kingCount);
  return data;
}

/** The board in flat arrays; the caller has checked it. Cached per board object. */
export function compileBoard(board: BoardData): CompiledBoard {
  const known = compiled.get(board);
  if (known) return known;
  let width = 0;
  let height = 0;
  for (const cell of board.cells) {
    const s = parseSquareKey(cell.id)!;
    width = Math.max(width, s.x + 1);
    height = Math.max(height, s.y + 1);
  }
  const n = width * height;
  const exists = new Array<boolean>(n).fill(false);
  const centre = new Array<boolean>(n).fill(false);
  const keys: string[] = [];
  for (let i = 0; i < n; i++) keys.push(`${i % width},${Math.floor(i / width)}`);
  const respawn: [number, number] = [-1, -1];
  const start: StartPiece[] = [];
  for (const cell of board.cells) {
    const s = parseSquareKey(cell.id)!;
    const i = s.y * width + s.x;
    exists[i] = true;
    if (cell.kind === "centre") centre[i] = true;
    if (cell.kind === "respawn-0") respawn[0] = i;
    if (cell.kind === "respawn-1") respawn[1] = i;
    for (const tag of cell.tags ?? []) {
      const m = /^piece-([01])-([a-z]+)$/.exec(tag);
      if (m) start.push({ side: Number(m[1]) as 0 | 1, kind: m[2] as PieceKind, at: keys[i]! });
    }
  }
  const adjacent: number[][] = [];
  for (let i = 0; i < n; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const out: number[] = [];
    if (exists[i]) {
      if (y > 0 && exists[i - width]) out.push(i - width);
      if (x < width - 1 && exists[i + 1]) out.push(i + 1);
      if (y < height - 1 && exists[i + width]) out.push(i + width);
      if (x > 0 && exists[i - 1]) out.push(i - 1);
    }
    adjacent.push(out);
  }
  const result: CompiledBoard = {
    width,
    height,
    exists,
    centre,
    centreCells: centre.flatMap((c, i) => (c ? [i] : [])),
    respawn,
    keys,
    start,
    adjacent,
  };
  compiled.set(board, result);
  return result;
}

/** A cell key's index on this board, or -1 when it is not one of its cells. */
export function cellIndex(b: CompiledBoard, key: unknown): number {
  if (typeof key !== "string") return -1;
  const s = parseSquareKey(key);
  if (!s || s.x < 0 || s.y < 0 || s.x >= b.width || s.y >= b.height) return -1;
  const i = s.y * b.width + s.x;
  return b.exists[i] ? i : -1;
}
