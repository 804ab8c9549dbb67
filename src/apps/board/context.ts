/**
 * The board renderer's context: any grid (square, hex, triangle) as buttons clipped to their cell
 * polygons, pieces, points, trays and (from, to) moves with follow-up choices. Knows no game's rules.
 * Details: docs/windows.md, "src/apps/board/context.ts".
 */
import { trackLines } from "./tracks";
import { symbolSvg } from "../core/symbols";
import { type Point, centroid, cellPolygon } from "../../rules/grid";
import type { BoardMove, BoardSpec } from "./spec";
import { type DrawnBox, pieceContext, pieceCovers, roundHundredths } from "./pieces";
import { type CellTone, PLAIN_TONE, cssVar } from "../../palette";
import type {
  BoardCellContext,
  BoardContext,
  BoardMoveOption,
  BoardPointContext,
  BoardTrayContext,
} from "../core/board-model";

export {
  type BoardPieceSpec,
  type BoardCellSpec,
  type BoardPointSpec,
  type BoardMove,
  type BoardSpec,
  boardCells,
} from "./spec";
export { facingDegrees, shapeFor, pieceOutline, pieceShape } from "./pieces";
export {
  PIECE_SHAPES,
  type PieceShapeName,
  type BoardTraySpec,
  type BoardChoice,
  type PieceContext,
  type BoardCellContext,
  type BoardContext,
  type BoardMoveOption,
  type BoardPointContext,
  type BoardModelOf,
  type BoardTrayContext,
  type ChoiceSetContext,
} from "../core/board-model";

/** Board units per cell: a square's side (a hex is as wide, a triangle is a quarter of a square). */
export const UNIT = 100;
const HEX_SIZE = UNIT / Math.sqrt(3);
const DEFAULT_POINT_RADIUS = 0.24;
const DEFAULT_PIECE_SCALE = 0.58;

const round = roundHundredths;
const pct = (n: number): string => `${round(n)}%`;

/** A cell's tone as the variables board.css paints the cell with (a split tile's second colour too). */
function toneStyle(tone: CellTone): string {
  return `--cantina-cell-fill:${cssVar(tone.fill)}` + (tone.split ? `;--cantina-cell-split:${cssVar(tone.split)}` : "");
}

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

/** A cell's symbol where its text glyph would be: the top right corner of a square, else below the centre. */
function cellGlyphSvg(glyph: string, square: boolean, width: number, cx: number, cy: number, r: number): string {
  const { x, y, w: size } = cellGlyphBox(square, width, cx, cy, r);
  return symbolSvg(glyph, { x, y, size }, "cantina-cell-glyph");
}

/** Where a cell's glyph is drawn (as a symbol; its text stands in the same place). */
function cellGlyphBox(square: boolean, width: number, cx: number, cy: number, r: number): DrawnBox {
  const size = round(Math.max(8, r * 0.36) * 1.2);
  const x = square ? width - r * 0.3 - size : cx - size / 2;
  const y = square ? r * 0.45 - size / 2 : cy + r * 0.8 - size / 2;
  return { x: round(x), y: round(y), w: size, h: size };
}

interface Links {
  readonly sources: ReadonlySet<string>;
  readonly destFor: ReadonlyMap<string, string[]>;
  readonly destIds: ReadonlyMap<string, string[]>;
}

function links(moves: readonly BoardMove[]): Links {
  const sources = new Set(moves.map((m) => m.from));
  const destFor = new Map<string, string[]>();
  const destIds = new Map<string, string[]>();
  for (const m of moves) {
    const list = destFor.get(m.to) ?? [];
    if (!list.includes(m.from)) list.push(m.from);
    destFor.set(m.to, list);
    if (m.id !== undefined && !m.choices?.length)
      destIds.set(m.to, [...(destIds.get(m.to) ?? []), `${m.from}=${m.id}`]);
  }
  return { sources, destFor, destIds };
}

/** A target's links to the moves: typed (`sources`) and joined for the template. */
function linksOf(l: Links, id: string): { selectable: boolean; sources: string[]; destFor: string; destIds: string } {
  const sources = l.destFor.get(id) ?? [];
  return {
    selectable: l.sources.has(id),
    sources,
    destFor: sources.join(" "),
    destIds: (l.destIds.get(id) ?? []).join(" "),
  };
}

