/**
 * The one transform a renderer applies to the board geometry (./geometry.ts): a scale and an offset,
 * the same for every part (the canvas moves a wide tray row into view; Roll20 scales to page pixels).
 */
import type { Point } from "../../rules/grid";
import type {
  BoardGeometry,
  CircleGeometry,
  GeometryBox,
  MarkGeometry,
  PieceGeometry,
  TextGeometry,
} from "../core/board-geometry";

/** Board units to a renderer's: `x * scale + dx`, `y * scale + dy`. */
export interface Placement {
  readonly scale: number;
  readonly dx: number;
  readonly dy: number;
}

const round = (n: number): number => Math.round(n * 100) / 100;

export const placePoint = (p: Point, t: Placement): Point => ({
  x: round(p.x * t.scale + t.dx),
  y: round(p.y * t.scale + t.dy),
});
const placePoints = (ps: readonly Point[], t: Placement): Point[] => ps.map((p) => placePoint(p, t));
const placeBox = (b: GeometryBox, t: Placement): GeometryBox => ({
  ...placePoint(b, t),
  w: round(b.w * t.scale),
  h: round(b.h * t.scale),
});
const placeCircle = (c: CircleGeometry, t: Placement): CircleGeometry => ({
  centre: placePoint(c.centre, t),
  r: round(c.r * t.scale),
});
const placeText = <T extends TextGeometry>(text: T, t: Placement): T => ({
  ...text,
  at: placePoint(text.at, t),
  size: round(text.size * t.scale),
});
const placeMark = (m: MarkGeometry, t: Placement): MarkGeometry => ({
  ring: placeCircle(m.ring, t),
  tick: placePoints(m.tick, t),
});

export function placePiece(p: PieceGeometry, t: Placement): PieceGeometry {
  return {
    ...p,
    centre: placePoint(p.centre, t),
    r: round(p.r * t.scale),
    outline: p.outline ? placePoints(p.outline, t) : null,
    glyphBox: placeBox(p.glyphBox, t),
    arrow: placePoints(p.arrow, t),
    pips: p.pips.map((q) => ({
      ...q,
      circle: placeCircle(q.circle, t),
      outline: q.outline ? placePoints(q.outline, t) : null,
    })),
    badge: p.badge ? placeCircle(p.badge, t) : null,
  };
}

/** A piece drawn round (0, 0), as a renderer that moves a piece as a whole places it. */
export const centredPiece = (p: PieceGeometry): PieceGeometry =>
  placePiece(p, { scale: 1, dx: -p.centre.x, dy: -p.centre.y });

/** The whole geometry under one placement. */
export function placeGeometry(g: BoardGeometry, t: Placement): BoardGeometry {
  const piece = (p: PieceGeometry | null): PieceGeometry | null => (p ? placePiece(p, t) : null);
  return {
    ...g,
    width: round(g.width * t.scale),
    height: round(g.height * t.scale),
    frame: placeBox(g.frame, t),
    cells: g.cells.map((c) => ({
      ...c,
      polygon: placePoints(c.polygon, t),
      centre: placePoint(c.centre, t),
      box: placeBox(c.box, t),
      split: c.split ? { fill: c.split.fill, polygon: placePoints(c.split.polygon, t) } : null,
      glyph: { name: c.glyph.name, box: placeBox(c.glyph.box, t), text: placeText(c.glyph.text, t) },
      label: placeText(c.label, t),
      piece: piece(c.piece),
      mark: placeMark(c.mark, t),
    })),
    points: g.points.map((p) => ({
      ...p,
      circle: placeCircle(p.circle, t),
      dot: placeCircle(p.dot, t),
      piece: piece(p.piece),
      mark: placeMark(p.mark, t),
    })),
    trays: g.trays.map((tray) => ({
      ...tray,
      box: placeBox(tray.box, t),
      strip: { ...tray.strip, box: placeBox(tray.strip.box, t) },
      label: placeText(tray.label, t),
      piece: placePiece(tray.piece, t),
      mark: placeMark(tray.mark, t),
    })),
  };
}
