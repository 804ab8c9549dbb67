/**
 * Pure helpers of the tile placement mode (polyomino puzzles such as Ubongo): orienting, snapping,
 * hit-testing and checking tiles for display, and the placement context. The host checks every claim.
 * Details: docs/windows.md, "src/apps/board/placement.ts".
 */
import { type Shape, type Square, normalize, parseSquareKey, reflect, rotate, squareKey } from "../../rules/grid";
import { type BoardContext, type BoardSpec, UNIT, boardContext } from "./context";
import type { Orientation, TilePlacement, TileSpec } from "../core/types";

// The tile types are part of a game's puzzle contract (src/apps/core/types.ts); named here too for the hosts.
export type { Orientation, TilePlacement, TileSpec };

/** A placement as handed to the game: with the board cells ("x,y") it covers. */
export interface PlacedTile extends TilePlacement {
  readonly cells: readonly string[];
}

export function orientShape(shape: Shape, o: Orientation): Square[] {
  const base = o.flipped ? reflect(shape) : normalize(shape);
  return rotate(base, o.rotation);
}

export function placedCells(shape: Shape, p: TilePlacement): Square[] {
  return orientShape(shape, p).map((c) => ({ x: c.x + p.at.x, y: c.y + p.at.y }));
}

export function withCells(shape: Shape, p: TilePlacement): PlacedTile {
  return { ...p, cells: placedCells(shape, p).map(squareKey) };
}

/** The cell under a point in cell units (x = 2.4 is in column 2). */
export function cellUnder(p: { readonly x: number; readonly y: number }): Square {
  return { x: Math.floor(p.x), y: Math.floor(p.y) };
}

/**
 * The snapped position of a dragged tile: `pointer` in cell units, `grab` the point of the tile held
 * (in cell units from its origin); the tile's origin goes to the nearest grid corner.
 */
export function snapAt(pointer: { readonly x: number; readonly y: number }, grab: { x: number; y: number }): Square {
  return { x: Math.round(pointer.x - grab.x), y: Math.round(pointer.y - grab.y) };
}