/** The spec's moves as the board offers them: every (from, to) once, with its id and choices. */
function moveOptions(moves: readonly BoardMove[]): BoardMoveOption[] {
  const out: BoardMoveOption[] = [];
  for (const m of moves) {
    if (out.some((o) => o.from === m.from && o.to === m.to)) continue;
    const choices = m.choices ?? [];
    out.push(m.id === undefined ? { from: m.from, to: m.to, choices } : { from: m.from, to: m.to, id: m.id, choices });
  }
  return out;
}

/** Shrinks a polygon toward its centre by `by` board units (the space between Ulwan's tiles). */
function shrink(poly: readonly Point[], by: number): Point[] {
  if (by <= 0) return [...poly];
  const c = centroid(poly);
  const r = inradius(poly, c);
  const k = Math.max(0, (r - by) / r);
  return poly.map((p) => ({ x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k }));
}

export function boardContext(spec: BoardSpec): BoardContext {
  const glyphs = spec.pieceGlyphs ?? [];
  const linked = links(spec.moves);
  const size = spec.grid === "hex" ? HEX_SIZE : UNIT;
  const inset = (spec.inset ?? 0) * UNIT;
  const POINT_RADIUS = (spec.pointRadius ?? DEFAULT_POINT_RADIUS) * UNIT;
  const pieceScale = spec.pieceScale ?? DEFAULT_PIECE_SCALE;

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
  for (const p of rawPoints) grow(p.at, POINT_RADIUS);
  if (minX === Infinity) minX = minY = maxX = maxY = 0;
  const mirrorX = spec.turn === true;
  const mirrorY = spec.turn === true ? spec.flip !== true : spec.flip === true;
  const place = (p: Point): Point => ({
    x: mirrorX ? maxX - p.x : p.x - minX,
    y: mirrorY ? maxY - p.y : p.y - minY,
  });
  const width = Math.max(1, maxX - minX);
  const height = Math.max(1, maxY - minY);

  const cells = rawCells
    .map(({ spec: c, poly }) => {
      const id = c.id ?? c.at;
      const drawn = shrink(poly.map(place), inset);
      const bx = Math.min(...drawn.map((p) => p.x));
      const by = Math.min(...drawn.map((p) => p.y));
      const bw = Math.max(...drawn.map((p) => p.x)) - bx || 1;
      const bh = Math.max(...drawn.map((p) => p.y)) - by || 1;
      const centre = centroid(drawn);
      const r = inradius(drawn, centre);
      const clip = drawn.map((p) => `${pct(((p.x - bx) / bw) * 100)} ${pct(((p.y - by) / bh) * 100)}`).join(",");
      const tone = c.tone ?? PLAIN_TONE;
      const style =
        `left:${pct((bx / width) * 100)};top:${pct((by / height) * 100)};` +
        `width:${pct((bw / width) * 100)};height:${pct((bh / height) * 100)};clip-path:polygon(${clip});` +
        toneStyle(tone);
      const square = spec.grid === "square";
      const piece = c.piece ? pieceContext(c.piece, glyphs, centre, r * pieceScale, { x: bx, y: by }) : null;
      // A cell's mark a piece would hide is left out while it stands there (its kind is still said and coloured).
      const glyph =
        piece && pieceCovers(piece, cellGlyphBox(square, bw, centre.x - bx, centre.y - by, r)) ? "" : (c.glyph ?? "");
      const cell: BoardCellContext = {
        id,
        at: c.at,
        kind: c.kind,
        tone,
        glyph,
        glyphSvg: cellGlyphSvg(glyph, square, bw, centre.x - bx, centre.y - by, r),
        kindKey: c.kindKey ?? "",
        label: c.label ?? id,
        classList: c.classes ?? [],
        classes: (c.classes ?? []).join(" "),
        piece,
        ...linksOf(linked, id),
        tabindex: -1,
        style,
        viewBox: `0 0 ${round(bw)} ${round(bh)}`,
        points: drawn.map((p) => `${round(p.x - bx)},${round(p.y - by)}`).join(" "),
        polygon: drawn.map((p) => ({ x: round(p.x), y: round(p.y) })),
        splitPolygon: tone.split ? splitHalf(drawn, { x: bx + bw / 2, y: by + bh / 2 }) : [],
        cx: round(centre.x),
        cy: round(centre.y),
        boxX: round(bx),
        boxY: round(by),
        glyphX: round(square ? bw - r * 0.3 : centre.x - bx),
        glyphY: round(square ? r * 0.45 : centre.y - by + r * 0.8),
        labelX: round(square ? r * 0.3 : centre.x - bx),
        labelY: round(square ? r * 0.45 : centre.y - by - r * 0.55),
        fontSize: round(Math.max(8, r * 0.36)),
      };
      return cell;
    })
    // Reading order on screen: top to bottom, then left to right.
    .sort((a, b) => a.cy - b.cy || a.cx - b.cx);

  const points = rawPoints.map(({ spec: p, at }) => {
    const c = place(at);
    const d = POINT_RADIUS * 2;
    const point: BoardPointContext = {
      id: p.id,
      kindKey: p.kindKey ?? "",
      label: p.label ?? p.id,
      classList: p.classes ?? [],
      classes: (p.classes ?? []).join(" "),
      piece: p.piece
        ? pieceContext(p.piece, glyphs, c, POINT_RADIUS * 0.8, { x: c.x - POINT_RADIUS, y: c.y - POINT_RADIUS })
        : null,
      ...linksOf(linked, p.id),
      tabindex: -1,
      style:
        `left:${pct(((c.x - POINT_RADIUS) / width) * 100)};top:${pct(((c.y - POINT_RADIUS) / height) * 100)};` +
        `width:${pct((d / width) * 100)};height:${pct((d / height) * 100)}`,
      viewBox: `0 0 ${d} ${d}`,
      r: POINT_RADIUS,
      cx: round(c.x),
      cy: round(c.y),
    };
    return point;
  });

  // Tab reaches every cell or point that can act now; with none, the first one (arrows do the rest).
  const interactive = (t: { selectable: boolean; destFor: string }): boolean => t.selectable || t.destFor !== "";
  const withTabs = <T extends BoardCellContext | BoardPointContext>(list: T[]): T[] =>
    list.map((t) => (interactive(t) ? { ...t, tabindex: 0 } : t));
  const tabbedCells = withTabs(cells);
  const tabbedPoints = withTabs(points);
  if (![...tabbedCells, ...tabbedPoints].some(interactive) && tabbedCells[0]) {
    tabbedCells[0] = { ...tabbedCells[0], tabindex: 0 };
  }

  const trays = (spec.trays ?? []).map((t): BoardTrayContext => {
    const link = linksOf(linked, t.id);
    const selectable = link.selectable && t.count > 0;
    return {
      ...t,
      glyph: glyphs[t.owner] ?? "",
      glyphSvg: symbolSvg(glyphs[t.owner] ?? ""),
      ...link,
      selectable,
      interactive: selectable || link.sources.length > 0,
    };
  });

  const moves = moveOptions(spec.moves);
  const choiceSets = spec.moves
    .filter((m) => m.choices && m.choices.length > 0)
    .map((m) => ({ from: m.from, to: m.to, choices: m.choices ?? [] }));

  return {
    labelKey: spec.labelKey,
    grid: spec.grid,
    width: round(width),
    height: round(height),
    originX: round(minX),
    originY: round(minY),
    maxWidth: Math.round((width / UNIT) * (spec.cellPixels ?? 62)),
    showLabels: spec.showLabels === true,
    cells: tabbedCells,
    points: tabbedPoints,
    trays,
    choiceSets,
    moves,
    hasMoves: spec.moves.length > 0,
    tracks: spec.tracks ?? [],
    trackLines: trackLines(spec.tracks ?? [], tabbedCells, UNIT * 0.06),
  };
}

/** Whether a window context's `board` is a board model (a game's window may draw none, e.g. before setup). */
export function isBoardContext(value: unknown): value is BoardContext {
  const v = value as Partial<BoardContext> | null;
  return typeof v === "object" && v !== null && Array.isArray(v.cells) && typeof v.grid === "string";
}
