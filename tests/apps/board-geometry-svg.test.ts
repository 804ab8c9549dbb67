// @vitest-environment happy-dom
/**
 * The window's SVG board draws only the laid-out geometry (issue 36: one board geometry for every
 * renderer): rendered from the real template, each cell's button sits at its geometry box (a
 * percentage of the board), its outline, piece, arrow, pips, badge, mark and coordinate are the
 * geometry's moved by that box's corner, and its colours are the geometry's tokens. Every board game
 * of the registry, and a board with every kind of part (points, facings, stacks, trays).
 */
import { describe, expect, it } from "vitest";
import { type BoardContext, type BoardSpec, boardContext } from "../../src/apps/board/context";
import type { GeometryBox, PieceGeometry } from "../../src/apps/core/board-geometry";
import type { Point } from "../../src/rules/grid";
import { allSquares, squareKey } from "../../src/rules/grid";
import { renderTemplate } from "../foundry/dom";
import { BOARD_GAME_IDS, startBoard } from "../helpers/start-board";

const piece = (owner: number, extra: object = {}) => ({ owner, labelKey: "CANTINA.Board.PieceOf", ...extra });

/** A flipped 3×3 board with labels, a facing piece, a mixed stack, two points (one held) and a tray. */
const everything: BoardSpec = {
  grid: "square",
  labelKey: "CANTINA.Board.Label",
  showLabels: true,
  flip: true,
  cells: allSquares({ width: 3, height: 3 }).map((s) => {
    const at = squareKey(s);
    const held =
      at === "0,2" ? piece(0, { facing: "ne" }) : at === "2,0" ? piece(1, { count: 3, stack: [0, 1, 2] }) : null;
    return { at, kind: "plain", glyph: "A", piece: held };
  }),
  points: [
    { id: "p", x: 1, y: 1, piece: piece(2, { facing: 90 }) },
    { id: "q", x: 2, y: 2 },
  ],
  trays: [{ id: "hand", owner: 0, labelKey: "CANTINA.Ulwan.Hand", count: 3 }],
  moves: [{ from: "0,2", to: "0,1", id: "m1" }],
};

const boards: [string, BoardContext][] = [
  ...BOARD_GAME_IDS.map((id): [string, BoardContext] => [id, startBoard(id)]),
  ["every part", boardContext(everything)],
];

function render(board: BoardContext): HTMLElement {
  const root = document.createElement("section");
  root.innerHTML = renderTemplate("board/board.hbs", { board });
  return root;
}

