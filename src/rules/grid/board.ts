/**
 * Board data shared by every grid game: cells of one geometry with an id, a kind and tags, checked
 * when they arrive as JSON (`checkBoardData`); `cellPolygon` gives the shape the renderer draws.
 * Details: docs/rules-layer.md, "src/rules/grid/board.ts".
 */
import { type Result, succeed } from "../core/result";
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

/**
 * Board data from outside, checked: the board, or why it is unusable (a plain reason, which a
 * game's own localized `BadBoard` refusal carries as its `reason`).
 */
export function checkBoardData(raw: unknown): Result<{ readonly board: BoardData }, string> {
  const why = (reason: string): Result<never, string> => ({ ok: false, error: reason });
  if (typeof raw !== "object" || raw === null) return why("not an object");
  const b = raw as Record<string, unknown>;
  if (!GRID_KINDS.includes(b.grid as GridKind)) return why("unknown grid");
  if (!Array.isArray(b.cells) || b.cells.length === 0) return why("no cells");
  const seen = new Set<string>();
  for (const c of b.cells as unknown[]) {
    if (typeof c !== "object" || c === null) return why("a cell is not an object");
    const cell = c as Record<string, unknown>;
    if (typeof cell.id !== "string" || !parsesAs(b.grid as GridKind, cell.id))
      return why(`bad cell id ${String(cell.id)}`);
    if (typeof cell.kind !== "string" || !/^[a-z0-9-]{1,32}$/.test(cell.kind)) return why(`bad kind at ${cell.id}`);
    if (cell.tags !== undefined && (!Array.isArray(cell.tags) || cell.tags.some((t) => typeof t !== "string"))) {
      return why(`bad tags at ${cell.id}`);
    }
    if (seen.has(cell.id)) return why(`duplicate cell ${cell.id}`);
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
