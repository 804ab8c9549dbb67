// @vitest-environment happy-dom
/**
 * The board renderer: context builders for square, hex and triangle grids, points, pieces (shape
 * per side, stacks, facing), choices; the pure helpers (keyboard navigation, snapping, placement
 * checks); and, on boards rendered from the real templates in happy-dom, clicks, keys, follow-up
 * choices, pointer drags, wheel turns and keyboard-only tile placement reaching the callbacks.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type BoardContext,
  type BoardSpec,
  boardCells,
  boardContext,
  facingDegrees,
  pieceShape,
} from "../../src/apps/board/context";
import {
  type BoardIntent,
  bindBoard,
  moveActionData,
  placeActionData,
  readPlacements,
} from "../../src/apps/board/interaction";
import { type DragState, IDLE, destinationsOf, dragStep } from "../../src/apps/board/machine";
import { nextInDirection } from "../../src/apps/board/navigation";
import { slidesBetween } from "../../src/apps/board/slide";
import {
  type PlacedTile,
  type PlacementSpec,
  checkPlacements,
  orientShape,
  parsePlacements,
  placementContext,
  pointInPolygon,
  snapAt,
} from "../../src/apps/board/placement";
import { allSquares, hexagon, hexKey, squareKey } from "../../src/rules/grid";
import { morph } from "../../src/standalone/morph";
import { renderTemplate } from "../foundry/dom";
import { DOMINO, ELL } from "../helpers/tile-shapes";

const square3: BoardSpec = {
  grid: "square",
  labelKey: "CANTINA.Board.Label",
  pieceGlyphs: ["●", "■"],
  cells: allSquares({ width: 3, height: 3 }).map((s) => ({ at: squareKey(s), kind: "plain" })),
  moves: [],
};

const pieceAt = (at: string, owner: number, extra: object = {}) => ({
  at,
  kind: "plain",
  piece: { owner, labelKey: "CANTINA.Board.PieceOf", name: owner === 0 ? "Aurra" : "Bossk", ...extra },
});

/** A fresh window element for each board (bindBoard binds an element once). */
function mount(html: string): HTMLElement {
  const root = document.createElement("section");
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = "";
});

/** Each mounted window's board model, as a host keeps it with the drawing and hands it to the board controller. */
const models = new WeakMap<HTMLElement, BoardContext>();

/** A window drawing `board`, its model kept for its controller (see `modelOf`). */
function mountBoard(board: BoardContext): HTMLElement {
  const root = mount(renderTemplate("board/board.hbs", { board }));
  models.set(root, board);
  return root;
}

/** What a host hands `bindBoard` as `model`: the model the window was last drawn with. */
const modelOf = (root: HTMLElement) => (): BoardContext | null => models.get(root) ?? null;

