/**
 * The board renderer's context: any grid (square, hex, triangle) as buttons clipped to their cell
 * polygons, pieces, points, trays and (from, to) moves with follow-up choices. Knows no game's rules.
 * Details: docs/architecture.md, "src/apps/board/context.ts".
 */
import { type TrackLine, trackLines } from "./tracks";
import type { TableUpdate } from "../../table/protocol";
import { symbolSvg } from "../core/symbols";
import {
  type BoardData,
  type DirectionName,
  DIRECTION_NAMES,
  type GridKind,
  type Point,
  centroid,
  cellPolygon,
} from "../../rules/grid";

export interface BoardPieceSpec {
  /** Which side the piece belongs to (0, 1…): its colour and its shape. */
  readonly owner: number;
  /** i18n key naming the piece for screen readers ("{name}'s rook"). */
  readonly labelKey: string;
  /** The owner's name, the {name} of labelKey. */
  readonly name?: string;
  /** The piece's kind ("king", "counter"…): a CSS class and `data-piece-kind`. */
  readonly kind?: string;
  /** Drawn inside the piece; defaults to the owner's `pieceGlyphs` entry. */
  readonly glyph?: string;
  /** Pieces in the stack (shown when more than one). */
  readonly count?: number;
  /** Owners of a mixed stack's pieces, bottom first (Takat): drawn as small shapes beside it. */
  readonly stack?: readonly number[];
  /** Where the piece points: degrees clockwise from north, or a direction name. */
  readonly facing?: number | DirectionName;
  /** The piece kind's own outline (a game with kinds); absent: the owner's shape. */
  readonly shape?: PieceShapeName;
}

/** Outlines a piece kind may take, so kinds differ by shape and not by a small glyph alone. */
export const PIECE_SHAPES = ["circle", "diamond", "triangle", "square", "hexagon", "star", "egg", "cross"] as const;
export type PieceShapeName = (typeof PIECE_SHAPES)[number];

export interface BoardCellSpec {
  /** What moves call the cell (defaults to `at`). */
  readonly id?: string;
  /** The cell's key in the board's geometry. */
  readonly at: string;
  /** A CSS-safe kind name: the cell's colour class and data-kind. */
  readonly kind: string;
  /** The glyph the cell carries beside its colour, so no rule depends on telling colours apart. */
  readonly glyph?: string;
  /** i18n key of the kind's name, read out with the cell. */
  readonly kindKey?: string;
  /** The coordinate shown with `showLabels` and read out (defaults to the id). */
  readonly label?: string;
  readonly piece?: BoardPieceSpec | null;
  /** Extra CSS classes (e.g. "territory-0", tags). */
  readonly classes?: readonly string[];
}

export interface BoardPointSpec {
  readonly id: string;
  /** Position in cell units (a square grid's corner (x, y)). */
  readonly x: number;
  readonly y: number;
  readonly kindKey?: string;
  readonly label?: string;
  readonly piece?: BoardPieceSpec | null;
  readonly classes?: readonly string[];
}

export interface BoardTraySpec {
  /** The id moves use as their `from` or `to` ("hand", "off"). */
  readonly id: string;
  readonly owner: number;
  /** i18n key with {count}. */
  readonly labelKey: string;
  readonly count: number;
}

export interface BoardChoice {
  /** Handed back as the intent's `id`. */
  readonly id: string;
  readonly labelKey: string;
}

export interface BoardMove {
  readonly from: string;
  readonly to: string;
  /** Handed back with the intent, so the game need not search its moves again. */
  readonly id?: string;
  /** A follow-up choice after from → to (attack or not, an orientation…). */
  readonly choices?: readonly BoardChoice[];
}

export interface BoardSpec {
  readonly grid: GridKind;
  readonly cells: readonly BoardCellSpec[];
  readonly points?: readonly BoardPointSpec[];
  /** Trays of the side that may act (interactive) and of the others (shown only). */
  readonly trays?: readonly BoardTraySpec[];
  readonly moves: readonly BoardMove[];
  /** Glyph per owner, so pieces differ by shape and letter as well as colour. */
  readonly pieceGlyphs?: readonly string[];
  /** Mirror top-bottom (a player sees their own side at the bottom). */
  readonly flip?: boolean;
  /** Turn the board half a turn (mirror both ways). */
  readonly turn?: boolean;
  readonly showLabels?: boolean;
  /** Space left around each cell, as a fraction of a cell (Ulwan's separate tiles). */
  readonly inset?: number;
  /** A piece's radius as a fraction of its cell's inradius (0.58 by default; a small triangle wants more). */
  readonly pieceScale?: number;
  /** A point's radius as a fraction of a cell (0.24 by default): a point's piece is four fifths of it. */
  readonly pointRadius?: number;
  /** Largest drawn width of one cell in CSS pixels (the board shrinks to fit its window). */
  readonly cellPixels?: number;
  /** Per owner, the cell ids in the order that owner's pieces travel (a race game's track); moves follow it. */
  readonly tracks?: readonly (readonly string[])[];
  readonly labelKey: string;
}

