/**
 * A board as Roll20 draws it: the board model's geometry (src/apps/board/geometry.ts) scaled to page
 * pixels, Roll20's path format, and where a dropped token lands. Pure: no Roll20 global is read here.
 */
import type { BoardContext } from "../apps/board/context";
import { UNIT } from "../apps/board/context";
import { type Placement, placeGeometry } from "../apps/board/geometry-place";
import { type GeometryBox, type PieceGeometry, type TextGeometry, trayToken } from "../apps/core/board-geometry";
import type { Point } from "../rules/grid";
import { colour } from "../palette";

/** Page pixels per board unit: a cell (100 units) is one 70-pixel square of Roll20's default grid. */
export const PIXELS_PER_UNIT = 0.7;
/** Where the board's top left corner lies on the page (one grid square in from the edge). */
export const BOARD_MARGIN = 70;
/** A drop farther than this (pixels) from every cell, point and tray is off the board. */
export const SNAP_DISTANCE = 0.75 * UNIT * PIXELS_PER_UNIT;

export interface DrawnCell {
  readonly id: string;
  readonly kind: string;
  /** Corners in page pixels. */
  readonly polygon: readonly Point[];
  readonly centre: Point;
  /** The coordinate drawn on the cell ("" when the game shows none), where the geometry writes it. */
  readonly label: string;
  readonly labelText: TextGeometry;
  /** The cell's colour: its tone's in the palette (src/palette), the window's and the canvas's. */
  readonly fill: string;
  readonly stroke: string;
  /** A split tone's second colour and the half of the cell it paints (page pixels), or null. */
  readonly split: { readonly fill: string; readonly polygon: readonly Point[] } | null;
}

/** A tray (hand, borne off…) in the row under the board; its id is the one in the drawing's view. */
export interface DrawnTray {
  readonly id: string;
  readonly owner: number;
  readonly labelKey: string;
  readonly count: number;
  /** Where its token rests and a drop lands. */
  readonly centre: Point;
  readonly box: GeometryBox;
  readonly fill: string;
  readonly stroke: string;
  /** Its owner's colour along its left edge (solid: a Roll20 path has no opacity). */
  readonly strip: { readonly box: GeometryBox; readonly fill: string };
  /** Where its label ("Hand: 3") is written. */
  readonly labelText: TextGeometry;
}

/** A piece (or a stack) where it stands: a cell's, a point's or a tray's id, with its laid-out drawing. */
export interface DrawnPiece {
  readonly at: string;
  readonly owner: number;
  readonly count: number;
  readonly centre: Point;
  /** The geometry's piece in page pixels (outline, badge, tokens). */
  readonly piece: PieceGeometry;
  /** Whether it stands in a tray (whose label says the count). */
  readonly inTray: boolean;
}

/** Where drops land: every cell's, point's and tray's spot in page pixels. */
export interface DropSpots {
  readonly cells: readonly { readonly id: string; readonly centre: Point }[];
  readonly points: readonly { readonly id: string; readonly centre: Point }[];
  readonly trays: readonly { readonly id: string; readonly centre: Point }[];
}

export interface Drawing extends DropSpots {
  readonly cells: readonly DrawnCell[];
  /** Points (a square grid's corners) where pieces stand: drop targets with no outline of their own. */
  readonly points: readonly { readonly id: string; readonly centre: Point }[];
  readonly trays: readonly DrawnTray[];
  readonly pieces: readonly DrawnPiece[];
  /** The whole drawing's size in pixels (the board, then the row of trays under it, and the margins). */
  readonly width: number;
  readonly height: number;
}

/** The placement of the board geometry on the page: page pixels, the whole drawing a margin in from the corner. */
export function pagePlacement(board: BoardContext): Placement {
  const { frame } = board.geometry;
  return {
    scale: PIXELS_PER_UNIT,
    dx: BOARD_MARGIN - frame.x * PIXELS_PER_UNIT,
    dy: BOARD_MARGIN - frame.y * PIXELS_PER_UNIT,
  };
}