describe("board context: geometry", () => {
  it("a square grid: one clipped button per cell at its place, in reading order", () => {
    const ctx = boardContext(square3);
    expect(ctx.cells).toHaveLength(9);
    expect(ctx.width).toBe(300);
    expect(ctx.cells.map((c) => c.id).slice(0, 4)).toEqual(["0,0", "1,0", "2,0", "0,1"]);
    const centre = ctx.cells.find((c) => c.id === "1,1")!;
    expect(centre.style).toContain("left:33.33%;top:33.33%;width:33.33%;height:33.33%");
    expect(centre.style).toContain("clip-path:polygon(0% 0%,100% 0%,100% 100%,0% 100%)");
    expect([centre.cx, centre.cy]).toEqual([150, 150]);
  });

  it("a hex grid of radius 1: seven hexagons, six corners each, no two centres alike", () => {
    const ctx = boardContext({ ...square3, grid: "hex", cells: hexagon(1).map((h) => ({ at: hexKey(h), kind: "h" })) });
    expect(ctx.cells).toHaveLength(7);
    for (const c of ctx.cells) expect(c.points.split(" ")).toHaveLength(6);
    expect(new Set(ctx.cells.map((c) => `${c.cx},${c.cy}`)).size).toBe(7);
    expect(ctx.width).toBeCloseTo(300, 0);
  });

  it("a triangle-in-square grid: four triangles per square meeting at its centre", () => {
    const cells = ["n", "e", "s", "w"].map((side) => ({ at: `0,0,${side}`, kind: "t" }));
    const ctx = boardContext({ ...square3, grid: "triangle", cells });
    expect(ctx.cells).toHaveLength(4);
    for (const c of ctx.cells) expect(c.points.split(" ")).toHaveLength(3);
    expect(ctx.cells.find((c) => c.id === "0,0,n")).toMatchObject({ cx: 50 });
  });

  it("cells not listed are gaps; flip mirrors top-bottom and turn both ways", () => {
    const gappy = { ...square3, cells: square3.cells.filter((c) => c.at !== "1,1") };
    expect(boardContext(gappy).cells.map((c) => c.id)).not.toContain("1,1");
    const flipped = boardContext({ ...square3, flip: true });
    expect(flipped.cells.find((c) => c.id === "0,0")).toMatchObject({ cx: 50, cy: 250 });
    const turned = boardContext({ ...square3, turn: true });
    expect(turned.cells.find((c) => c.id === "0,0")).toMatchObject({ cx: 250, cy: 250 });
  });

  it("board data from the grid toolkit becomes cells with kind and tag classes, glyphs and pieces", () => {
    const cells = boardCells(
      {
        grid: "hex",
        cells: [
          { id: "0,0", kind: "centre", tags: ["goal"] },
          { id: "1,0", kind: "red" },
        ],
      },
      { glyph: (k) => (k === "red" ? "▲" : ""), piece: (id) => (id === "1,0" ? { owner: 1, labelKey: "K" } : null) },
    );
    expect(cells[0]).toMatchObject({ at: "0,0", kind: "centre", classes: ["tag-goal"], piece: null });
    expect(cells[1]).toMatchObject({ glyph: "▲", piece: { owner: 1 } });
  });

  it("points stand on the grid's intersections: a 10×10 board has 11×11, at the cells' corners", () => {
    const cells = allSquares({ width: 10, height: 10 }).map((s) => ({ at: squareKey(s), kind: "plain" }));
    const points = allSquares({ width: 11, height: 11 }).map((p) => ({ id: `p${p.x},${p.y}`, x: p.x, y: p.y }));
    const ctx = boardContext({ ...square3, cells, points, moves: [{ from: "p0,0", to: "p1,1" }] });
    expect(ctx.points).toHaveLength(121);
    const origin = ctx.points.find((p) => p.id === "p0,0")!;
    const corner = ctx.points.find((p) => p.id === "p1,1")!;
    expect(corner.cx - origin.cx).toBe(100);
    expect(origin).toMatchObject({ selectable: true, tabindex: 0 });
    expect(corner).toMatchObject({ destFor: "p0,0", tabindex: 0 });
  });
});

describe("board context: pieces and moves", () => {
  it("each side has its own shape as well as its colour, and the owner's glyph by default", () => {
    const shapes = [0, 1, 2, 3, 4, 5].map((o) => pieceShape(o, 0, 0, 10));
    expect(new Set(shapes).size).toBe(6);
    const ctx = boardContext({ ...square3, cells: [pieceAt("0,0", 0), pieceAt("1,0", 1, { glyph: "K" })] });
    expect(ctx.cells[0]?.piece).toMatchObject({ owner: 0, glyph: "●" });
    expect(ctx.cells[1]?.piece).toMatchObject({ owner: 1, glyph: "K" });
  });

  it("a stack shows its count; a facing piece has an arrow and says where it points", () => {
    const ctx = boardContext({
      ...square3,
      cells: [pieceAt("0,0", 0, { count: 3 }), pieceAt("1,0", 1, { facing: "se" }), pieceAt("2,0", 1, { facing: 90 })],
    });
    expect(ctx.cells[0]?.piece).toMatchObject({ count: 3, showCount: true, arrow: "", pips: [] });
    const mixed = boardContext({ ...square3, cells: [pieceAt("0,0", 0, { stack: [1, 1, 0] })] }).cells[0]?.piece;
    expect(mixed).toMatchObject({ count: 3, showCount: true });
    expect(mixed?.pips.map((p) => p.owner)).toEqual([0, 1, 1]); // top first
    expect(ctx.cells[1]?.piece).toMatchObject({ showCount: false, facingKey: "CANTINA.Board.Facing.se" });
    expect(ctx.cells[1]?.piece?.arrow).toMatch(/^M[\d.,]+L[\d.,]+L[\d.,]+Z$/);
    expect(ctx.cells[2]?.piece?.facingKey).toBe("CANTINA.Board.Facing.e");
    expect(facingDegrees("w")).toBe(270);
  });

  it("sources, destinations, move ids and choice sets come from the moves; only they are tab stops", () => {
    const ctx = boardContext({
      ...square3,
      cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)],
      moves: [
        { from: "0,0", to: "1,0", id: "m1" },
        { from: "0,0", to: "0,1", choices: [{ id: "a", labelKey: "CANTINA.Board.Cancel" }] },
      ],
    });
    const at = (id: string) => ctx.cells.find((c) => c.id === id)!;
    expect(at("0,0")).toMatchObject({ selectable: true, tabindex: 0 });
    expect(at("1,0")).toMatchObject({ destFor: "0,0", destIds: "0,0=m1", tabindex: 0 });
    expect(at("2,2")).toMatchObject({ selectable: false, destFor: "", tabindex: -1 });
    expect(ctx.choiceSets).toEqual([
      { from: "0,0", to: "0,1", choices: [{ id: "a", labelKey: "CANTINA.Board.Cancel" }] },
    ]);
  });

  it("a board nobody can act on still has one tab stop (the arrows do the rest)", () => {
    const ctx = boardContext(square3);
    expect(ctx.cells.filter((c) => c.tabindex === 0)).toHaveLength(1);
  });
});