export interface PieceContext {
  readonly owner: number;
  readonly labelKey: string;
  readonly name: string;
  readonly kind: string;
  readonly glyph: string;
  /** The glyph drawn as SVG where it is a symbol (src/apps/core/symbols.ts), else empty. */
  readonly glyphSvg: string;
  readonly count: number;
  readonly showCount: boolean;
  /** The stack's pieces as small shapes, top first, each with its owner's class. */
  readonly pips: readonly { readonly owner: number; readonly shape: string }[];
  /** SVG path of the piece's shape (its kind's, else its owner's), centred on (cx, cy). */
  readonly shape: string;
  /** The named outline the shape draws (the canvas draws the same). */
  readonly shapeName: PieceShapeName;
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  readonly fontSize: number;
  /** The stack badge's centre. */
  readonly bx: number;
  readonly by: number;
  readonly br: number;
  /** The facing arrow's path (empty when the piece faces nowhere), and its i18n key. */
  readonly arrow: string;
  readonly facingKey: string;
}

export interface BoardCellContext {
  readonly id: string;
  readonly at: string;
  readonly kind: string;
  readonly glyph: string;
  /** The glyph drawn as SVG where it is a symbol, else empty (a letter stays text). */
  readonly glyphSvg: string;
  readonly kindKey: string;
  readonly label: string;
  readonly classes: string;
  readonly piece: PieceContext | null;
  readonly selectable: boolean;
  /** Space-separated sources that can move here. */
  readonly destFor: string;
  /** Space-separated "from=id" for moves with ids. */
  readonly destIds: string;
  readonly tabindex: 0 | -1;
  /** Position and clip of the button in the board (percentages). */
  readonly style: string;
  readonly viewBox: string;
  /** The polygon in the button's own SVG units. */
  readonly points: string;
  /** Centre in board units (keyboard navigation). */
  readonly cx: number;
  readonly cy: number;
  readonly glyphX: number;
  readonly glyphY: number;
  readonly labelX: number;
  readonly labelY: number;
  readonly fontSize: number;
}

export interface BoardPointContext {
  readonly id: string;
  readonly kindKey: string;
  readonly label: string;
  readonly classes: string;
  readonly piece: PieceContext | null;
  readonly selectable: boolean;
  readonly destFor: string;
  readonly destIds: string;
  readonly tabindex: 0 | -1;
  readonly style: string;
  readonly viewBox: string;
  readonly r: number;
  readonly cx: number;
  readonly cy: number;
}

export interface BoardTrayContext extends BoardTraySpec {
  readonly glyph: string;
  readonly glyphSvg: string;
  readonly selectable: boolean;
  readonly destFor: string;
  readonly destIds: string;
  readonly interactive: boolean;
}

export interface ChoiceSetContext {
  readonly from: string;
  readonly to: string;
  readonly choices: readonly BoardChoice[];
}

export interface BoardContext {
  readonly labelKey: string;
  readonly grid: GridKind;
  /** The drawing's size in board units (its aspect ratio). */
  readonly width: number;
  readonly height: number;
  /** Where the drawing's (0, 0) lies in unmirrored board units (placement maps cells with it). */
  readonly originX: number;
  readonly originY: number;
  readonly maxWidth: number;
  readonly showLabels: boolean;
  readonly cells: readonly BoardCellContext[];
  readonly points: readonly BoardPointContext[];
  readonly trays: readonly BoardTrayContext[];
  readonly choiceSets: readonly ChoiceSetContext[];
  readonly hasMoves: boolean;
  /** The spec's tracks (per owner, cell ids in travel order), empty when the game has none. */
  readonly tracks: readonly (readonly string[])[];
  /** The tracks drawn as lines with arrows over the board (src/apps/board/tracks.ts). */
  readonly trackLines: readonly TrackLine[];
}

/**
 * Cell specs for board data from src/rules/grid (compendium boards): each cell's kind and tags become
 * classes (`kind-<kind>`, `tag-<tag>`), with the glyph, name and piece the game gives per cell.
 */
export function boardCells(
  data: BoardData,
  describe: {
    readonly glyph?: (kind: string) => string;
    readonly kindKey?: (kind: string) => string;
    readonly piece?: (id: string) => BoardPieceSpec | null;
    readonly label?: (id: string) => string;
  } = {},
): BoardCellSpec[] {
  return data.cells.map((c) => ({
    at: c.id,
    kind: c.kind,
    glyph: describe.glyph?.(c.kind) ?? "",
    kindKey: describe.kindKey?.(c.kind) ?? "",
    label: describe.label?.(c.id) ?? c.id,
    piece: describe.piece?.(c.id) ?? null,
    classes: (c.tags ?? []).map((t) => `tag-${t}`),
  }));
}

