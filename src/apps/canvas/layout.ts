/**
 * The canvas board's geometry, without PIXI: where each cell, point and tray of a `BoardContext`
 * lies in board units (read from the model's typed fields), hit-testing and each side's piece outline.
 */
import type { Point } from "../../rules/grid";
import type { BoardContext, BoardMoveOption, PieceContext, PieceShapeName } from "../board/context";
import { type PiecePlace, movedPieces as movedBetween, travelled } from "../board/moved";
import { type CellTone, SIDE_PALETTE, hexNumber } from "../../palette";

/** Height of the tray row drawn under the board (board units), and a tray's width in it. */
export const TRAY_HEIGHT = 70;
const TRAY_WIDTH = 180;
const TRAY_GAP = 12;

/** A move as the canvas offers it: the board model's own (from → to, the game's id, any follow-up choices). */
export type CanvasMoveOption = BoardMoveOption;

export interface LaidPiece {
  readonly owner: number;
  readonly kind: string;
  /** The outline drawn (the kind's or the owner's), the same as the window's SVG. */
  readonly shape: PieceShapeName;
  readonly glyph: string;
  readonly count: number;
  /** The stack's owners, top first (drawn as small shapes beside the piece). */
  readonly pips: readonly number[];
  /** Radius in board units. */
  readonly r: number;
  /** The facing arrow's three corners relative to the piece's centre, or null. */
  readonly arrow: readonly Point[] | null;
}

export interface LaidTarget {
  readonly id: string;
  readonly type: "cell" | "point" | "tray";
  /** Centre in board units. */
  readonly x: number;
  readonly y: number;
  /** A cell's outline (board units); a point is a circle of radius `r`; a tray a `w` × `h` box. */
  readonly polygon: readonly Point[];
  readonly r: number;
  readonly w: number;
  readonly h: number;
  readonly kind: string;
  readonly classes: readonly string[];
  /** A cell's colour (the board model's tone) and the half its split colour paints; null for points and trays. */
  readonly tone: CellTone | null;
  readonly splitPolygon: readonly Point[];
  readonly glyph: string;
  readonly label: string;
  /**
   * Where a cell's glyph and coordinate label sit (board units), as the window's board places them
   * (src/apps/board/context.ts): in the corners of a square, above and below the centre otherwise;
   * `corners` says which (the glyph then ends at its point, the label starts at its).
   */
  readonly glyphAt: Point;
  readonly labelAt: Point;
  readonly corners: boolean;
  readonly piece: LaidPiece | null;
  /** A tray's owner and count (a tray draws its owner's piece with the count). */
  readonly owner: number | null;
  readonly count: number;
  readonly labelKey: string;
}

export interface BoardLayout {
  readonly width: number;
  /** The whole drawing's height: the board, then the tray row when there are trays. */
  readonly height: number;
  readonly boardHeight: number;
  /** Where the board itself lies in the drawing: from boardX, boardWidth wide (trays may be wider). */
  readonly boardX: number;
  readonly boardWidth: number;
  readonly showLabels: boolean;
  readonly targets: readonly LaidTarget[];
  readonly byId: ReadonlyMap<string, LaidTarget>;
  readonly moves: readonly CanvasMoveOption[];
  /** Per owner, the cell ids in the order that owner's pieces travel (empty: no tracks). */
  readonly tracks: readonly (readonly string[])[];
}

function laidPiece(p: PieceContext): LaidPiece {
  return {
    owner: p.owner,
    kind: p.kind,
    shape: p.shapeName,
    glyph: p.glyph,
    count: p.count,
    pips: p.pips.map((q) => q.owner),
    r: p.r,
    arrow: p.arrowPoints.length === 0 ? null : p.arrowPoints,
  };
}

/** Lays out a board context: absolute outlines, pieces, the tray row under the board, the moves. */
export function layoutBoard(board: BoardContext): BoardLayout {
  const targets: LaidTarget[] = [];
  const trays = board.trays;
  const rowWidth = trays.length * TRAY_WIDTH + Math.max(0, trays.length - 1) * TRAY_GAP;
  const width = Math.max(board.width, rowWidth);
  // A board narrower than its tray row is centred above it.
  const boardX = (width - board.width) / 2;
  for (const c of board.cells) {
    // Glyph and label positions are given in the cell's own box, whose corner is (boxX, boxY).
    const dx = c.boxX + boardX;
    const dy = c.boxY;
    targets.push({
      id: c.id,
      type: "cell",
      x: c.cx + boardX,
      y: c.cy,
      polygon: c.polygon.map((p) => ({ x: p.x + boardX, y: p.y })),
      r: c.piece?.r ?? 0,
      w: 0,
      h: 0,
      kind: c.kind,
      classes: c.classList,
      tone: c.tone,
      splitPolygon: c.splitPolygon.map((p) => ({ x: p.x + boardX, y: p.y })),
      glyph: c.glyph,
      label: c.label,
      glyphAt: { x: c.glyphX + dx, y: c.glyphY + dy },
      labelAt: { x: c.labelX + dx, y: c.labelY + dy },
      corners: board.grid === "square",
      piece: c.piece ? laidPiece(c.piece) : null,
      owner: null,
      count: 0,
      labelKey: c.kindKey,
    });
  }
  for (const p of board.points) {
    targets.push({
      id: p.id,
      type: "point",
      x: p.cx + boardX,
      y: p.cy,
      polygon: [],
      r: p.r,
      w: 0,
      h: 0,
      kind: "point",
      classes: p.classList,
      tone: null,
      splitPolygon: [],
      glyph: "",
      label: p.label,
      glyphAt: { x: p.cx + boardX, y: p.cy },
      labelAt: { x: p.cx + boardX, y: p.cy },
      corners: false,
      piece: p.piece ? laidPiece(p.piece) : null,
      owner: null,
      count: 0,
      labelKey: p.kindKey,
    });
  }
  const hasTrays = trays.length > 0;
  const trayY = board.height + TRAY_GAP + TRAY_HEIGHT / 2;
  trays.forEach((t, i) => {
    const x = (width - rowWidth) / 2 + i * (TRAY_WIDTH + TRAY_GAP) + TRAY_WIDTH / 2;
    targets.push({
      id: t.id,
      type: "tray",
      x,
      y: trayY,
      polygon: [],
      r: TRAY_HEIGHT * 0.3,
      w: TRAY_WIDTH,
      h: TRAY_HEIGHT,
      kind: "tray",
      classes: [],
      tone: null,
      splitPolygon: [],
      glyph: t.glyph,
      label: t.id,
      glyphAt: { x, y: trayY },
      labelAt: { x, y: trayY },
      corners: false,
      piece: null,
      owner: t.owner,
      count: t.count,
      labelKey: t.labelKey,
    });
  });
  return {
    width,
    height: hasTrays ? board.height + TRAY_GAP + TRAY_HEIGHT : board.height,
    boardHeight: board.height,
    boardX,
    boardWidth: board.width,
    showLabels: board.showLabels,
    targets,
    byId: new Map(targets.map((t) => [t.id, t])),
    moves: board.moves,
    tracks: board.tracks ?? [],
  };
}

