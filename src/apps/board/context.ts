/**
 * The board renderer's context: any grid (square, hex, triangle) as buttons clipped to their cell
 * polygons, pieces, points, trays and (from, to) moves with follow-up choices. Knows no game's rules.
 * Details: docs/windows.md, "src/apps/board/context.ts".
 */
import { trackLines } from "./tracks";
import { symbolSvg } from "../core/symbols";
import type { Point } from "../../rules/grid";
import type { BoardMove, BoardSpec } from "./spec";
import { pieceContext, roundHundredths } from "./pieces";
import { UNIT, layBoard } from "./geometry";
import { cssVar } from "../../palette";
import type { BoardGeometry, CellGeometry, GeometryBox } from "../core/board-geometry";
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
export { UNIT, TRAY_HEIGHT, TRAY_WIDTH, layBoard, splitHalf } from "./geometry";
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

const round = roundHundredths;
const pct = (n: number): string => `${round(n)}%`;

/** A cell's tone as the variables board.css paints the cell with (a split tile's second colour too). */
function toneStyle(cell: CellGeometry): string {
  return (
    `--cantina-cell-fill:${cssVar(cell.fill)}` + (cell.split ? `;--cantina-cell-split:${cssVar(cell.split.fill)}` : "")
  );
}

/** A box in percentages of the board's drawing (the window's button). */
function boxStyle(box: GeometryBox, board: BoardGeometry): string {
  return (
    `left:${pct((box.x / board.width) * 100)};top:${pct((box.y / board.height) * 100)};` +
    `width:${pct((box.w / board.width) * 100)};height:${pct((box.h / board.height) * 100)}`
  );
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

/**
 * The board model: the laid-out geometry (./geometry.ts) and the window's SVG drawn from it, each
 * cell's button at its box and everything inside moved by the box's corner, plus the moves' links.
 */
export function boardContext(spec: BoardSpec): BoardContext {
  const linked = links(spec.moves);
  const geometry = layBoard(spec);
  const cellSpecs = new Map(spec.cells.map((c) => [c.id ?? c.at, c]));
  const pointSpecs = new Map((spec.points ?? []).map((p) => [p.id, p]));

  const cells = geometry.cells.map((g): BoardCellContext => {
    const c = cellSpecs.get(g.id);
    const { box } = g;
    const corner = { x: box.x, y: box.y };
    const local = (p: Point): string => `${round(p.x - box.x)},${round(p.y - box.y)}`;
    const clip = g.polygon.map((p) => `${pct(((p.x - box.x) / box.w) * 100)} ${pct(((p.y - box.y) / box.h) * 100)}`);
    const glyph = g.glyph.name;
    return {
      id: g.id,
      at: c?.at ?? g.id,
      kind: c?.kind ?? "",
      tone: { fill: g.fill, ...(g.split ? { split: g.split.fill } : {}) },
      glyph,
      glyphSvg: symbolSvg(
        glyph,
        { x: round(g.glyph.box.x - box.x), y: round(g.glyph.box.y - box.y), size: g.glyph.box.w },
        "cantina-cell-glyph",
      ),
      kindKey: c?.kindKey ?? "",
      label: g.label.text,
      classList: c?.classes ?? [],
      classes: (c?.classes ?? []).join(" "),
      piece: c?.piece && g.piece ? pieceContext(c.piece, g.piece, corner) : null,
      ...linksOf(linked, g.id),
      tabindex: -1,
      style: `${boxStyle(box, geometry)};clip-path:polygon(${clip.join(",")});${toneStyle(g)}`,
      viewBox: `0 0 ${box.w} ${box.h}`,
      points: g.polygon.map(local).join(" "),
      cx: g.centre.x,
      cy: g.centre.y,
      glyphX: round(g.glyph.text.at.x - box.x),
      glyphY: round(g.glyph.text.at.y - box.y),
      labelX: round(g.label.at.x - box.x),
      labelY: round(g.label.at.y - box.y),
      fontSize: g.label.size,
    };
  });

  const points = geometry.points.map((g): BoardPointContext => {
    const p = pointSpecs.get(g.id);
    const { centre, r } = g.circle;
    const box = { x: centre.x - r, y: centre.y - r, w: 2 * r, h: 2 * r };
    return {
      id: g.id,
      kindKey: p?.kindKey ?? "",
      label: p?.label ?? g.id,
      classList: p?.classes ?? [],
      classes: (p?.classes ?? []).join(" "),
      piece: p?.piece && g.piece ? pieceContext(p.piece, g.piece, box) : null,
      ...linksOf(linked, g.id),
      tabindex: -1,
      style: boxStyle(box, geometry),
      viewBox: `0 0 ${box.w} ${box.h}`,
      r,
      cx: centre.x,
      cy: centre.y,
    };
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

  const trays = (spec.trays ?? []).map((t, i): BoardTrayContext => {
    const link = linksOf(linked, t.id);
    const selectable = link.selectable && t.count > 0;
    const glyph = geometry.trays[i]?.piece.glyph ?? "";
    return {
      ...t,
      glyph,
      glyphSvg: symbolSvg(glyph),
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
    width: geometry.width,
    height: geometry.height,
    originX: geometry.originX,
    originY: geometry.originY,
    maxWidth: Math.round((geometry.width / UNIT) * (spec.cellPixels ?? 62)),
    showLabels: spec.showLabels === true,
    cells: tabbedCells,
    points: tabbedPoints,
    trays,
    choiceSets,
    moves,
    hasMoves: spec.moves.length > 0,
    tracks: spec.tracks ?? [],
    trackLines: trackLines(spec.tracks ?? [], tabbedCells, UNIT * 0.06),
    geometry,
  };
}

/** Whether a window context's `board` is a board model (a game's window may draw none, e.g. before setup). */
export function isBoardContext(value: unknown): value is BoardContext {
  const v = value as Partial<BoardContext> | null;
  return typeof v === "object" && v !== null && Array.isArray(v.cells) && typeof v.grid === "string";
}