/** Whether a point lies inside a polygon (even-odd rule): hit-testing any cell shape. */
export function pointInPolygon(p: { x: number; y: number }, poly: readonly { x: number; y: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i] as { x: number; y: number };
    const b = poly[j] as { x: number; y: number };
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export interface TileStatus {
  /** Some of its cells are off the board (or on a blocked cell). */
  readonly overhang: boolean;
  /** Some of its cells are under another tile. */
  readonly overlap: boolean;
}

export interface PlacementCheck {
  readonly byTile: Readonly<Record<string, TileStatus>>;
  readonly covered: number;
  /** Every board cell covered exactly once and nothing hanging over. */
  readonly complete: boolean;
}

/** What the board shows about placements: which tiles hang over or overlap, and whether it is done. */
export function checkPlacements(
  board: ReadonlySet<string>,
  placements: readonly { readonly tileId: string; readonly cells: readonly string[] }[],
): PlacementCheck {
  const count = new Map<string, number>();
  for (const p of placements) for (const c of p.cells) count.set(c, (count.get(c) ?? 0) + 1);
  const byTile: Record<string, TileStatus> = {};
  let bad = false;
  for (const p of placements) {
    const overhang = p.cells.some((c) => !board.has(c));
    const overlap = p.cells.some((c) => (count.get(c) ?? 0) > 1);
    byTile[p.tileId] = { overhang, overlap };
    bad ||= overhang || overlap;
  }
  let covered = 0;
  for (const c of board) if ((count.get(c) ?? 0) > 0) covered++;
  return { byTile, covered, complete: !bad && covered === board.size };
}

export interface TileLayout {
  /** The tile's box over the board surface (percentages). */
  readonly style: string;
  /** Each cell's box inside the tile (percentages). */
  readonly cells: readonly { readonly x: number; readonly y: number; readonly style: string }[];
}

const pct = (n: number): string => `${Math.round(n * 100) / 100}%`;

/** Where a tile covering `cells` (board squares) is drawn on a surface of the given size and origin. */
export function tileLayout(
  cells: readonly Square[],
  surface: { readonly width: number; readonly height: number; readonly originX: number; readonly originY: number },
): TileLayout {
  const minX = Math.min(...cells.map((c) => c.x));
  const minY = Math.min(...cells.map((c) => c.y));
  const w = Math.max(...cells.map((c) => c.x)) - minX + 1;
  const h = Math.max(...cells.map((c) => c.y)) - minY + 1;
  const style =
    `left:${pct(((minX * UNIT - surface.originX) / surface.width) * 100)};` +
    `top:${pct(((minY * UNIT - surface.originY) / surface.height) * 100)};` +
    `width:${pct(((w * UNIT) / surface.width) * 100)};height:${pct(((h * UNIT) / surface.height) * 100)}`;
  return {
    style,
    cells: cells.map((c) => ({
      x: c.x,
      y: c.y,
      style: `left:${pct(((c.x - minX) / w) * 100)};top:${pct(((c.y - minY) / h) * 100)};width:${pct(100 / w)};height:${pct(100 / h)}`,
    })),
  };
}

export interface PlacementSpec {
  /** The board to cover: a square grid (its cells "x,y"; no flip or turn). */
  readonly board: BoardSpec;
  readonly tiles: readonly TileSpec[];
  readonly placed: readonly TilePlacement[];
  /** Whether tiles may be turned over (F). */
  readonly allowFlip: boolean;
  /** Shown only (another player's board after the round, a finished board). */
  readonly locked?: boolean;
}

export interface TrayTileContext {
  readonly id: string;
  readonly labelKey: string;
  readonly colour: string;
  /** The base shape, "x,y;x,y" (the interaction orients it). */
  readonly shape: string;
  readonly viewBox: string;
  /** The tile's size in squares, so that every tray tile can be drawn at one square size. */
  readonly rows: number;
  readonly cols: number;
  readonly rects: readonly { readonly x: number; readonly y: number }[];
  readonly placed: boolean;
}

export interface PlacedTileContext {
  readonly id: string;
  readonly labelKey: string;
  readonly colour: string;
  readonly rotation: number;
  readonly flipped: boolean;
  readonly at: string;
  readonly layout: TileLayout;
  readonly invalid: string;
}

export interface PlacementContext {
  readonly board: BoardContext;
  readonly tiles: readonly TrayTileContext[];
  readonly placed: readonly PlacedTileContext[];
  readonly allowFlip: boolean;
  readonly locked: boolean;
  readonly complete: boolean;
}

/** Why a tile is marked: "overhang", "overlap", both, or "" when it lies well. */
export function invalidReason(s: TileStatus | undefined): string {
  if (!s) return "";
  return [s.overhang ? "overhang" : "", s.overlap ? "overlap" : ""].filter(Boolean).join(" ");
}

export function placementContext(spec: PlacementSpec): PlacementContext {
  const board = boardContext({ ...spec.board, flip: false, turn: false, moves: [] });
  const shapes = new Map(spec.tiles.map((t) => [t.id, t]));
  const placed = spec.placed.filter((p) => shapes.has(p.tileId));
  const full = placed.map((p) => withCells((shapes.get(p.tileId) as TileSpec).shape, p));
  const keys = new Set(board.cells.map((c) => c.at));
  const check = checkPlacements(keys, full);
  const isPlaced = new Set(placed.map((p) => p.tileId));
  return {
    board,
    allowFlip: spec.allowFlip,
    locked: spec.locked === true,
    complete: check.complete,
    tiles: spec.tiles.map((t) => {
      const n = normalize(t.shape);
      const w = Math.max(...n.map((c) => c.x)) + 1;
      const h = Math.max(...n.map((c) => c.y)) + 1;
      return {
        id: t.id,
        labelKey: t.labelKey,
        colour: t.colour ?? "",
        shape: n.map((c) => `${c.x},${c.y}`).join(";"),
        viewBox: `-0.1 -0.1 ${w + 0.2} ${h + 0.2}`,
        rows: h,
        cols: w,
        rects: n,
        placed: isPlaced.has(t.id),
      };
    }),
    placed: full.map((p) => {
      const t = shapes.get(p.tileId) as TileSpec;
      const cells = p.cells.map((k) => parseSquareKey(k) as Square);
      return {
        id: p.tileId,
        labelKey: t.labelKey,
        colour: t.colour ?? "",
        rotation: ((p.rotation % 4) + 4) % 4,
        flipped: p.flipped,
        at: squareKey(p.at),
        layout: tileLayout(cells, board),
        invalid: invalidReason(check.byTile[p.tileId]),
      };
    }),
  };
}

/**
 * Placements read back from an action's data (a JSON string the window wrote): null unless it is a
 * list of `{tileId, rotation 0-3, flipped, at: {x, y}}` with small integers; the rules check the rest.
 */
export function parsePlacements(raw: string | undefined): TilePlacement[] | null {
  if (raw === undefined || raw.length > 20_000) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(data) || data.length > 64) return null;
  const small = (n: unknown): n is number => Number.isInteger(n) && Math.abs(n as number) <= 1000;
  const out: TilePlacement[] = [];
  for (const item of data as unknown[]) {
    if (typeof item !== "object" || item === null) return null;
    const p = item as Record<string, unknown>;
    const at = p.at as Record<string, unknown> | null;
    if (typeof p.tileId !== "string" || p.tileId.length > 64) return null;
    if (!small(p.rotation) || p.rotation < 0 || p.rotation > 3 || typeof p.flipped !== "boolean") return null;
    if (typeof at !== "object" || at === null || !small(at.x) || !small(at.y)) return null;
    out.push({ tileId: p.tileId, rotation: p.rotation, flipped: p.flipped, at: { x: at.x, y: at.y } });
  }
  return out;
}