describe("pure helpers", () => {
  it("arrow keys go to the geometric neighbour, straight before diagonal, nothing past the edge", () => {
    const grid = allSquares({ width: 3, height: 3 }).map((s) => ({ id: squareKey(s), x: s.x, y: s.y }));
    const from = { id: "1,1", x: 1, y: 1 };
    expect(nextInDirection(from, grid, "right")?.id).toBe("2,1");
    expect(nextInDirection(from, grid, "up")?.id).toBe("1,0");
    expect(nextInDirection({ id: "2,1", x: 2, y: 1 }, grid, "right")).toBeNull();
    // Hexes: from the centre, right is east; up goes to one of the two upper neighbours.
    const hexes = boardContext({
      ...square3,
      grid: "hex",
      cells: hexagon(1).map((h) => ({ at: hexKey(h), kind: "h" })),
    });
    const t = hexes.cells.map((c) => ({ id: c.id, x: c.cx, y: c.cy }));
    const centre = t.find((c) => c.id === "0,0")!;
    expect(nextInDirection(centre, t, "right")?.id).toBe("1,0");
    expect(["0,-1", "1,-1"]).toContain(nextInDirection(centre, t, "up")?.id);
  });

  it("orienting, snapping and hit-testing", () => {
    const L = [
      { x: 0, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ];
    expect(orientShape(L, { rotation: 1, flipped: false })).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ]);
    expect(orientShape(L, { rotation: 0, flipped: true })).toEqual([
      { x: 1, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ]);
    expect(snapAt({ x: 3.4, y: 2.9 }, { x: 0.5, y: 0.5 })).toEqual({ x: 3, y: 2 });
    const tri = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 1, y: 1 },
    ];
    expect(pointInPolygon({ x: 1, y: 0.5 }, tri)).toBe(true);
    expect(pointInPolygon({ x: 0.2, y: 0.8 }, tri)).toBe(false);
  });

  it("placement checks: hanging over, overlapping, and a board covered exactly once", () => {
    const board = new Set(["0,0", "1,0", "0,1", "1,1"]);
    expect(checkPlacements(board, [{ tileId: "a", cells: ["0,0", "1,0", "2,0"] }]).byTile.a).toEqual({
      overhang: true,
      overlap: false,
    });
    const two = checkPlacements(board, [
      { tileId: "a", cells: ["0,0", "1,0"] },
      { tileId: "b", cells: ["1,0", "1,1"] },
    ]);
    expect(two.byTile).toEqual({ a: { overhang: false, overlap: true }, b: { overhang: false, overlap: true } });
    const done = checkPlacements(board, [
      { tileId: "a", cells: ["0,0", "1,0"] },
      { tileId: "b", cells: ["0,1", "1,1"] },
    ]);
    expect(done).toMatchObject({ complete: true, covered: 4 });
  });
});

// ---- interaction on rendered boards ------------------------------------------------------------

const click = (el: Element) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
const key = (el: Element, k: string, shiftKey = false) =>
  el.dispatchEvent(new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }));