/** The drawing of a board: its geometry (src/apps/board/geometry.ts) placed on the page, colours resolved. */
export function drawingOf(board: BoardContext): Drawing {
  const g = placeGeometry(board.geometry, pagePlacement(board));
  const cells = g.cells.map((cell, i): DrawnCell => ({
    id: cell.id,
    kind: board.cells[i]?.kind ?? "",
    polygon: cell.polygon,
    centre: cell.centre,
    label: g.labels ? cell.label.text : "",
    labelText: cell.label,
    fill: colour(cell.fill),
    stroke: colour(cell.stroke),
    split: cell.split ? { fill: colour(cell.split.fill), polygon: cell.split.polygon } : null,
  }));
  const points = g.points.map((p) => ({ id: p.id, centre: p.circle.centre }));
  const trays = g.trays.map((t): DrawnTray => ({
    id: t.id,
    owner: t.owner,
    labelKey: t.labelKey,
    count: t.count,
    centre: t.piece.centre,
    box: t.box,
    fill: colour(t.fill),
    stroke: colour(t.stroke),
    strip: { box: t.strip.box, fill: colour(t.strip.fill) },
    labelText: t.label,
  }));
  const on = (at: string, piece: PieceGeometry, inTray = false): DrawnPiece => ({
    at,
    owner: piece.owner,
    count: piece.count,
    centre: piece.centre,
    piece,
    inTray,
  });
  const pieces: DrawnPiece[] = [
    ...g.cells.flatMap((c) => (c.piece ? [on(c.id, c.piece)] : [])),
    ...g.points.flatMap((p) => (p.piece ? [on(p.id, p.piece)] : [])),
    ...g.trays.flatMap((t) => {
      const token = trayToken(t);
      return token ? [on(t.id, token, true)] : [];
    }),
  ];
  return {
    cells,
    points,
    trays,
    pieces,
    width: g.frame.w + 2 * BOARD_MARGIN,
    height: g.frame.h + 2 * BOARD_MARGIN,
  };
}

/** The cell, point or tray a token dropped at (x, y) lands on: the nearest within SNAP_DISTANCE, else null. */
export function dropTarget(drawing: DropSpots, x: number, y: number): string | null {
  let best: { id: string; d: number } | null = null;
  const consider = (id: string, c: Point): void => {
    const d = Math.hypot(c.x - x, c.y - y);
    if (d <= SNAP_DISTANCE && (best === null || d < best.d)) best = { id, d };
  };
  for (const c of drawing.cells) consider(c.id, c.centre);
  for (const p of drawing.points) consider(p.id, p.centre);
  for (const t of drawing.trays) consider(t.id, t.centre);
  return (best as { id: string; d: number } | null)?.id ?? null;
}

/** What a Roll20 `path` object is made of: `_path` relative to its box, placed by its centre. */
export interface PathShape {
  readonly _path: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A closed polygon as a Roll20 path: `_path` is JSON of [["M",x,y],["L",x,y]…] relative to the
 * path's bounding box, and `left`/`top` are the box's centre on the page (Roll20's path objects).
 */
export function polygonPath(polygon: readonly Point[]): PathShape {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const width = Math.max(...xs) - minX;
  const height = Math.max(...ys) - minY;
  const round = (n: number): number => Math.round(n * 100) / 100;
  const first = polygon[0];
  const segments = [
    ...polygon.map((p, i) => [i === 0 ? "M" : "L", round(p.x - minX), round(p.y - minY)]),
    ...(first ? [["L", round(first.x - minX), round(first.y - minY)]] : []),
  ];
  return {
    _path: JSON.stringify(segments),
    left: round(minX + width / 2),
    top: round(minY + height / 2),
    width: round(width),
    height: round(height),
  };
}

/** A box as a closed Roll20 path. */
export function boxPath(box: GeometryBox): PathShape {
  return polygonPath([
    { x: box.x, y: box.y },
    { x: box.x + box.w, y: box.y },
    { x: box.x + box.w, y: box.y + box.h },
    { x: box.x, y: box.y + box.h },
  ]);
}

/** A Roll20 path has no circle: a circle's outline as the 16-gon it draws instead. */
function circleOutline(centre: Point, r: number): Point[] {
  return Array.from({ length: 16 }, (_, i) => {
    const a = (i / 16) * 2 * Math.PI;
    return { x: centre.x + r * Math.sin(a), y: centre.y - r * Math.cos(a) };
  });
}

/** A piece's outline (its kind's or its owner's, as the geometry lays it) as a Roll20 path. */
export function piecePath(piece: PieceGeometry): PathShape {
  return polygonPath(piece.outline ?? circleOutline(piece.centre, piece.r));
}

/**
 * Where a Roll20 text object goes for a text of the geometry: Roll20 places a text by its centre, so a
 * text the geometry starts (or ends) at a point is moved by half its width (about 0.55 of its size a letter).
 */
export function textCentre(text: TextGeometry, value: string): Point {
  const half = (value.length * text.size * 0.55) / 2;
  const shift = text.anchor === "start" ? half : text.anchor === "end" ? -half : 0;
  return { x: Math.round((text.at.x + shift) * 100) / 100, y: text.at.y };
}
