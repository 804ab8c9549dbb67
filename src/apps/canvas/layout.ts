/**
 * The canvas board's targets, without PIXI: the board model's geometry (src/apps/board/geometry.ts)
 * moved into the canvas's frame, hit-testing, and the paths moved pieces slide along.
 */
import type { Point } from "../../rules/grid";
import type { BoardContext, BoardMoveOption } from "../board/context";
import type {
  BoardGeometry,
  CellGeometry,
  MarkGeometry,
  PieceGeometry,
  PointGeometry,
  TrayGeometry,
} from "../core/board-geometry";
import { centredPiece, placeGeometry } from "../board/geometry-place";
import { type PiecePlace, movedPieces as movedBetween, travelled } from "../board/moved";
import type { CellTone } from "../../palette";

/** A move as the canvas offers it: the board model's own (from → to, the game's id, any follow-up choices). */
export type CanvasMoveOption = BoardMoveOption;

/** A piece as the canvas draws it: the geometry's piece moved to (0, 0), its view placed at `rest`. */
export type LaidPiece = PieceGeometry;

export interface LaidTarget {
  readonly id: string;
  readonly type: "cell" | "point" | "tray";
  /** Centre in canvas units (a tray: its box's). */
  readonly x: number;
  readonly y: number;
  /** Where its piece rests (a tray: its token, at the box's left end). */
  readonly rest: Point;
  /** A cell's outline; a point is a circle of radius `r`; a tray a `w` × `h` box. */
  readonly polygon: readonly Point[];
  /** A point's radius, a tray's token's, a cell's piece's (0: none). */
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
  /** Where a cell's glyph and coordinate are anchored (the geometry's), `corners` on a square grid. */
  readonly glyphAt: Point;
  readonly labelAt: Point;
  readonly corners: boolean;
  readonly piece: LaidPiece | null;
  /** A tray's owner and count (a tray draws its owner's piece with the count). */
  readonly owner: number | null;
  readonly count: number;
  readonly labelKey: string;
  /** The ring round it when it can move, its tick when it is a destination. */
  readonly mark: MarkGeometry;
  /** The geometry it is drawn from (one of the three, placed). */
  readonly cell: CellGeometry | null;
  readonly point: PointGeometry | null;
  readonly tray: TrayGeometry | null;
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
  /** The geometry as drawn (moved so the whole drawing starts at 0): the marks' colours too. */
  readonly geometry: BoardGeometry;
  readonly targets: readonly LaidTarget[];
  readonly byId: ReadonlyMap<string, LaidTarget>;
  readonly moves: readonly CanvasMoveOption[];
  /** Per owner, the cell ids in the order that owner's pieces travel (empty: no tracks). */
  readonly tracks: readonly (readonly string[])[];
}

const NONE = { cell: null, point: null, tray: null, tone: null, splitPolygon: [], classes: [], w: 0, h: 0 } as const;

/**
 * The board model's geometry as the canvas draws it: moved so a tray row wider than the board starts
 * at 0 (an offset, nothing else), with each target's hit shape and its piece centred for its view.
 */
export function layoutBoard(board: BoardContext): BoardLayout {
  const geometry = placeGeometry(board.geometry, { scale: 1, dx: -board.geometry.frame.x, dy: 0 });
  const targets: LaidTarget[] = [];
  board.cells.forEach((c, i) => {
    const g = geometry.cells[i];
    if (!g || g.id !== c.id) return;
    targets.push({
      ...NONE,
      id: g.id,
      type: "cell",
      x: g.centre.x,
      y: g.centre.y,
      rest: g.centre,
      polygon: g.polygon,
      r: g.piece?.r ?? 0,
      kind: c.kind,
      classes: c.classList,
      tone: c.tone,
      splitPolygon: g.split?.polygon ?? [],
      glyph: g.glyph.name,
      label: g.label.text,
      glyphAt: g.glyph.text.at,
      labelAt: g.label.at,
      corners: g.label.anchor === "start",
      piece: g.piece ? centredPiece(g.piece) : null,
      owner: null,
      count: 0,
      labelKey: c.kindKey,
      mark: g.mark,
      cell: g,
    });
  });
  board.points.forEach((p, i) => {
    const g = geometry.points[i];
    if (!g) return;
    const { centre, r } = g.circle;
    targets.push({
      ...NONE,
      id: g.id,
      type: "point",
      x: centre.x,
      y: centre.y,
      rest: centre,
      polygon: [],
      r,
      kind: "point",
      classes: p.classList,
      glyph: "",
      label: p.label,
      glyphAt: centre,
      labelAt: centre,
      corners: false,
      piece: g.piece ? centredPiece(g.piece) : null,
      owner: null,
      count: 0,
      labelKey: p.kindKey,
      mark: g.mark,
      point: g,
    });
  });
  for (const t of geometry.trays) {
    const centre = { x: t.box.x + t.box.w / 2, y: t.box.y + t.box.h / 2 };
    targets.push({
      ...NONE,
      id: t.id,
      type: "tray",
      x: centre.x,
      y: centre.y,
      rest: t.piece.centre,
      polygon: [],
      r: t.piece.r,
      w: t.box.w,
      h: t.box.h,
      kind: "tray",
      glyph: t.piece.glyph,
      label: t.id,
      glyphAt: centre,
      labelAt: centre,
      corners: false,
      piece: null,
      owner: t.owner,
      count: t.count,
      labelKey: t.labelKey,
      mark: t.mark,
      tray: t,
    });
  }
  return {
    width: geometry.frame.w,
    height: geometry.frame.h,
    boardHeight: geometry.height,
    boardX: -board.geometry.frame.x,
    boardWidth: geometry.width,
    showLabels: board.showLabels,
    geometry,
    targets,
    byId: new Map(targets.map((t) => [t.id, t])),
    moves: board.moves,
    tracks: board.tracks ?? [],
  };
}

/** Where a piece rests on a target: a cell's or point's centre, a tray's token. */
export function restingPoint(t: LaidTarget): Point {
  return t.rest;
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
