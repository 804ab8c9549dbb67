/**
 * How a piece is drawn: its outline per kind or owner, its SVG path, facing arrow and stack pips.
 * The window's SVG and the canvas (src/apps/canvas) both draw these outlines.
 */
import { symbolSvg } from "../core/symbols";
import { type DirectionName, DIRECTION_NAMES, type Point } from "../../rules/grid";
import type { BoardPieceSpec } from "./spec";
import type { PieceContext, PieceShapeName } from "../core/board-model";
import type { PieceGeometry } from "../core/board-geometry";
import { sideTokens } from "../../palette";

/** Rounds to hundredths, so drawn coordinates stay short and stable. */
export const roundHundredths = (n: number): number => Math.round(n * 100) / 100;
const round = roundHundredths;

/** Degrees clockwise from north for a facing given either way. */
export function facingDegrees(facing: number | DirectionName): number {
  return typeof facing === "number" ? facing : DIRECTION_NAMES.indexOf(facing) * 45;
}

/** Each side's shape when a piece has none of its own: a different shape per side (colour is never the only cue). */
const OWNER_SHAPES: readonly PieceShapeName[] = ["circle", "square", "triangle", "diamond", "hexagon", "star"];

/** The outline a piece of `owner` draws: its kind's `shape` if given, else its owner's. */
export function shapeFor(owner: number, shape?: PieceShapeName): PieceShapeName {
  return shape ?? OWNER_SHAPES[((owner % 6) + 6) % 6] ?? "circle";
}

/**
 * A piece outline as a flat list of polygon corners (x, y, x, y…) around (0, 0), or null for a
 * circle: `shape` if given, else owner `owner`'s shape. The window's SVG (`pieceShape`) and the
 * canvas (src/apps/canvas) both draw it. Each outline spans about the same area as the circle of radius r.
 */
export function pieceOutline(owner: number, r: number, shape?: PieceShapeName): number[] | null {
  const polygon = (n: number, radius: number, start: number, inner = 0): number[] => {
    const out: number[] = [];
    const steps = inner > 0 ? n * 2 : n;
    for (let i = 0; i < steps; i++) {
      const a = ((start + (360 / steps) * i) * Math.PI) / 180;
      const rr = inner > 0 && i % 2 === 1 ? inner : radius;
      out.push(rr * Math.sin(a), -rr * Math.cos(a));
    }
    return out;
  };
  switch (shapeFor(owner, shape)) {
    case "circle":
      return null;
    case "square":
      // As wide as the circle: a square a fifth smaller read as the smaller piece (issue 27, 1024×768).
      return polygon(4, r * Math.SQRT2, 45);
    case "triangle":
      return polygon(3, r * 1.3, 0);
    case "diamond":
      return polygon(4, r * 1.2, 0);
    case "hexagon":
      return polygon(6, r * 1.1, 30);
    case "star":
      return polygon(5, r * 1.3, 0, r * 0.6);
    case "cross": {
      // A cross pattée's plain cousin: four arms of width w.
      const w = r * 0.42;
      const a = r * 1.15;
      return [-w, -a, w, -a, w, -w, a, -w, a, w, w, w, w, a, -w, a, -w, w, -a, w, -a, -w, -w, -w];
    }
    case "egg": {
      // Taller than wide, the broad end down.
      const out: number[] = [];
      for (let i = 0; i < 24; i++) {
        const t = (i / 24) * 2 * Math.PI;
        const y = -Math.cos(t) * r * 1.2;
        const widen = y > 0 ? 1 : 0.8;
        out.push(Math.sin(t) * r * 0.92 * widen, y);
      }
      return out;
    }
  }
}

/** The SVG path of a piece centred on (cx, cy): `pieceOutline` (its kind's `shape`, else the owner's), or a circle. */
export function pieceShape(owner: number, cx: number, cy: number, r: number, shape?: PieceShapeName): string {
  const outline = pieceOutline(owner, r, shape);
  if (!outline)
    return `M${round(cx - r)},${round(cy)}a${round(r)},${round(r)} 0 1,0 ${round(2 * r)},0a${round(r)},${round(r)} 0 1,0 ${round(-2 * r)},0Z`;
  const pts: string[] = [];
  for (let i = 0; i < outline.length; i += 2)
    pts.push(`${round(cx + (outline[i] as number))},${round(cy + (outline[i + 1] as number))}`);
  return `M${pts.join("L")}Z`;
}

/** The outline of a piece of `owner` (its kind's `shape`) round `c`; null for a circle. */
function outlineAt(owner: number, c: Point, r: number, shape?: PieceShapeName): Point[] | null {
  const outline = pieceOutline(owner, r, shape);
  if (!outline) return null;
  const out: Point[] = [];
  for (let i = 0; i + 1 < outline.length; i += 2)
    out.push({ x: round(c.x + (outline[i] as number)), y: round(c.y + (outline[i + 1] as number)) });
  return out;
}

/**
 * Lays out a piece centred on `c` with radius `r`: its outline, glyph box, facing arrow, stack pips
 * and count badge (shown when more than one, or always: a tray's token), each colour a token.
 */
