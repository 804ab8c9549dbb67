/**
 * Board data shared by every grid game: cells of one geometry with an id, a kind and tags, checked
 * when they arrive as JSON (`checkBoardData`); `cellPolygon` gives the shape the renderer draws.
 * Details: docs/rules-layer.md, "src/rules/grid/board.ts".
 */
import { type Result, refuse, succeed } from "../core/result";
import { hexCorners, parseHexKey } from "./hex";
import { parseSquareKey } from "./square";
import { parseTriangleKey, triangleCorners } from "./triangle";

export const GRID_KINDS = ["square", "hex", "triangle"] as const;
export type GridKind = (typeof GRID_KINDS)[number];

export interface BoardCell {
  /** The cell's key in its geometry: "x,y" (square), "q,r" (hex) or "x,y,side" (triangle). */
  readonly id: string;
  /** What the cell is (a game's own vocabulary: "centre", "respawn-0", "red"…). */
  readonly kind: string;
  readonly tags?: readonly string[];
}

export interface BoardData {
  readonly grid: GridKind;
  readonly cells: readonly BoardCell[];
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Why board data from outside cannot be read as a board (`cell`: the cell's id as given). */
export const BoardDataErrors = {
  notObject: "CANTINA.Grid.Error.NotObject",
  unknownGrid: "CANTINA.Grid.Error.UnknownGrid",
  noCells: "CANTINA.Grid.Error.NoCells",
  cellNotObject: "CANTINA.Grid.Error.CellNotObject",
  badCellId: "CANTINA.Grid.Error.BadCellId",
  badKind: "CANTINA.Grid.Error.BadKind",
  badTags: "CANTINA.Grid.Error.BadTags",
  duplicateCell: "CANTINA.Grid.Error.DuplicateCell",
} as const;

/** Board data from outside, checked: the board, or a refusal of `BoardDataErrors`. */
export function checkBoardData(raw: unknown): Result<{ readonly board: BoardData }> {
  const E = BoardDataErrors;
  if (typeof raw !== "object" || raw === null) return refuse(E.notObject);
  const b = raw as Record<string, unknown>;
  if (!GRID_KINDS.includes(b.grid as GridKind)) return refuse(E.unknownGrid);
  if (!Array.isArray(b.cells) || b.cells.length === 0) return refuse(E.noCells);
  const seen = new Set<string>();
  for (const c of b.cells as unknown[]) {
    if (typeof c !== "object" || c === null) return refuse(E.cellNotObject);
    const cell = c as Record<string, unknown>;
    const id = String(cell.id);
    if (typeof cell.id !== "string" || !parsesAs(b.grid as GridKind, cell.id)) return refuse(E.badCellId, { cell: id });
    if (typeof cell.kind !== "string" || !/^[a-z0-9-]{1,32}$/.test(cell.kind)) return refuse(E.badKind, { cell: id });
    if (cell.tags !== undefined && (!Array.isArray(cell.tags) || cell.tags.some((t) => typeof t !== "string"))) {
      return refuse(E.badTags, { cell: id });
    }
    if (seen.has(cell.id)) return refuse(E.duplicateCell, { cell: id });
    seen.add(cell.id);
  }
  return succeed({ board: raw as BoardData });
}

function parsesAs(grid: GridKind, id: string): boolean {
  if (grid === "square") return parseSquareKey(id) !== null;
  if (grid === "hex") return parseHexKey(id) !== null;
  return parseTriangleKey(id) !== null;
}

/** The corners of a cell in drawing units (`size`: a square's side or a hex's circumradius). */
export function cellPolygon(grid: GridKind, id: string, size: number): Point[] {
  if (grid === "square") {
    const s = parseSquareKey(id);
    if (!s) return [];
    const x = s.x * size;
    const y = s.y * size;
    return [
      { x, y },
      { x: x + size, y },
      { x: x + size, y: y + size },
      { x, y: y + size },
    ];
  }
  if (grid === "hex") {
    const h = parseHexKey(id);
    return h ? hexCorners(h, size) : [];
  }
  const t = parseTriangleKey(id);
  return t ? triangleCorners(t, size) : [];
}

/** The centre of a polygon's corners (where a piece is drawn). */
export function centroid(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return points.length ? { x: x / points.length, y: y / points.length } : { x: 0, y: 0 };
}
