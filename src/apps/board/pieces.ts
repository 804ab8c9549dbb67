/**
 * How a piece is drawn: its outline per kind or owner, its SVG path, facing arrow and stack pips.
 * The window's SVG and the canvas (src/apps/canvas) both draw these outlines.
 */
import { symbolSvg } from "../core/symbols";
import { type DirectionName, DIRECTION_NAMES, type Point } from "../../rules/grid";
import type { BoardPieceSpec } from "./spec";
import type { PieceContext, PieceShapeName } from "../core/board-model";

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

export function pieceContext(
  spec: BoardPieceSpec,
  glyphs: readonly string[],
  c: Point,
  r: number,
  bbox: { x: number; y: number },
): PieceContext {
  const cx = round(c.x - bbox.x);
  const cy = round(c.y - bbox.y);
  const count = spec.count ?? spec.stack?.length ?? 1;
  const pr = r * 0.26;
  const pips = [...(spec.stack ?? [])].reverse().map((owner, i) => ({
    owner,
    shape: pieceShape(owner, cx - r * 1.35, cy - r + pr + i * pr * 2.3, pr),
  }));
  let arrow = "";
  let arrowPoints: Point[] = [];
  let facingKey = "";
  if (spec.facing !== undefined) {
    const deg = facingDegrees(spec.facing);
    const a = (deg * Math.PI) / 180;
    // Big enough to read at a glance: the arrow reaches past the piece by two thirds of its radius.
    const tip = r * 1.7;
    const base = r * 0.95;
    const half = r * 0.55;
    const off = (dist: number, side: number): Point => ({
      x: round(dist * Math.sin(a) + side * Math.cos(a)),
      y: round(-dist * Math.cos(a) + side * Math.sin(a)),
    });
    arrowPoints = [off(tip, 0), off(base, half), off(base, -half)];
    const at = (dist: number, side: number): string =>
      `${round(cx + dist * Math.sin(a) + side * Math.cos(a))},${round(cy - dist * Math.cos(a) + side * Math.sin(a))}`;
    arrow = `M${at(tip, 0)}L${at(base, half)}L${at(base, -half)}Z`;
    const name = typeof spec.facing === "string" ? spec.facing : DIRECTION_NAMES[Math.round(deg / 45) % 8];
    facingKey = `CANTINA.Board.Facing.${name ?? "n"}`;
  }
  const glyph = spec.glyph ?? glyphs[spec.owner] ?? "";
  const size = round(r * 1.1);
  return {
    owner: spec.owner,
    labelKey: spec.labelKey,
    name: spec.name ?? "",
    kind: spec.kind ?? "",
    glyph,
    glyphSvg: symbolSvg(glyph, { x: round(cx - size / 2), y: round(cy - size / 2), size }, "cantina-piece-glyph"),
    count,
    showCount: count > 1,
    pips,
    shape: pieceShape(spec.owner, cx, cy, r, spec.shape),
    shapeName: shapeFor(spec.owner, spec.shape),
    cx,
    cy,
    r: round(r),
    fontSize: round(r * 1.1),
    bx: round(cx + r * 0.95),
    by: round(cy - r * 0.95),
    br: round(r * 0.5),
    arrow,
    arrowPoints,
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
export function pieceCovers(piece: PieceContext, box: DrawnBox): boolean {
  const outline = pieceOutline(piece.owner, piece.r, piece.shapeName);
  let ex = piece.r;
  let ey = piece.r;
  if (outline) {
    ex = Math.max(...outline.filter((_, i) => i % 2 === 0).map(Math.abs));
    ey = Math.max(...outline.filter((_, i) => i % 2 === 1).map(Math.abs));
  }
  const w = Math.min(box.x + box.w, piece.cx + ex) - Math.max(box.x, piece.cx - ex);
  const h = Math.min(box.y + box.h, piece.cy + ey) - Math.max(box.y, piece.cy - ey);
  return w > 0 && h > 0 && box.w * box.h > 0 && (w * h) / (box.w * box.h) > 0.25;
}