export function layPiece(
  spec: BoardPieceSpec,
  glyphs: readonly string[],
  c: Point,
  r: number,
  badge: "stack" | "always" = "stack",
): PieceGeometry {
  const centre = { x: round(c.x), y: round(c.y) };
  const count = spec.count ?? spec.stack?.length ?? 1;
  const stack = spec.stack ?? [];
  // Pips shrink past three so a tall column still fits beside the piece.
  const pr = r * 0.26 * Math.min(1, 3 / Math.max(1, stack.length));
  // The column of pips is centred beside the piece, where a hex is widest (from the top it met the slanted edge).
  const top = c.y - ((stack.length - 1) * pr * 2.15) / 2;
  const pips = [...stack].reverse().map((owner, i) => {
    const at = { x: round(c.x - r * 1.3), y: round(top + i * pr * 2.15) };
    return {
      owner,
      circle: { centre: at, r: round(pr) },
      outline: outlineAt(owner, at, pr),
      fill: sideTokens(owner).fill,
    };
  });
  let arrow: Point[] = [];
  if (spec.facing !== undefined) {
    const a = (facingDegrees(spec.facing) * Math.PI) / 180;
    // Big enough to read at a glance: the arrow reaches past the piece by two thirds of its radius.
    const tip = r * 1.7;
    const base = r * 0.95;
    const half = r * 0.55;
    const at = (dist: number, side: number): Point => ({
      x: round(c.x + dist * Math.sin(a) + side * Math.cos(a)),
      y: round(c.y - dist * Math.cos(a) + side * Math.sin(a)),
    });
    arrow = [at(tip, 0), at(base, half), at(base, -half)];
  }
  const size = round(r * 1.1);
  const shown = badge === "always" || count > 1;
  // A tray's count sits right of its token; a stack's at the piece's top right.
  const badgeAt = badge === "always" ? { x: c.x + r * 2.2, y: c.y } : { x: c.x + r * 0.95, y: c.y - r * 0.95 };
  const tokens = sideTokens(spec.owner);
  return {
    owner: spec.owner,
    kind: spec.kind ?? "",
    glyph: spec.glyph ?? glyphs[spec.owner] ?? "",
    count,
    centre,
    r: round(r),
    shape: shapeFor(spec.owner, spec.shape),
    outline: outlineAt(spec.owner, c, r, spec.shape),
    fill: tokens.fill,
    ink: tokens.ink,
    edge: "piece-edge",
    glyphBox: { x: round(c.x - size / 2), y: round(c.y - size / 2), w: size, h: size },
    arrow,
    pips,
    badge: shown
      ? {
          centre: { x: round(badgeAt.x), y: round(badgeAt.y) },
          r: round(badge === "always" ? Math.max(12, r * 0.5) : r * 0.5),
        }
      : null,
    badgeFill: "piece-light-ink",
  };
}

/** An outline (null: a circle) as an SVG path, moved by `-corner`. */
function outlinePath(outline: readonly Point[] | null, circle: { centre: Point; r: number }, corner: Point): string {
  if (!outline) {
    const { centre, r } = circle;
    const x = round(centre.x - corner.x - r);
    const y = round(centre.y - corner.y);
    return `M${x},${y}a${round(r)},${round(r)} 0 1,0 ${round(2 * r)},0a${round(r)},${round(r)} 0 1,0 ${round(-2 * r)},0Z`;
  }
  return `M${outline.map((p) => `${round(p.x - corner.x)},${round(p.y - corner.y)}`).join("L")}Z`;
}

/**
 * The window's piece: its laid-out geometry moved into the SVG box whose corner is `corner` (the
 * cell's button), with the names read out. Nothing is placed here but by that offset.
 */
export function pieceContext(spec: BoardPieceSpec, laid: PieceGeometry, corner: Point): PieceContext {
  const cx = round(laid.centre.x - corner.x);
  const cy = round(laid.centre.y - corner.y);
  let facingKey = "";
  if (spec.facing !== undefined) {
    const deg = facingDegrees(spec.facing);
    const name = typeof spec.facing === "string" ? spec.facing : DIRECTION_NAMES[Math.round(deg / 45) % 8];
    facingKey = `CANTINA.Board.Facing.${name ?? "n"}`;
  }
  const g = laid.glyphBox;
  return {
    owner: laid.owner,
    labelKey: spec.labelKey,
    name: spec.name ?? "",
    kind: laid.kind,
    glyph: laid.glyph,
    glyphSvg: symbolSvg(
      laid.glyph,
      { x: round(g.x - corner.x), y: round(g.y - corner.y), size: g.w },
      "cantina-piece-glyph",
    ),
    count: laid.count,
    showCount: laid.badge !== null,
    pips: laid.pips.map((p) => ({ owner: p.owner, shape: outlinePath(p.outline, p.circle, corner) })),
    shape: outlinePath(laid.outline, laid, corner),
    shapeName: laid.shape,
    cx,
    cy,
    r: laid.r,
    fontSize: g.w,
    bx: laid.badge ? round(laid.badge.centre.x - corner.x) : 0,
    by: laid.badge ? round(laid.badge.centre.y - corner.y) : 0,
    br: laid.badge ? laid.badge.r : 0,
    arrow: laid.arrow.length === 0 ? "" : outlinePath(laid.arrow, laid, corner),
    facingKey,
  };
}

/** A box in a cell's drawing: its left, top, width and height. */
export interface DrawnBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Whether `piece` hides more than a quarter of `box` (a cell's coordinate or mark drawn under it):
 * such a mark is left out while the piece stands there (issue 33: the board reads first).
 */
export function pieceCovers(piece: PieceGeometry, box: DrawnBox): boolean {
  const { centre, r, outline } = piece;
  const ex = outline ? Math.max(...outline.map((p) => Math.abs(p.x - centre.x))) : r;
  const ey = outline ? Math.max(...outline.map((p) => Math.abs(p.y - centre.y))) : r;
  const w = Math.min(box.x + box.w, centre.x + ex) - Math.max(box.x, centre.x - ex);
  const h = Math.min(box.y + box.h, centre.y + ey) - Math.max(box.y, centre.y - ey);
  return w > 0 && h > 0 && box.w * box.h > 0 && (w * h) / (box.w * box.h) > 0.25;
}
