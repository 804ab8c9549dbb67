/**
 * Lays a board out once (issue 36): a `BoardSpec`'s cells, points, pieces, trays, labels and marks in
 * board units with their palette tokens. Details: docs/windows.md, "src/apps/board/geometry.ts".
 */
import { type Point, centroid, cellPolygon } from "../../rules/grid";
import { type StyleToken, PLAIN_TONE } from "../../palette";
import type {
  BoardGeometry,
  CellGeometry,
  GeometryBox,
  MarkGeometry,
  PieceGeometry,
  PointGeometry,
  TextGeometry,
  TrayGeometry,
} from "../core/board-geometry";
import type { BoardSpec } from "./spec";
import { layPiece, pieceCovers, roundHundredths } from "./pieces";

/** Board units per cell: a square's side (a hex is as wide, a triangle is a quarter of a square). */
export const UNIT = 100;
const HEX_SIZE = UNIT / Math.sqrt(3);
const DEFAULT_POINT_RADIUS = 0.24;
const DEFAULT_PIECE_SCALE = 0.58;
/** The row of trays under the board: each tray's box, the gap before and between them, its token. */
export const TRAY_WIDTH = 180;
export const TRAY_HEIGHT = 70;
const TRAY_GAP = 12;
const TRAY_TOKEN_R = TRAY_HEIGHT * 0.3;
const POINT_DOT_R = 7;

const round = roundHundredths;
const at = (p: Point): Point => ({ x: round(p.x), y: round(p.y) });

/**
 * The part of a polygon past the line through `centre` at 45° (x + y greater than the centre's): the
 * bottom right half a split tone paints, as board.css's 135° gradient does in the window.
 */
export function splitHalf(poly: readonly Point[], centre: Point): Point[] {
  const side = (p: Point): number => p.x - centre.x + (p.y - centre.y);
  const out: Point[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as Point;
    const b = poly[(i + 1) % poly.length] as Point;
    const sa = side(a);
    const sb = side(b);
    if (sa >= 0) out.push(a);
    if ((sa < 0 && sb > 0) || (sa > 0 && sb < 0)) {
      const t = sa / (sa - sb);
      out.push({ x: round(a.x + t * (b.x - a.x)), y: round(a.y + t * (b.y - a.y)) });
    }
  }
  return out;
}

/** Distance from `c` to the nearest side of the polygon (how big a piece fits). */
function inradius(poly: readonly Point[], c: Point): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as Point;
    const b = poly[(i + 1) % poly.length] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const d = Math.abs((b.x - a.x) * (a.y - c.y) - (a.x - c.x) * (b.y - a.y)) / len;
    best = Math.min(best, d);
  }
  return best === Infinity ? UNIT / 2 : best;
}

/** Shrinks a polygon toward its centre by `by` board units (the space between Ulwan's tiles). */
function shrink(poly: readonly Point[], by: number): Point[] {
  if (by <= 0) return [...poly];
  const c = centroid(poly);
  const r = inradius(poly, c);
  const k = Math.max(0, (r - by) / r);
  return poly.map((p) => ({ x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k }));
}

/** The ring round a movable piece and a destination's tick at its foot (`reach`: its piece's radius). */
function markAt(centre: Point, reach: number, foot = centre.y + reach * 0.6): MarkGeometry {
  return {
    ring: { centre, r: round(reach * 1.45) },
    tick: [
      at({ x: centre.x - 7, y: foot - 1 }),
      at({ x: centre.x - 2, y: foot + 4 }),
      at({ x: centre.x + 8, y: foot - 7 }),
    ],
  };
}

interface CellDraft {
  readonly polygon: Point[];
  readonly box: GeometryBox;
  readonly centre: Point;
  readonly r: number;
}