/** Board units per cell: a square's side (a hex is as wide, a triangle is a quarter of a square). */
export const UNIT = 100;
const HEX_SIZE = UNIT / Math.sqrt(3);
const DEFAULT_POINT_RADIUS = 0.24;
const DEFAULT_PIECE_SCALE = 0.58;

const round = (n: number): number => Math.round(n * 100) / 100;
const pct = (n: number): string => `${round(n)}%`;

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
      return polygon(4, r * 1.2, 45);
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
  const size = round(Math.max(8, r * 0.36) * 1.2);
  const x = square ? width - r * 0.3 - size : cx - size / 2;
  const y = square ? r * 0.45 - size / 2 : cy + r * 0.8 - size / 2;
  return symbolSvg(glyph, { x: round(x), y: round(y), size }, "cantina-cell-glyph");
}

function pieceContext(
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
  let facingKey = "";
  if (spec.facing !== undefined) {
    const deg = facingDegrees(spec.facing);
    const a = (deg * Math.PI) / 180;
    // Big enough to read at a glance: the arrow reaches past the piece by two thirds of its radius.
    const tip = r * 1.7;
    const base = r * 0.95;
    const half = r * 0.55;
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
    facingKey,
  };
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
  const { sources, destFor, destIds } = links(spec.moves);
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
      const style =
        `left:${pct((bx / width) * 100)};top:${pct((by / height) * 100)};` +
        `width:${pct((bw / width) * 100)};height:${pct((bh / height) * 100)};clip-path:polygon(${clip})`;
      const square = spec.grid === "square";
      const cell: BoardCellContext = {
        id,
        at: c.at,
        kind: c.kind,
        glyph: c.glyph ?? "",
        glyphSvg: cellGlyphSvg(c.glyph ?? "", square, bw, centre.x - bx, centre.y - by, r),
        kindKey: c.kindKey ?? "",
        label: c.label ?? id,
        classes: (c.classes ?? []).join(" "),
        piece: c.piece ? pieceContext(c.piece, glyphs, centre, r * pieceScale, { x: bx, y: by }) : null,
        selectable: sources.has(id),
        destFor: (destFor.get(id) ?? []).join(" "),
        destIds: (destIds.get(id) ?? []).join(" "),
        tabindex: -1,
        style,
        viewBox: `0 0 ${round(bw)} ${round(bh)}`,
        points: drawn.map((p) => `${round(p.x - bx)},${round(p.y - by)}`).join(" "),
        cx: round(centre.x),
        cy: round(centre.y),
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
      classes: (p.classes ?? []).join(" "),
      piece: p.piece
        ? pieceContext(p.piece, glyphs, c, POINT_RADIUS * 0.8, { x: c.x - POINT_RADIUS, y: c.y - POINT_RADIUS })
        : null,
      selectable: sources.has(p.id),
      destFor: (destFor.get(p.id) ?? []).join(" "),
      destIds: (destIds.get(p.id) ?? []).join(" "),
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

  const trays = (spec.trays ?? []).map((t) => {
    const selectable = sources.has(t.id) && t.count > 0;
    const dest = (destFor.get(t.id) ?? []).join(" ");
    return {
      ...t,
      glyph: glyphs[t.owner] ?? "",
      glyphSvg: symbolSvg(glyphs[t.owner] ?? ""),
      selectable,
      destFor: dest,
      destIds: (destIds.get(t.id) ?? []).join(" "),
      interactive: selectable || dest.length > 0,
    };
  });

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
    hasMoves: spec.moves.length > 0,
    tracks: spec.tracks ?? [],
    trackLines: trackLines(spec.tracks ?? [], tabbedCells, UNIT * 0.06),
  };
}

/** Whether a window context's `board` is a board context (a game's window may draw none, e.g. before setup). */
function isBoardContext(value: unknown): value is BoardContext {
  const v = value as Partial<BoardContext> | null;
  return typeof v === "object" && v !== null && Array.isArray(v.cells) && typeof v.grid === "string";
}

/**
 * A game window's `GameApp.boardContext` from its `context`, for games whose context holds the
 * board under `board` (the Ulwan family, Hununga, the unequal-forces games): the canvas board's input.
 */
export function boardOfContext<U extends TableUpdate>(
  context: (update: U, kept?: Readonly<Record<string, string>>) => Record<string, unknown>,
): (update: U, kept?: Readonly<Record<string, string>>) => BoardContext | null {
  return (update, kept) => {
    const board = context(update, kept).board;
    return isBoardContext(board) ? board : null;
  };
}
