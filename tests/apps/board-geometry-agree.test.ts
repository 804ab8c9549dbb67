/**
 * The three renderers agree (issue 36: one board geometry for every renderer): for every board game
 * of the registry, the window's SVG model, the canvas layout and Roll20's page drawing put every cell,
 * point, piece and tray at the geometry's place under one scale and offset each, and paint it with
 * the geometry's palette tokens; the canvas and Roll20 lay out the same tray row and piece outlines.
 */
import { describe, expect, it } from "vitest";
import type { BoardContext } from "../../src/apps/board/context";
import type { PieceGeometry } from "../../src/apps/core/board-geometry";
import { layoutBoard } from "../../src/apps/canvas/layout";
import { colour } from "../../src/palette";
import type { Point } from "../../src/rules/grid";
import { BOARD_MARGIN, PIXELS_PER_UNIT, drawingOf } from "../../src/roll20/board-geometry";
import { BOARD_GAME_IDS, startBoard } from "../helpers/start-board";

/** A renderer's placement read back from two of its points against the geometry's (scale, dx, dy). */
interface Fit {
  readonly scale: number;
  readonly dx: number;
  readonly dy: number;
}
const apply = (f: Fit, p: Point): Point => ({ x: p.x * f.scale + f.dx, y: p.y * f.scale + f.dy });

function expectAt(actual: Point, wanted: Point, what: string): void {
  expect(actual.x, `${what}: x`).toBeCloseTo(wanted.x, 1);
  expect(actual.y, `${what}: y`).toBeCloseTo(wanted.y, 1);
}

function expectOutline(actual: readonly Point[] | null, wanted: readonly Point[] | null, f: Fit, what: string): void {
  expect(actual === null, `${what}: circle or outline`).toBe(wanted === null);
  (wanted ?? []).forEach((p, i) => expectAt((actual ?? [])[i] ?? { x: NaN, y: NaN }, apply(f, p), `${what}[${i}]`));
}

const everyGame = BOARD_GAME_IDS.map((id): [string, BoardContext] => [id, startBoard(id)]);

describe.each(everyGame)("%s drawn three ways", (_id, board) => {
  const g = board.geometry;
  // Each renderer's one placement: the SVG draws in board units; the canvas moves a wide tray row into view;
  // Roll20 scales to page pixels a margin in from the page's corner.
  const svg: Fit = { scale: 1, dx: 0, dy: 0 };
  const canvas: Fit = { scale: 1, dx: -g.frame.x, dy: 0 };
  const roll20: Fit = {
    scale: PIXELS_PER_UNIT,
    dx: BOARD_MARGIN - g.frame.x * PIXELS_PER_UNIT,
    dy: BOARD_MARGIN - g.frame.y * PIXELS_PER_UNIT,
  };
  const layout = layoutBoard(board);
  const drawing = drawingOf(board);

  it("has a geometry with every cell, point and tray of the model", () => {
    expect(g.cells.map((c) => c.id)).toEqual(board.cells.map((c) => c.id));
    expect(g.points.map((p) => p.id)).toEqual(board.points.map((p) => p.id));
    expect(g.trays.map((t) => t.id)).toEqual(board.trays.map((t) => t.id));
  });

  it("puts each cell's centre and outline where the geometry does, in its tone", () => {
    g.cells.forEach((cell, i) => {
      const model = board.cells[i]!;
      expectAt({ x: model.cx, y: model.cy }, apply(svg, cell.centre), `svg ${cell.id}`);
      const laid = layout.byId.get(cell.id)!;
      expectAt(laid, apply(canvas, cell.centre), `canvas ${cell.id}`);
      expectOutline(laid.polygon, cell.polygon, canvas, `canvas ${cell.id} outline`);
      expect(laid.tone?.fill).toBe(cell.fill);
      const drawn = drawing.cells[i]!;
      expect(drawn.id).toBe(cell.id);
      expectAt(drawn.centre, apply(roll20, cell.centre), `roll20 ${cell.id}`);
      expectOutline(drawn.polygon, cell.polygon, roll20, `roll20 ${cell.id} outline`);
      expect(drawn.fill).toBe(colour(cell.fill));
      expect(drawn.stroke).toBe(colour(cell.stroke));
      expect(drawn.split?.fill ?? null).toBe(cell.split ? colour(cell.split.fill) : null);
    });
  });

  it("stands each piece on the geometry's spot with its outline, size and side's colour", () => {
    const pieces: [string, PieceGeometry][] = [
      ...g.cells.flatMap((c): [string, PieceGeometry][] => (c.piece ? [[c.id, c.piece]] : [])),
      ...g.points.flatMap((p): [string, PieceGeometry][] => (p.piece ? [[p.id, p.piece]] : [])),
    ];
    for (const [at, piece] of pieces) {
      const model = [...board.cells, ...board.points].find((t) => t.id === at)?.piece;
      expect(model?.r).toBeCloseTo(piece.r, 1);
      expect(model?.shapeName).toBe(piece.shape);
      const laid = layout.byId.get(at)!;
      expectAt(laid.rest, apply(canvas, piece.centre), `canvas piece ${at}`);
      expect(laid.piece?.r).toBeCloseTo(piece.r, 1);
      expect(laid.piece?.fill).toBe(piece.fill);
      const drawn = drawing.pieces.find((p) => p.at === at)!;
      expectAt(drawn.centre, apply(roll20, piece.centre), `roll20 piece ${at}`);
      expect(drawn.piece.r).toBeCloseTo(piece.r * PIXELS_PER_UNIT, 1);
      expect(drawn.piece.shape).toBe(piece.shape);
      expectOutline(drawn.piece.outline, piece.outline, roll20, `roll20 piece ${at} outline`);
      expect(drawn.piece.fill).toBe(piece.fill);
    }
  });

  it("lays the same tray row for the canvas and Roll20, each tray's token where the geometry rests it", () => {
    g.trays.forEach((tray, i) => {
      const laid = layout.byId.get(tray.id)!;
      expectAt(laid.rest, apply(canvas, tray.piece.centre), `canvas tray ${tray.id}`);
      expect([laid.w, laid.h]).toEqual([tray.box.w, tray.box.h]);
      const drawn = drawing.trays[i]!;
      expectAt(drawn.centre, apply(roll20, tray.piece.centre), `roll20 tray ${tray.id}`);
      expectAt(drawn.box, apply(roll20, tray.box), `roll20 tray box ${tray.id}`);
      expect(drawn.box.w).toBeCloseTo(tray.box.w * PIXELS_PER_UNIT, 1);
      expect(drawn.fill).toBe(colour(tray.fill));
      expect(drawn.strip.fill).toBe(colour(tray.strip.fill));
    });
    expect(layout.width).toBeCloseTo(g.frame.w, 1);
    expect(drawing.width).toBeCloseTo(g.frame.w * PIXELS_PER_UNIT + 2 * BOARD_MARGIN, 1);
  });
});

it("covers every board game of the registry, and at least one with trays and one with points", () => {
  expect(everyGame.length).toBeGreaterThanOrEqual(5);
  expect(everyGame.some(([, b]) => b.geometry.trays.length > 0)).toBe(true);
  expect(everyGame.some(([, b]) => b.geometry.points.length > 0)).toBe(true);
  expect(everyGame.some(([, b]) => b.geometry.cells.some((c) => c.piece?.outline))).toBe(true);
  expect(everyGame.some(([, b]) => b.geometry.points.some((p) => p.piece))).toBe(true);
});