function draftCell(drawn: readonly Point[]): CellDraft {
  const x = Math.min(...drawn.map((p) => p.x));
  const y = Math.min(...drawn.map((p) => p.y));
  const w = Math.max(...drawn.map((p) => p.x)) - x || 1;
  const h = Math.max(...drawn.map((p) => p.y)) - y || 1;
  const centre = centroid(drawn);
  return { polygon: drawn.map(at), box: { x, y, w, h }, centre, r: inradius(drawn, centre) };
}

/**
 * A cell's mark and coordinate as the window writes them: in a square's top corners (the mark ends
 * at the right one, the coordinate starts at the left one), else below and above the centre.
 */
function cellTexts(d: CellDraft, square: boolean): { glyph: TextGeometry; box: GeometryBox; label: TextGeometry } {
  const { box, centre, r } = d;
  const size = round(Math.max(8, r * 0.36));
  const glyphAt = square ? { x: box.x + box.w - r * 0.3, y: box.y + r * 0.45 } : { x: centre.x, y: centre.y + r * 0.8 };
  const labelAt = square ? { x: box.x + r * 0.3, y: box.y + r * 0.45 } : { x: centre.x, y: centre.y - r * 0.55 };
  const symbol = round(size * 1.2);
  const glyphBox = {
    x: round(square ? glyphAt.x - symbol : glyphAt.x - symbol / 2),
    y: round(glyphAt.y - symbol / 2),
    w: symbol,
    h: symbol,
  };
  return {
    glyph: { text: "", at: at(glyphAt), size, anchor: square ? "end" : "middle" },
    box: glyphBox,
    label: { text: "", at: at(labelAt), size, anchor: square ? "start" : "middle" },
  };
}