/** Every number of an SVG attribute ("M1,2L3,4Z", "1,2 3,4") as points. */
function pointsOf(text: string): Point[] {
  const n = (text.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const out: Point[] = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push({ x: n[i] as number, y: n[i + 1] as number });
  return out;
}

const moved = (points: readonly Point[], by: Point): Point[] => points.map((p) => ({ x: p.x + by.x, y: p.y + by.y }));

function expectClose(actual: readonly Point[], wanted: readonly Point[], what: string): void {
  expect(actual.length, what).toBe(wanted.length);
  actual.forEach((p, i) => {
    expect(p.x, what).toBeCloseTo((wanted[i] as Point).x, 1);
    expect(p.y, what).toBeCloseTo((wanted[i] as Point).y, 1);
  });
}

/** A button's box in board units, read back from its style's percentages. */
function boxOf(el: HTMLElement, board: BoardContext): GeometryBox {
  const pct = (name: string): number =>
    Number(new RegExp(`(?:^|;)${name}:(-?[\\d.]+)%`).exec(el.getAttribute("style") ?? "")?.[1]);
  const { width, height } = board.geometry;
  return {
    x: (pct("left") / 100) * width,
    y: (pct("top") / 100) * height,
    w: (pct("width") / 100) * width,
    h: (pct("height") / 100) * height,
  };
}

/** The piece drawn inside `el` (whose box corner is `corner`) is the geometry's piece, moved by the corner. */
function expectPiece(el: Element, laid: PieceGeometry, corner: Point, what: string): void {
  const local = (p: Point): Point => ({ x: p.x - corner.x, y: p.y - corner.y });
  const shape = el.querySelector(".cantina-piece-shape")?.getAttribute("d") ?? "";
  if (laid.outline) expectClose(pointsOf(shape), laid.outline.map(local), `${what}: outline`);
  else
    expectClose(
      pointsOf(shape).slice(0, 1),
      [local({ x: laid.centre.x - laid.r, y: laid.centre.y })],
      `${what}: circle`,
    );
  const arrow = el.querySelector(".cantina-piece-arrow")?.getAttribute("d") ?? "";
  expectClose(pointsOf(arrow), laid.arrow.map(local), `${what}: arrow`);
  const pips = [...el.querySelectorAll(".cantina-piece-pip")];
  expect(pips.map((p) => p.getAttribute("class"))).toEqual(laid.pips.map((p) => `cantina-piece-pip owner-${p.owner}`));
  const badge = el.querySelector(".cantina-piece-badge");
  if (laid.badge) {
    const drawn = { x: Number(badge?.getAttribute("cx")), y: Number(badge?.getAttribute("cy")) };
    expectClose([drawn], [local(laid.badge.centre)], `${what}: badge`);
    expect(Number(badge?.getAttribute("r"))).toBeCloseTo(laid.badge.r, 1);
  } else expect(badge, `${what}: no badge`).toBeNull();
  // Its colours are its side's tokens (the class board.css paints with --cantina-piece-owner-N).
  expect(laid.fill).toBe(`piece-owner-${laid.owner % 6}`);
  expect(el.querySelector(".cantina-piece")?.classList.contains(`owner-${laid.owner}`), what).toBe(true);
}

describe.each(boards)("the window's SVG of %s", (_name, board) => {
  const root = render(board);
  const { geometry } = board;

  it("puts each cell's button at its geometry box and draws its outline, tone and piece from the geometry", () => {
    const buttons = [...root.querySelectorAll<HTMLElement>("[data-cell]")];
    expect(buttons.map((b) => b.dataset.cell)).toEqual(geometry.cells.map((c) => c.id));
    buttons.forEach((button, i) => {
      const laid = geometry.cells[i]!;
      const box = boxOf(button, board);
      for (const k of ["x", "y", "w", "h"] as const) expect(box[k], `${laid.id} ${k}`).toBeCloseTo(laid.box[k], 0);
      const corner = { x: laid.box.x, y: laid.box.y };
      const outline = button.querySelector(".cantina-cell-shape")?.getAttribute("points") ?? "";
      expectClose(moved(pointsOf(outline), corner), laid.polygon, `${laid.id}: outline`);
      expect(button.getAttribute("style")).toContain(`--cantina-cell-fill:var(--cantina-${laid.fill})`);
      if (laid.split)
        expect(button.getAttribute("style")).toContain(`--cantina-cell-split:var(--cantina-${laid.split.fill})`);
      const label = button.querySelector(".cantina-cell-label");
      if (laid.piece) {
        expectPiece(button, laid.piece, corner, laid.id);
        expect(label).toBeNull();
      } else {
        expect(label?.textContent).toBe(laid.label.text);
        const at = [Number(label?.getAttribute("x")) + corner.x, Number(label?.getAttribute("y")) + corner.y];
        expect(at[0]).toBeCloseTo(laid.label.at.x, 1);
        expect(at[1]).toBeCloseTo(laid.label.at.y, 1);
      }
      const glyph = button.querySelector(".cantina-cell-glyph");
      if (laid.glyph.name === "") expect(glyph).toBeNull();
      else if (glyph?.tagName.toLowerCase() === "text") {
        expect(Number(glyph.getAttribute("x")) + corner.x).toBeCloseTo(laid.glyph.text.at.x, 1);
        expect(Number(glyph.getAttribute("y")) + corner.y).toBeCloseTo(laid.glyph.text.at.y, 1);
      } else {
        expect(Number(glyph?.getAttribute("x")) + corner.x).toBeCloseTo(laid.glyph.box.x, 1);
        expect(Number(glyph?.getAttribute("width"))).toBeCloseTo(laid.glyph.box.w, 1);
      }
    });
  });

  it("puts each point's button round its geometry circle, with the geometry's piece", () => {
    const buttons = [...root.querySelectorAll<HTMLElement>("[data-point]")];
    expect(buttons.map((b) => b.dataset.point)).toEqual(geometry.points.map((p) => p.id));
    buttons.forEach((button, i) => {
      const laid = geometry.points[i]!;
      const box = boxOf(button, board);
      expect(box.x + box.w / 2).toBeCloseTo(laid.circle.centre.x, 0);
      expect(box.y + box.h / 2).toBeCloseTo(laid.circle.centre.y, 0);
      expect(box.w / 2).toBeCloseTo(laid.circle.r, 0);
      if (laid.piece)
        expectPiece(
          button,
          laid.piece,
          { x: laid.circle.centre.x - laid.circle.r, y: laid.circle.centre.y - laid.circle.r },
          laid.id,
        );
    });
  });

  it("lists the geometry's trays, each with its count and its owner's token", () => {
    const trays = [...root.querySelectorAll<HTMLElement>("[data-tray]")];
    expect(trays.map((t) => [t.dataset.tray, Number(t.dataset.count), Number(t.dataset.owner)])).toEqual(
      geometry.trays.map((t) => [t.id, t.count, t.owner]),
    );
  });
});