/** Where a piece rests on a target: a cell's or point's centre, a tray's piece at its left end. */
export function restingPoint(t: LaidTarget): Point {
  return t.type === "tray" ? { x: t.x - t.w / 2 + 40, y: t.y } : { x: t.x, y: t.y };
}

/**
 * The waypoints of owner `owner`'s piece moving from `from` to `to`: through the cells between them
 * when its track holds both in that order (from a tray: straight to the track's first cell, then
 * along it), else the straight line. Empty when either end is not on the board.
 */
export function tweenPath(layout: BoardLayout, owner: number, from: string, to: string): Point[] {
  const a = layout.byId.get(from);
  const b = layout.byId.get(to);
  if (!a || !b) return [];
  const places = travelled(layout.tracks, owner, from, to, a.type !== "tray").map((id) => layout.byId.get(id));
  const along = places.flatMap((t) => (t ? [restingPoint(t)] : []));
  return along.length === places.length ? along : [restingPoint(a), restingPoint(b)];
}

/** The point a fraction `k` (0-1) of the way along a polyline, by length (constant speed). */
export function pointAlong(path: readonly Point[], k: number): Point {
  const first = path[0];
  if (!first) return { x: 0, y: 0 };
  const lengths = path.slice(1).map((p, i) => Math.hypot(p.x - (path[i] as Point).x, p.y - (path[i] as Point).y));
  const total = lengths.reduce((sum, l) => sum + l, 0);
  let left = Math.max(0, Math.min(1, k)) * total;
  for (let i = 0; i < lengths.length; i++) {
    const l = lengths[i] as number;
    const p = path[i] as Point;
    const q = path[i + 1] as Point;
    if (left <= l && l > 0) return { x: p.x + ((q.x - p.x) * left) / l, y: p.y + ((q.y - p.y) * left) / l };
    left -= l;
  }
  const last = path[path.length - 1] as Point;
  return { x: last.x, y: last.y };
}

/** Whether (x, y) lies inside the polygon (even-odd ray casting). */
export function insidePolygon(poly: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i] as Point;
    const b = poly[j] as Point;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The cell, point or tray under (x, y) in board units; points first (they sit on cell corners). */
export function hitTest(layout: BoardLayout, x: number, y: number): LaidTarget | null {
  for (const t of layout.targets) if (t.type === "point" && Math.hypot(t.x - x, t.y - y) <= t.r) return t;
  for (const t of layout.targets) {
    if (t.type === "cell" && insidePolygon(t.polygon, x, y)) return t;
    if (t.type === "tray" && Math.abs(t.x - x) <= t.w / 2 && Math.abs(t.y - y) <= t.h / 2) return t;
  }
  return null;
}

/** A piece's fill and its glyph's colour by owner: the palette's sides (src/palette), as numbers. */
export const OWNER_COLOURS: readonly { readonly fill: number; readonly ink: number }[] = SIDE_PALETTE.map((side) => ({
  fill: hexNumber(side.fill),
  ink: hexNumber(side.ink),
}));

export function ownerColours(owner: number): { readonly fill: number; readonly ink: number } {
  return OWNER_COLOURS[((owner % OWNER_COLOURS.length) + OWNER_COLOURS.length) % OWNER_COLOURS.length]!;
}

/** The pieces that moved between two layouts of the same board (src/apps/board/moved.ts). */
export function movedPieces(prev: BoardLayout, next: BoardLayout): { from: string; to: string }[] {
  return movedBetween(placesOf(prev), placesOf(next));
}

function placesOf(layout: BoardLayout): PiecePlace[] {
  return layout.targets.flatMap((t): PiecePlace[] => {
    if (t.type === "tray") return t.owner === null ? [] : [{ id: t.id, owner: t.owner, count: t.count, tray: true }];
    return t.piece ? [{ id: t.id, owner: t.piece.owner, count: t.piece.count }] : [];
  });
}