/** The whole board laid out: cells in reading order (top to bottom, then left to right), points, trays. */
export function layBoard(spec: BoardSpec): BoardGeometry {
  const glyphs = spec.pieceGlyphs ?? [];
  const size = spec.grid === "hex" ? HEX_SIZE : UNIT;
  const inset = (spec.inset ?? 0) * UNIT;
  const pointR = (spec.pointRadius ?? DEFAULT_POINT_RADIUS) * UNIT;
  const pieceScale = spec.pieceScale ?? DEFAULT_PIECE_SCALE;
  const square = spec.grid === "square";

  // Raw geometry, then the view's mirroring, then everything moved so the drawing starts at (0, 0).
  const rawCells = spec.cells.map((c) => ({ spec: c, poly: cellPolygon(spec.grid, c.at, size) }));
  const rawPoints = (spec.points ?? []).map((p) => ({ spec: p, at: { x: p.x * UNIT, y: p.y * UNIT } }));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const grow = (p: Point, pad = 0): void => {
    minX = Math.min(minX, p.x - pad);
    minY = Math.min(minY, p.y - pad);
    maxX = Math.max(maxX, p.x + pad);
    maxY = Math.max(maxY, p.y + pad);
  };
  for (const c of rawCells) for (const p of c.poly) grow(p);
  for (const p of rawPoints) grow(p.at, pointR);
  if (minX === Infinity) minX = minY = maxX = maxY = 0;
  const mirrorX = spec.turn === true;
  const mirrorY = spec.turn === true ? spec.flip !== true : spec.flip === true;
  const place = (p: Point): Point => ({
    x: mirrorX ? maxX - p.x : p.x - minX,
    y: mirrorY ? maxY - p.y : p.y - minY,
  });
  const width = round(Math.max(1, maxX - minX));
  const height = round(Math.max(1, maxY - minY));

  const cells = rawCells
    .map(({ spec: c, poly }): CellGeometry => {
      const id = c.id ?? c.at;
      const d = draftCell(shrink(poly.map(place), inset));
      const tone = c.tone ?? PLAIN_TONE;
      const piece = c.piece ? layPiece(c.piece, glyphs, d.centre, d.r * pieceScale) : null;
      const texts = cellTexts(d, square);
      // A cell's mark a piece would hide is left out while it stands there (its kind is still said and coloured).
      const glyph = piece && pieceCovers(piece, texts.box) ? "" : (c.glyph ?? "");
      const label = c.label ?? id;
      return {
        id,
        polygon: d.polygon,
        centre: at(d.centre),
        box: { x: round(d.box.x), y: round(d.box.y), w: round(d.box.w), h: round(d.box.h) },
        fill: tone.fill,
        split: tone.split
          ? { fill: tone.split, polygon: splitHalf(d.polygon, { x: d.box.x + d.box.w / 2, y: d.box.y + d.box.h / 2 }) }
          : null,
        stroke: "board-stroke",
        glyph: { name: glyph, box: texts.box, text: { ...texts.glyph, text: glyph } },
        label: { ...texts.label, text: label, shown: spec.showLabels === true && piece === null },
        piece,
        mark: markAt(at(d.centre), piece?.r ?? 0),
      };
    })
    .sort((a, b) => a.centre.y - b.centre.y || a.centre.x - b.centre.x);

  const points = rawPoints.map(({ spec: p, at: raw }): PointGeometry => {
    const c = at(place(raw));
    const piece: PieceGeometry | null = p.piece ? layPiece(p.piece, glyphs, c, pointR * 0.8) : null;
    return {
      id: p.id,
      circle: { centre: c, r: round(pointR) },
      wash: { fill: "board-stroke", alpha: 0.35 },
      dot: { centre: c, r: POINT_DOT_R },
      dotFill: "board-stroke",
      piece,
      mark: markAt(c, piece?.r ?? pointR),
    };
  });

  const specTrays = spec.trays ?? [];
  const rowWidth = specTrays.length * TRAY_WIDTH + Math.max(0, specTrays.length - 1) * TRAY_GAP;
  // The row is centred under the board (reaching left of it when wider).
  const rowX = (width - rowWidth) / 2;
  const rowY = height + TRAY_GAP;
  const trays = specTrays.map((t, i): TrayGeometry => {
    const box = { x: round(rowX + i * (TRAY_WIDTH + TRAY_GAP)), y: round(rowY), w: TRAY_WIDTH, h: TRAY_HEIGHT };
    const token = { x: box.x + 40, y: box.y + box.h / 2 };
    const piece = layPiece(
      { owner: t.owner, labelKey: t.labelKey, count: t.count },
      glyphs,
      token,
      TRAY_TOKEN_R,
      "always",
    );
    const side: StyleToken = piece.fill;
    return {
      id: t.id,
      owner: t.owner,
      labelKey: t.labelKey,
      count: t.count,
      box,
      fill: "board-tray",
      stroke: "board-stroke",
      strip: { box: { x: box.x, y: box.y, w: 10, h: box.h }, fill: side, alpha: 0.25 },
      // Between the token's count badge and the box's right end.
      label: { text: "", at: at({ x: box.x + 139, y: box.y + box.h / 2 }), size: 14, anchor: "middle" },
      piece,
      // The ring round its token; the tick under the middle of its box, at its foot.
      mark: {
        ring: markAt(piece.centre, TRAY_TOKEN_R).ring,
        tick: markAt({ x: box.x + box.w / 2, y: box.y }, 0, box.y + box.h - 12).tick,
      },
    };
  });

  return {
    width,
    height,
    labels: spec.showLabels === true,
    originX: round(minX),
    originY: round(minY),
    frame: {
      x: round(Math.min(0, trays.length > 0 ? rowX : 0)),
      y: 0,
      w: round(Math.max(width, rowWidth)),
      h: round(trays.length > 0 ? height + TRAY_GAP + TRAY_HEIGHT : height),
    },
    cells,
    points,
    trays,
    marks: {
      selectable: "board-selectable",
      selected: "board-selected",
      destination: "board-destination",
      destinationWash: "board-destination-wash",
      destinationTick: "board-destination-tick",
    },
  };
}