const cell = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-cell="${id}"]`)!;

describe("board interaction (happy-dom)", () => {
  const spec: BoardSpec = {
    ...square3,
    cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)],
    trays: [{ id: "hand", owner: 0, labelKey: "CANTINA.Ulwan.Hand", count: 2 }],
    moves: [
      { from: "0,0", to: "1,0", id: "step" },
      { from: "0,0", to: "1,1", choices: [{ id: "attack", labelKey: "CANTINA.Board.Facing.n" }] },
      { from: "hand", to: "2,2" },
    ],
  };

  it("renders labelled, focusable targets with data attributes", () => {
    const root = mountBoard(boardContext(spec));
    const source = cell(root, "0,0");
    expect(source.tagName).toBe("BUTTON");
    expect(source.querySelector(".cantina-sr")?.textContent).toBe("0,0 · Aurra's piece");
    expect(source.dataset.piece).toBe("0");
    expect(source.hasAttribute("data-selectable")).toBe(true);
    expect(root.querySelector('[data-tray="hand"]')?.textContent).toContain("2 waiting");
  });

  it("a click on a source then a lit destination calls move with from, to and the move's id", () => {
    const root = mountBoard(boardContext(spec));
    const moves: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => moves.push(m) });
    click(cell(root, "0,0"));
    expect(root.querySelector<HTMLElement>("[data-board]")!.dataset.selected).toBe("0,0");
    expect(cell(root, "1,0").hasAttribute("data-destination")).toBe(true);
    expect(cell(root, "2,2").hasAttribute("data-destination")).toBe(false);
    click(cell(root, "1,0"));
    expect(moves).toEqual([{ from: "0,0", to: "1,0", id: "step" }]);
    expect(root.querySelectorAll("[data-destination]")).toHaveLength(0);
    // From the tray.
    click(root.querySelector('[data-tray="hand"]')!);
    click(cell(root, "2,2"));
    expect(moves[1]).toEqual({ from: "hand", to: "2,2" });
  });

  it("an illegal click is not silent: a square the selected piece cannot reach, or a piece that cannot move, is a refused intent", () => {
    const blocked: BoardSpec = {
      ...spec,
      cells: [...spec.cells.slice(0, 4), pieceAt("1,1", 1), ...spec.cells.slice(5)],
    };
    const root = mountBoard(boardContext(blocked));
    const moves: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => moves.push(m) });
    click(cell(root, "0,0"));
    click(cell(root, "2,2")); // not one of its destinations
    expect(moves).toEqual([{ from: "0,0", to: "2,2", refused: true }]);
    expect(root.querySelector<HTMLElement>("[data-board]")!.dataset.selected).toBe("");
    // The other side's piece (no move from it) says why too; an empty square alone and a second
    // click on the selected piece say nothing.
    click(cell(root, "1,1"));
    expect(moves[1]).toEqual({ from: "1,1", to: "", refused: true });
    click(cell(root, "2,1"));
    click(cell(root, "0,0"));
    click(cell(root, "0,0"));
    expect(moves).toHaveLength(2);
    expect(moveActionData(moves[0]!)).toEqual({ action: "board-move", from: "0,0", to: "2,2", refused: "true" });
  });

  it("a move with a follow-up opens its choices by the destination; the chosen one is the intent's id", () => {
    const root = mountBoard(boardContext(spec));
    const moves: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => moves.push(m) });
    click(cell(root, "0,0"));
    click(cell(root, "1,1"));
    const popover = root.querySelector<HTMLElement>('[data-choices-for="0,0 1,1"]')!;
    expect(popover.hidden).toBe(false);
    expect(moves).toEqual([]);
    const choice = popover.querySelector<HTMLElement>("[data-choice]")!;
    expect(choice.textContent).toBe("facing north");
    expect(document.activeElement).toBe(choice);
    click(choice);
    expect(moves).toEqual([{ from: "0,0", to: "1,1", choice: "attack" }]);
    // The hosts hand the game the chosen one as the move's id.
    expect(moveActionData(moves[0]!)).toEqual({ action: "board-move", from: "0,0", to: "1,1", id: "attack" });
    expect(popover.hidden).toBe(true);
  });

  it("a move that stays on its cell (turning a piece) is a second click on it, then the choice", () => {
    const turn: BoardSpec = {
      ...spec,
      moves: [{ from: "0,0", to: "0,0", choices: [{ id: "e", labelKey: "CANTINA.Board.Facing.e" }] }],
    };
    const root = mountBoard(boardContext(turn));
    const moves: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => moves.push(m) });
    click(cell(root, "0,0"));
    click(cell(root, "0,0"));
    click(root.querySelector('[data-choice][data-id="e"]')!);
    expect(moves).toEqual([{ from: "0,0", to: "0,0", choice: "e" }]);
    // Cancel in the popover keeps the piece selected; Escape then drops it.
    click(cell(root, "0,0"));
    click(cell(root, "0,0"));
    click(root.querySelector("[data-board-cancel]")!);
    expect(root.querySelector<HTMLElement>("[data-board]")!.dataset.selected).toBe("0,0");
    expect(root.querySelector<HTMLElement>("[data-choices-for]")!.hidden).toBe(true);
  });

  it("the hosts' action data: board-move with the intent, board-place with the placements as JSON read back checked", () => {
    expect(moveActionData({ from: "a", to: "b" })).toEqual({ action: "board-move", from: "a", to: "b" });
    expect(moveActionData({ from: "a", to: "b", id: "7" })).toMatchObject({ id: "7" });
    const data = placeActionData([
      { tileId: "duo", rotation: 1, flipped: false, at: { x: 2, y: 0 }, cells: ["2,0", "2,1"] },
    ]);
    expect(data.action).toBe("board-place");
    expect(parsePlacements(data.placements)).toEqual([
      { tileId: "duo", rotation: 1, flipped: false, at: { x: 2, y: 0 } },
    ]);
    for (const bad of [
      undefined,
      "{",
      "{}",
      '[{"tileId":"a","rotation":4,"flipped":false,"at":{"x":0,"y":0}}]',
      '[{"tileId":"a","rotation":0,"flipped":"no","at":{"x":0,"y":0}}]',
      '[{"tileId":"a","rotation":0,"flipped":false,"at":{"x":0.5,"y":0}}]',
    ]) {
      expect(parsePlacements(bad)).toBeNull();
    }
  });

  it("keyboard play: arrows walk the grid, Enter (the button's click) selects and moves, Escape cancels", () => {
    const root = mountBoard(boardContext(spec));
    const moves: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => moves.push(m) });
    cell(root, "0,0").focus();
    key(cell(root, "0,0"), "ArrowRight");
    expect(document.activeElement).toBe(cell(root, "1,0"));
    key(cell(root, "1,0"), "ArrowDown");
    expect(document.activeElement).toBe(cell(root, "1,1"));
    key(cell(root, "1,1"), "ArrowLeft");
    key(cell(root, "0,1"), "ArrowUp");
    expect(document.activeElement).toBe(cell(root, "0,0"));
    click(cell(root, "0,0")); // Enter on a focused button is its click
    key(cell(root, "0,0"), "ArrowRight");
    key(cell(root, "1,0"), "Escape");
    expect(root.querySelector<HTMLElement>("[data-board]")!.dataset.selected).toBe("");
    expect(document.activeElement).toBe(cell(root, "0,0"));
    click(cell(root, "0,0"));
    click(cell(root, "1,0"));
    expect(moves).toEqual([{ from: "0,0", to: "1,0", id: "step" }]);
  });

  it("the window's board runs the canvas's selection machine: the same clicks give the same states and moves", () => {
    const board = boardContext(spec);
    const root = mountBoard(board);
    const sent: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => sent.push(m) });
    const clicks = ["0,0", "2,2", "hand", "0,0", "1,1"];
    let state: DragState = IDLE;
    const expected: BoardIntent[] = [];
    for (const id of clicks) {
      const target = root.querySelector<HTMLElement>(`[data-square="${id}"]`)!;
      click(target);
      // A click is the machine's press and release on the target (a piece there that cannot move is flagged).
      for (const event of [
        { type: "down", target: id, x: 0, y: 0, piece: target.dataset.piece !== undefined },
        { type: "up", target: id },
      ] as const) {
        if (event.type === "up" && state.phase !== "pressed") break;
        const step = dragStep(state, event, board.moves, false);
        state = step.state;
        if (step.send) expected.push(step.send);
      }
      const held = state.phase === "selected" || state.phase === "choosing" ? state.from : "";
      expect(root.querySelector<HTMLElement>("[data-board]")!.dataset.selected, id).toBe(held);
      const lit = [...root.querySelectorAll<HTMLElement>("[data-destination]")].map((el) => el.dataset.square);
      // While its choices are open the piece stays selected with its destinations lit.
      const litNow =
        state.phase === "selected"
          ? state.lit
          : state.phase === "choosing"
            ? destinationsOf(board.moves, state.from)
            : [];
      expect(lit.sort()).toEqual([...litNow].sort());
    }
    expect(state.phase).toBe("choosing");
    expect(sent).toEqual(expected);
    expect(sent).toEqual([{ from: "0,0", to: "2,2", refused: true }]);
  });

  it("bindBoard binds once per element and can be undone", () => {
    const root = mountBoard(boardContext(spec));
    const move = vi.fn();
    const unbind = bindBoard(root, { model: modelOf(root), move });
    expect(bindBoard(root, { model: modelOf(root), move })).toBe(unbind);
    click(cell(root, "0,0"));
    click(cell(root, "1,0"));
    expect(move).toHaveBeenCalledTimes(1);
    unbind();
    click(cell(root, "0,0"));
    click(cell(root, "1,0"));
    expect(move).toHaveBeenCalledTimes(1);
  });
});

describe("placement mode (happy-dom)", () => {
  // A 4×2 board; an L tromino and a domino. Cells are 50 px on screen.
  const place: PlacementSpec = {
    board: {
      grid: "square",
      labelKey: "CANTINA.Board.Label",
      cells: allSquares({ width: 4, height: 2 }).map((s) => ({ at: squareKey(s), kind: "white" })),
      moves: [],
    },
    tiles: [
      {
        id: "ell",
        labelKey: "CANTINA.Board.Cancel",
        shape: ELL,
      },
      {
        id: "duo",
        labelKey: "CANTINA.Board.Label",
        shape: DOMINO,
      },
    ],
    placed: [],
    allowFlip: false,
  };

  function mountPlacement(spec: PlacementSpec = place) {
    const root = mount(renderTemplate("board/placement.hbs", { placement: placementContext(spec) }));
    const surface = root.querySelector<HTMLElement>("[data-board-surface]")!;
    surface.getBoundingClientRect = () =>
      ({
        left: 0,
        top: 0,
        width: 200,
        height: 100,
        right: 200,
        bottom: 100,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      }) as DOMRect;
    const calls: (readonly PlacedTile[])[] = [];
    bindBoard(root, { place: (p) => calls.push(p) });
    return { root, calls };
  }
  const pointer = (el: Element, type: string, x: number, y: number) =>
    el.dispatchEvent(
      new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, pointerId: 1, button: 0 }),
    );

  it("the context lays tiles over the board and marks one hanging over", () => {
    const ctx = placementContext({
      ...place,
      placed: [{ tileId: "duo", rotation: 0, flipped: false, at: { x: 3, y: 0 } }],
    });
    expect(ctx.placed[0]).toMatchObject({ id: "duo", at: "3,0", invalid: "overhang" });
    expect(ctx.placed[0]?.layout.style).toBe("left:75%;top:0%;width:50%;height:50%");
    expect(ctx.tiles.find((t) => t.id === "duo")).toMatchObject({ placed: true, shape: "0,0;1,0" });
    expect(ctx.complete).toBe(false);
  });

  it("a tile dragged from the tray with the pointer snaps to the grid and is handed to the callback", () => {
    const { root, calls } = mountPlacement();
    const tray = root.querySelector('[data-tile="duo"]')!;
    pointer(tray, "pointerdown", 300, 300);
    // The domino's centre follows the pointer: at (75, 25) px = (1.5, 0.5) cells, its origin snaps to (1, 0).
    pointer(root, "pointermove", 75, 25);
    expect(root.querySelector('[data-placed-tile="duo"]')!.hasAttribute("data-holding")).toBe(true);
    // R turns the tile in hand even though the focus stayed on the tray; R again and Shift+R undo it.
    key(tray, "r");
    expect(root.querySelector<HTMLElement>('[data-placed-tile="duo"]')!.dataset.rotation).toBe("1");
    key(tray, "r");
    key(tray, "R", true);
    key(tray, "R", true);
    expect(calls).toEqual([]);
    pointer(root, "pointerup", 75, 25);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([
      { tileId: "duo", rotation: 0, flipped: false, at: { x: 1, y: 0 }, cells: ["1,0", "2,0"] },
    ]);
    expect(tray.hasAttribute("data-placed")).toBe(true);
    // Dragged again, by its right half, one cell down.
    const tile = root.querySelector('[data-placed-tile="duo"]')!;
    pointer(tile, "pointerdown", 120, 20);
    pointer(root, "pointermove", 120, 70);
    pointer(root, "pointerup", 120, 70);
    expect(calls[1]?.[0]?.cells).toEqual(["1,1", "2,1"]);
  });

  it("the wheel turns a tile; one hanging over or overlapping is marked; a drop off the board returns it", () => {
    const { root, calls } = mountPlacement();
    pointer(root.querySelector('[data-tile="duo"]')!, "pointerdown", 300, 300);
    pointer(root, "pointermove", 175, 25);
    pointer(root, "pointerup", 175, 25);
    const tile = root.querySelector<HTMLElement>('[data-placed-tile="duo"]')!;
    expect(tile.dataset.at).toBe("3,0");
    expect(tile.dataset.invalid).toBe("overhang");
    expect(tile.getAttribute("aria-label")).toContain("hanging over the edge");
    tile.dispatchEvent(new WheelEvent("wheel", { deltaY: 100, bubbles: true, cancelable: true }));
    expect(tile.dataset.rotation).toBe("1");
    expect(tile.dataset.invalid).toBe("");
    expect(calls.at(-1)?.[0]?.cells).toEqual(["3,0", "3,1"]);
    pointer(tile, "pointerdown", 175, 25);
    pointer(root, "pointermove", 900, 900);
    pointer(root, "pointerup", 900, 900);
    expect(root.querySelector('[data-placed-tile="duo"]')).toBeNull();
    expect(calls.at(-1)).toEqual([]);
  });

  it("keyboard only: pick a tile with Enter, move it with arrows, turn it with R, put it down with Enter, Delete returns it", () => {
    const { root, calls } = mountPlacement();
    const tray = root.querySelector<HTMLElement>('[data-tile="ell"]')!;
    tray.focus();
    click(tray); // Enter on the focused tray button
    const tile = root.querySelector<HTMLElement>('[data-placed-tile="ell"]')!;
    expect(document.activeElement).toBe(tile);
    expect(tile.dataset.at).toBe("0,0");
    key(tile, "ArrowRight");
    key(tile, "ArrowRight");
    key(tile, "r");
    key(tile, "R", true);
    key(tile, "r");
    expect(calls).toEqual([]); // still in hand
    key(tile, "f"); // no flipping in this game
    expect(tile.dataset.flipped).toBe("false");
    key(tile, "Enter");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toMatchObject({ tileId: "ell", rotation: 1, at: { x: 2, y: 0 } });
    expect(calls[0]?.[0]?.cells).toEqual(["2,0", "3,0", "2,1"]);
    key(tile, "Delete");
    expect(calls.at(-1)).toEqual([]);
    expect(document.activeElement).toBe(tray);
  });

  it("a full cover marks the board complete; F turns a tile over where flipping is allowed, reported at once", () => {
    const five = ["0,0", "0,1", "1,1", "2,0", "3,0"];
    const { root, calls } = mountPlacement({
      ...place,
      board: { ...place.board, cells: five.map((at) => ({ at, kind: "white" })) },
      allowFlip: true,
      placed: [
        { tileId: "ell", rotation: 0, flipped: false, at: { x: 0, y: 0 } },
        { tileId: "duo", rotation: 0, flipped: false, at: { x: 2, y: 0 } },
      ],
    });
    expect(root.querySelector("[data-placement]")!.hasAttribute("data-complete")).toBe(true);
    const ell = root.querySelector<HTMLElement>('[data-placed-tile="ell"]')!;
    key(ell, "f");
    expect(calls.at(-1)?.find((p) => p.tileId === "ell")?.cells).toEqual(["1,0", "0,1", "1,1"]);
    expect(ell.dataset.invalid).toBe("overhang");
    expect(readPlacements(root)).toHaveLength(2);
    expect(root.querySelector("[data-placement]")!.hasAttribute("data-complete")).toBe(false);
  });
});

describe("pieces slide along their path (happy-dom)", () => {
  // A track round the 3×3 board's edge for side 0: 0,0 → 1,0 → 2,0 → 2,1 → 2,2.
  const track = ["0,0", "1,0", "2,0", "2,1", "2,2"];
  const drawn = (at: string, extra: Partial<BoardSpec> = {}): HTMLElement => {
    const spec: BoardSpec = {
      ...square3,
      cells: square3.cells.map((c) => (c.at === at ? pieceAt(at, 0) : c.at === "1,1" ? pieceAt("1,1", 1) : c)),
      tracks: [track],
      ...extra,
    };
    return mountBoard(boardContext(spec)).querySelector<HTMLElement>("[data-board]")!;
  };

  it("a moved piece's way runs along its track's cells from its old place, relative to the new one", () => {
    const slides = slidesBetween(drawn("0,0"), drawn("2,1"), [track]);
    expect(slides.map((s) => s.to)).toEqual(["2,1"]);
    // Five cells apart on the board's centres (100 units a cell): 0,0 → 1,0 → 2,0 → 2,1.
    expect(slides[0]!.path).toEqual([
      { x: -200, y: -100 },
      { x: -100, y: -100 },
      { x: 0, y: -100 },
      { x: 0, y: 0 },
    ]);
  });

  it("off its track a piece slides straight; a piece that did not move, or only vanished (captured), does not", () => {
    expect(slidesBetween(drawn("0,0", { tracks: [] }), drawn("2,1", { tracks: [] }), [])[0]!.path).toEqual([
      { x: -200, y: -100 },
      { x: 0, y: 0 },
    ]);
    expect(slidesBetween(drawn("0,0"), drawn("0,0"), [track])).toEqual([]);
    const captured = mount(
      renderTemplate("board/board.hbs", {
        board: boardContext({ ...square3, cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)] }),
      }),
    ).querySelector<HTMLElement>("[data-board]")!;
    expect(slidesBetween(drawn("0,0"), captured, [track])).toEqual([]);
  });

  it("the window's state is final at once: a redrawn board shows the piece on its new cell before any slide", async () => {
    const root = mount(
      renderTemplate("board/board.hbs", {
        board: boardContext({ ...square3, cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)], tracks: [track] }),
      }),
    );
    bindBoard(root, {});
    const next = boardContext({
      ...square3,
      cells: square3.cells.map((c) => (c.at === "2,1" ? pieceAt("2,1", 0) : c)),
      tracks: [track],
    });
    root.innerHTML = renderTemplate("board/board.hbs", { board: next });
    await Promise.resolve();
    expect(cell(root, "2,1").dataset.piece).toBe("0");
    expect(cell(root, "0,0").dataset.piece).toBeUndefined();
  });

  it("a redrawn window's piece slides along the tracks of the model its host hands over", async () => {
    const at = (to: string) =>
      boardContext({
        ...square3,
        cells: square3.cells.map((c) => (c.at === to ? pieceAt(to, 0) : c)),
        tracks: [track],
      });
    const root = mountBoard(at("0,0"));
    const frames: unknown[][] = [];
    // Web Animations' Element.animate (happy-dom has none): the frames a slide plays, then done.
    const animate = (keyframes: unknown[]) => {
      frames.push(keyframes);
      return { addEventListener: () => undefined } as unknown as Animation;
    };
    Object.defineProperty(window.SVGElement.prototype, "animate", { value: animate, configurable: true });
    try {
      bindBoard(root, { model: modelOf(root) });
      models.set(root, at("2,1"));
      morph(root.querySelector("[data-board]")!, mountBoard(at("2,1")).querySelector("[data-board]")!);
      await new Promise((resolve) => setTimeout(resolve, 0));
      // 0,0 → 1,0 → 2,0 → 2,1: the track's cells, not the straight way.
      expect(frames).toHaveLength(1);
      expect(frames[0]).toHaveLength(4);
    } finally {
      Reflect.deleteProperty(window.SVGElement.prototype, "animate");
    }
  });
});

describe("a board redrawn in place (the standalone page morphs its parts)", () => {
  it("reads the new moves and drops a selection the redraw cleared", () => {
    const before = boardContext({
      ...square3,
      cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)],
      moves: [{ from: "0,0", to: "1,0" }],
    });
    const root = mountBoard(before);
    const sent: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => sent.push(m) });
    click(cell(root, "0,0"));
    const after = boardContext({
      ...square3,
      cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)],
      moves: [{ from: "0,0", to: "2,2" }],
    });
    const fresh = document.createElement("section");
    fresh.innerHTML = renderTemplate("board/board.hbs", { board: after });
    // The host keeps the new model with its drawing, then redraws.
    models.set(root, after);
    morph(root.querySelector("[data-board]")!, fresh.querySelector("[data-board]")!);
    // The old selection is gone with the redraw: a click on its old destination is no move.
    click(cell(root, "1,0"));
    expect(sent).toEqual([]);
    click(cell(root, "0,0"));
    click(cell(root, "2,2"));
    expect(sent).toEqual([{ from: "0,0", to: "2,2" }]);
  });

  it("a redraw with the same moves (a new model object) keeps the selection", () => {
    const spec: BoardSpec = {
      ...square3,
      cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)],
      moves: [{ from: "0,0", to: "1,0", id: "a" }],
    };
    const root = mountBoard(boardContext(spec));
    const sent: BoardIntent[] = [];
    bindBoard(root, { model: modelOf(root), move: (m) => sent.push(m) });
    click(cell(root, "0,0"));
    models.set(root, boardContext(spec));
    click(cell(root, "1,0"));
    expect(sent).toEqual([{ from: "0,0", to: "1,0", id: "a" }]);
  });
});

describe("the typed model handed over, not a string on the board (issue 24)", () => {
  const drawnSpec: BoardSpec = {
    ...square3,
    cells: [pieceAt("0,0", 0), ...square3.cells.slice(1)],
    moves: [{ from: "0,0", to: "1,0", id: "drawn" }],
    tracks: [["0,0", "1,0", "2,0"]],
  };

  it("the board element carries neither its moves nor its tracks as JSON", () => {
    const root = mountBoard(boardContext(drawnSpec));
    const board = root.querySelector<HTMLElement>("[data-board]")!;
    expect(board.hasAttribute("data-moves")).toBe(false);
    expect(board.hasAttribute("data-tracks")).toBe(false);
    expect(board.outerHTML).not.toContain("&quot;from&quot;");
  });

  it("clicks play the moves of the model the host hands the controller", () => {
    const root = mountBoard(boardContext(drawnSpec));
    const handed = boardContext({ ...drawnSpec, moves: [{ from: "0,0", to: "2,2", id: "handed" }] });
    const sent: BoardIntent[] = [];
    bindBoard(root, { model: () => handed, move: (m) => sent.push(m) });
    click(cell(root, "0,0"));
    expect(cell(root, "2,2").hasAttribute("data-destination")).toBe(true);
    expect(cell(root, "1,0").hasAttribute("data-destination")).toBe(false);
    click(cell(root, "2,2"));
    expect(sent).toEqual([{ from: "0,0", to: "2,2", id: "handed" }]);
  });

  it("without a model handed over the board offers no move: a piece clicked is a refused intent", () => {
    const root = mountBoard(boardContext(drawnSpec));
    const sent: BoardIntent[] = [];
    bindBoard(root, { move: (m) => sent.push(m) });
    click(cell(root, "0,0"));
    expect(sent).toEqual([{ from: "0,0", to: "", refused: true }]);
  });
});
