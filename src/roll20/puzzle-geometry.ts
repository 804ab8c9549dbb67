/**
 * A tile puzzle as Roll20 draws it (src/roll20/puzzle-pages.ts): the card's squares and each tile
 * as a path outline, one 70-pixel grid square per square, and where a moved tile lies: its cells
 * from the token's centre and rotation (snapped to quarter turns and whole squares). Pure.
 */
import { type Orientation, type TilePlacement, orientShape } from "../apps/board/placement";
import type { Point, Shape, Square } from "../rules/grid";
import { BOARD_MARGIN, type PathShape, polygonPath } from "./board-geometry";

/** Pixels per square: Roll20's default grid square. */
export const SQUARE = 70;

/** A square of the card (x, y in squares, the card's corner at 0, 0) as its top left pixel. */
const corner = (x: number, y: number): Point => ({ x: BOARD_MARGIN + x * SQUARE, y: BOARD_MARGIN + y * SQUARE });

/** The card's squares: "#" in the rows. */
export function cardSquares(board: readonly string[]): Square[] {
  return board.flatMap((row, y) => [...row].flatMap((ch, x) => (ch === "#" ? [{ x, y }] : [])));
}

/** A square's outline on the page. */
export function squarePath(square: Square): PathShape {
  const c = corner(square.x, square.y);
  return polygonPath([
    c,
    { x: c.x + SQUARE, y: c.y },
    { x: c.x + SQUARE, y: c.y + SQUARE },
    { x: c.x, y: c.y + SQUARE },
  ]);
}

/**
 * The outline of a polyomino (no holes: every tile is at most five squares) as one closed polygon,
 * in squares: the squares' edges that no other square shares, chained head to tail, clockwise.
 */
export function outline(cells: Shape): Point[] {
  const has = new Set(cells.map((c) => `${c.x},${c.y}`));
  const next = new Map<string, Point>();
  const key = (p: Point): string => `${p.x},${p.y}`;
  for (const c of cells) {
    const edges: [boolean, Point, Point][] = [
      [!has.has(`${c.x},${c.y - 1}`), { x: c.x, y: c.y }, { x: c.x + 1, y: c.y }],
      [!has.has(`${c.x + 1},${c.y}`), { x: c.x + 1, y: c.y }, { x: c.x + 1, y: c.y + 1 }],
      [!has.has(`${c.x},${c.y + 1}`), { x: c.x + 1, y: c.y + 1 }, { x: c.x, y: c.y + 1 }],
      [!has.has(`${c.x - 1},${c.y}`), { x: c.x, y: c.y + 1 }, { x: c.x, y: c.y }],
    ];
    for (const [open, from, to] of edges) if (open) next.set(key(from), to);
  }
  const start = next.keys().next().value;
  if (start === undefined) return [];
  const [sx = 0, sy = 0] = start.split(",").map(Number);
  const points: Point[] = [{ x: sx, y: sy }];
  for (let p = next.get(start); p && key(p) !== start && points.length <= next.size; p = next.get(key(p)))
    points.push(p);
  // Drop the corners in the middle of a straight edge.
  return points.filter((p, i) => {
    const a = points[(i + points.length - 1) % points.length] ?? p;
    const b = points[(i + 1) % points.length] ?? p;
    return (b.x - a.x) * (p.y - a.y) !== (b.y - a.y) * (p.x - a.x);
  });
}

/** A tile's path lying at `at` (its turned shape's corner, in squares): drawn turned over if flipped, unturned (Roll20 turns it by `rotation`). */
export function tilePath(shape: Shape, laid: TilePlacement): PathShape & { readonly rotation: number } {
  const drawn = orientShape(shape, { rotation: 0, flipped: laid.flipped });
  const turned = orientShape(shape, laid);
  const [w, h] = size(turned);
  const [dw, dh] = size(drawn);
  // Roll20 turns a path about its box's centre: put the unturned box's centre where the turned one's is.
  const centre = { x: BOARD_MARGIN + (laid.at.x + w / 2) * SQUARE, y: BOARD_MARGIN + (laid.at.y + h / 2) * SQUARE };
  const polygon = outline(drawn).map((p) => ({
    x: centre.x + (p.x - dw / 2) * SQUARE,
    y: centre.y + (p.y - dh / 2) * SQUARE,
  }));
  return { ...polygonPath(polygon), rotation: laid.rotation * 90 };
}

function size(cells: Shape): [number, number] {
  return [Math.max(...cells.map((c) => c.x)) + 1, Math.max(...cells.map((c) => c.y)) + 1];
}

/**
 * Where a moved tile lies: Roll20 gives the path's centre (`left`, `top`) and its `rotation` in
 * degrees (clockwise, any angle); the tile snaps to the nearest quarter turn and whole square.
 */
export function laidAt(
  tileId: string,
  shape: Shape,
  token: { readonly left: number; readonly top: number; readonly rotation: number },
  flipped: boolean,
): TilePlacement {
  const rotation = ((Math.round((Number(token.rotation) || 0) / 90) % 4) + 4) % 4;
  const orientation: Orientation = { rotation, flipped };
  const [w, h] = size(orientShape(shape, orientation));
  const at = {
    x: Math.round((token.left - BOARD_MARGIN) / SQUARE - w / 2),
    y: Math.round((token.top - BOARD_MARGIN) / SQUARE - h / 2),
  };
  return { tileId, ...orientation, at };
}

/** Where the tray's tiles wait: a column right of the card, one square apart, unturned. */
export function trayPlacements(
  board: readonly string[],
  tiles: readonly { readonly id: string; readonly shape: Shape }[],
): TilePlacement[] {
  const x = Math.max(0, ...board.map((r) => r.length)) + 1;
  let y = 0;
  return tiles.map((t) => {
    const laid = { tileId: t.id, rotation: 0, flipped: false, at: { x, y } };
    y += size(orientShape(t.shape, laid))[1] + 1;
    return laid;
  });
}

/** The card's top left pixel (for the texts above it). */
export function cardCorner(): Point {
  return corner(0, 0);
}
