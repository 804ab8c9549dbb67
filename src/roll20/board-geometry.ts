/**
 * A board as Roll20 draws it, from the host-neutral board model (src/apps/board/context.ts): cell
 * polygons, piece spots and trays in page pixels, Roll20's path format, and where a dropped token
 * lands. Pure: no Roll20 global is read here.
 */
import type { BoardContext } from "../apps/board/context";
import { UNIT, pieceOutline } from "../apps/board/context";
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
  /** The coordinate drawn beside the cell ("" when the game shows none). */
  readonly label: string;
  /** The cell's colour: its tone's in the palette (src/palette), the window's and the canvas's. */
  readonly fill: string;
  /** A split tone's second colour and the half of the cell it paints (page pixels), or null. */
  readonly split: { readonly fill: string; readonly polygon: readonly Point[] } | null;
}

/** A tray (hand, borne off…) drawn as a box beside the board; its id is the one in the drawing's view. */
export interface DrawnTray {
  readonly id: string;
  readonly owner: number;
  readonly labelKey: string;
  readonly count: number;
  readonly centre: Point;
  readonly size: number;
}

/** A piece (or a stack) where it stands: a cell's, a point's or a tray's id. */
export interface DrawnPiece {
  readonly at: string;
  readonly owner: number;
  readonly count: number;
  readonly centre: Point;
}

export interface Drawing {
  readonly cells: readonly DrawnCell[];
  /** Points (a square grid's corners) where pieces stand: drop targets with no outline of their own. */
  readonly points: readonly { readonly id: string; readonly centre: Point }[];
  readonly trays: readonly DrawnTray[];
  readonly pieces: readonly DrawnPiece[];
  /** A piece token's size in pixels. */
  readonly pieceSize: number;
  /** The whole drawing's size in pixels (the board, then the row of trays under it). */
  readonly width: number;
  readonly height: number;
}

const px = (units: number): number => Math.round(units * PIXELS_PER_UNIT * 100) / 100;
const at = (p: Point): Point => ({ x: BOARD_MARGIN + px(p.x), y: BOARD_MARGIN + px(p.y) });

/** The drawing of a board context: its cells' polygons and centres are in board units already. */
export function drawingOf(board: BoardContext): Drawing {
  const cells = board.cells.map((cell): DrawnCell => {
    return {
      id: cell.id,
      kind: cell.kind,
      polygon: cell.polygon.map(at),
      centre: at({ x: cell.cx, y: cell.cy }),
      label: board.showLabels ? cell.label : "",
      fill: colour(cell.tone.fill),
      split: cell.tone.split ? { fill: colour(cell.tone.split), polygon: cell.splitPolygon.map(at) } : null,
    };
  });
  const points = board.points.map((p) => ({ id: p.id, centre: at({ x: p.cx, y: p.cy }) }));
  const traySize = px(UNIT * 0.9);
  const trays = board.trays.map((t, i): DrawnTray => ({
    id: t.id,
    owner: t.owner,
    labelKey: t.labelKey,
    count: t.count,
    centre: at({ x: UNIT * (0.5 + i * 1.5), y: board.height + UNIT * 0.9 }),
    size: traySize,
  }));
  const pieces: DrawnPiece[] = [
    ...board.cells.flatMap((cell, i) =>
      cell.piece
        ? [
            {
              at: cell.id,
              owner: cell.piece.owner,
              count: cell.piece.count,
              centre: cells[i]?.centre ?? at({ x: cell.cx, y: cell.cy }),
            },
          ]
        : [],
    ),
    ...board.points.flatMap((p, i) =>
      p.piece
        ? [
            {
              at: p.id,
              owner: p.piece.owner,
              count: p.piece.count,
              centre: points[i]?.centre ?? at({ x: p.cx, y: p.cy }),
            },
          ]
        : [],
    ),
    ...trays.filter((t) => t.count > 0).map((t) => ({ at: t.id, owner: t.owner, count: t.count, centre: t.centre })),
  ];
  return {
    cells,
    points,
    trays,
    pieces,
    pieceSize: px(UNIT * 0.6),
    width: px(board.width) + 2 * BOARD_MARGIN,
    height: px(board.height) + (trays.length > 0 ? px(UNIT * 1.6) : 0) + 2 * BOARD_MARGIN,
  };
}

/** The cell, point or tray a token dropped at (x, y) lands on: the nearest within SNAP_DISTANCE, else null. */
export function dropTarget(drawing: Drawing, x: number, y: number): string | null {
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

/** Owner `owner`'s piece outline (the canvas's shapes: a circle for side 0, drawn as a 16-gon) centred on `centre`. */
export function pieceShape(owner: number, centre: Point, size: number): PathShape {
  const r = size / 2;
  const outline = pieceOutline(owner, r * 0.8);
  const polygon: Point[] = [];
  if (outline)
    for (let i = 0; i + 1 < outline.length; i += 2)
      polygon.push({ x: centre.x + (outline[i] ?? 0), y: centre.y + (outline[i + 1] ?? 0) });
  else
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * 2 * Math.PI;
      polygon.push({ x: centre.x + r * Math.sin(a), y: centre.y - r * Math.cos(a) });
    }
  return polygonPath(polygon);
}
