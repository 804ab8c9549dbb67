/**
 * The canvas board's logic that needs no WebGL (src/apps/canvas): the layout taken from a board
 * context (outlines, pieces, trays, moves rebuilt from its links), hit-testing, the pieces that moved
 * between two updates, the drag state machine, the data a host hands the game, and that the
 * renderer takes PIXI only from its host.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type BoardSpec, UNIT, boardContext, pieceOutline } from "../../src/apps/board/context";
import { canvasMoveData } from "../../src/apps/canvas/contract";
import { type DragState, IDLE, dragStep, litOf } from "../../src/apps/board/machine";
import {
  hitTest,
  insidePolygon,
  layoutBoard,
  movedPieces,
  pointAlong,
  restingPoint,
  tweenPath,
} from "../../src/apps/canvas/layout";
import { apps } from "../../src/games";
import { allSquares, hexagon, hexKey, squareKey } from "../../src/rules/grid";

const piece = (owner: number, extra: object = {}) => ({ owner, labelKey: "CANTINA.Board.PieceOf", ...extra });

/** A 3×3 square board: side 0 on 0,2 (moves to 0,1 or 1,1 with two choices), side 1 on 2,0, a tray for side 0. */
function square(extra: Partial<BoardSpec> = {}): BoardSpec {
  return {
    grid: "square",
    labelKey: "CANTINA.Board.Label",
    cells: allSquares({ width: 3, height: 3 }).map((s) => {
      const at = squareKey(s);
      return { at, kind: "plain", piece: at === "0,2" ? piece(0) : at === "2,0" ? piece(1, { count: 2 }) : null };
    }),
    trays: [{ id: "hand", owner: 0, labelKey: "CANTINA.Ulwan.Hand", count: 3 }],
    moves: [
      { from: "0,2", to: "0,1", id: "m1" },
      {
        from: "0,2",
        to: "1,1",
        choices: [
          { id: "a", labelKey: "CANTINA.Board.Cancel" },
          { id: "b", labelKey: "CANTINA.Board.Cancel" },
        ],
      },
      { from: "hand", to: "2,2" },
    ],
    ...extra,
  };
}

describe("canvas layout", () => {
  it("places each square cell's outline around its centre, one unit wide", () => {
    const layout = layoutBoard(boardContext(square()));
    const cell = layout.byId.get("1,1");
    expect(cell?.type).toBe("cell");
    expect(cell?.x).toBeCloseTo(1.5 * UNIT);
    expect(cell?.y).toBeCloseTo(1.5 * UNIT);
    const xs = cell?.polygon.map((p) => p.x) ?? [];
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(UNIT, 1);
    expect(Math.min(...xs)).toBeCloseTo(UNIT, 1);
  });

  it("keeps the view's mirroring: a flipped board draws row 0 at the bottom", () => {
    const plain = layoutBoard(boardContext(square()));
    const flipped = layoutBoard(boardContext(square({ flip: true })));
    expect(plain.byId.get("0,0")?.y).toBeLessThan(plain.byId.get("0,2")?.y ?? 0);
    expect(flipped.byId.get("0,0")?.y).toBeGreaterThan(flipped.byId.get("0,2")?.y ?? 0);
  });

  it("draws pieces with their owner, stack count and facing arrow; trays in a row under the board", () => {
    const spec = square();
    const withFacing: BoardSpec = {
      ...spec,
      cells: spec.cells.map((c) => (c.at === "1,0" ? { ...c, piece: piece(0, { facing: "e" }) } : c)),
    };
    const layout = layoutBoard(boardContext(withFacing));
    expect(layout.byId.get("2,0")?.piece).toMatchObject({ owner: 1, count: 2 });
    const arrow = layout.byId.get("1,0")?.piece?.arrow ?? [];
    expect(arrow).toHaveLength(3);
    // Facing east: the arrow's tip lies right of the piece's centre.
    expect(Math.max(...arrow.map((p) => p.x))).toBeGreaterThan(0);
    expect(Math.max(...arrow.map((p) => Math.abs(p.y)))).toBeLessThan(Math.max(...arrow.map((p) => p.x)));
    const tray = layout.byId.get("hand");
    expect(tray).toMatchObject({ type: "tray", owner: 0, count: 3 });
    expect(tray?.y).toBeGreaterThan(layout.boardHeight);
    expect(layout.height).toBeGreaterThan(layout.boardHeight);
  });

  it("centres a board narrower than its tray row above it", () => {
    const layout = layoutBoard(
      boardContext({
        grid: "square",
        labelKey: "CANTINA.Board.Label",
        cells: [{ at: "0,0", kind: "plain" }],
        trays: [0, 1].map((owner) => ({ id: `t${owner}`, owner, labelKey: "CANTINA.Ulwan.Hand", count: 1 })),
        moves: [],
      }),
    );
    expect(layout.boardX).toBeGreaterThan(0);
    expect(layout.byId.get("0,0")?.x).toBeCloseTo(layout.width / 2);
    expect(hitTest(layout, layout.width / 2, UNIT / 2)?.id).toBe("0,0");
  });

  it("rebuilds the moves from the context's links: ids, follow-up choices, trays as sources", () => {
    const { moves } = layoutBoard(boardContext(square()));
    expect(moves).toContainEqual({ from: "0,2", to: "0,1", id: "m1", choices: [] });
    expect(moves.find((m) => m.to === "1,1")?.choices.map((c) => c.id)).toEqual(["a", "b"]);
    expect(moves).toContainEqual({ from: "hand", to: "2,2", choices: [] });
    expect(moves).toHaveLength(3);
  });

  it("hit-tests square and hex cells, points before the cells they sit on, and trays", () => {
    const layout = layoutBoard(boardContext(square({ points: [{ id: "p11", x: 1, y: 1 }] })));
    expect(hitTest(layout, 1.5 * UNIT, 0.5 * UNIT)?.id).toBe("1,0");
    expect(hitTest(layout, 1 * UNIT + 2, 1 * UNIT + 2)?.id).toBe("p11");
    const tray = layout.byId.get("hand");
    expect(hitTest(layout, tray?.x ?? 0, tray?.y ?? 0)?.id).toBe("hand");
    expect(hitTest(layout, -50, -50)).toBeNull();
    const hex = layoutBoard(
      boardContext({
        grid: "hex",
        labelKey: "CANTINA.Board.Label",
        cells: hexagon(1).map((h) => ({ at: hexKey(h), kind: "plain" })),
        moves: [],
      }),
    );
    for (const cell of hex.targets) expect(hitTest(hex, cell.x, cell.y)?.id).toBe(cell.id);
    expect(
      insidePolygon(
        [
          { x: 0, y: 0 },
          { x: 10, y: 0 },
          { x: 0, y: 10 },
        ],
        8,
        8,
      ),
    ).toBe(false);
  });

  it("gives each side its own outline (colour is never the only cue)", () => {
    const outlines = [0, 1, 2, 3, 4, 5].map((o) => JSON.stringify(pieceOutline(o, 10)));
    expect(new Set(outlines).size).toBe(6);
    expect(pieceOutline(0, 10)).toBeNull(); // side 0: a circle
  });

  it("puts a cell's glyph and its coordinates where the window does: apart, never one over the other", () => {
    const laid = layoutBoard(boardContext(square()));
    const cells = laid.targets.filter((t) => t.type === "cell");
    expect(cells.length).toBeGreaterThan(0);
    for (const t of cells) {
      expect(t.corners).toBe(true);
      // Label in the top left corner, glyph in the top right one, both inside the cell.
      expect(t.glyphAt.x - t.labelAt.x).toBeGreaterThan(t.r);
      const xs = t.polygon.map((p) => p.x);
      expect(t.labelAt.x).toBeGreaterThanOrEqual(Math.min(...xs));
      expect(t.glyphAt.x).toBeLessThanOrEqual(Math.max(...xs));
    }
  });

  it("finds the pieces that moved between two updates: cell to cell, tray to cell; a capture's victim does not move", () => {
    const before = layoutBoard(boardContext(square()));
    const moved = square();
    const after = layoutBoard(
      boardContext({
        ...moved,
        cells: moved.cells.map((c) =>
          c.at === "0,2" ? { ...c, piece: null } : c.at === "2,0" ? { ...c, piece: piece(0) } : c,
        ),
      }),
    );
    expect(movedPieces(before, after)).toEqual([{ from: "0,2", to: "2,0" }]);
    const entered = layoutBoard(
      boardContext({
        ...moved,
        cells: moved.cells.map((c) => (c.at === "2,2" ? { ...c, piece: piece(0) } : c)),
        trays: [{ id: "hand", owner: 0, labelKey: "CANTINA.Ulwan.Hand", count: 2 }],
      }),
    );
    expect(movedPieces(before, entered)).toEqual([{ from: "hand", to: "2,2" }]);
    expect(movedPieces(before, before)).toEqual([]);
  });

  // Side 0 travels up the left column, along the top row and down the right one.
  const track = ["0,2", "0,1", "0,0", "1,0", "2,0", "2,1", "2,2"];
  const tracked = layoutBoard(boardContext(square({ tracks: [track] })));
  const centre = (id: string) => {
    const t = tracked.byId.get(id)!;
    return { x: t.x, y: t.y };
  };

  it("a move along its owner's track passes through every cell between its ends, in order", () => {
    expect(tracked.tracks).toEqual([track]);
    expect(tweenPath(tracked, 0, "0,2", "2,0")).toEqual(["0,2", "0,1", "0,0", "1,0", "2,0"].map(centre));
    // From the tray: straight to the track's first cell, then along the track.
    const hand = restingPoint(tracked.byId.get("hand")!);
    expect(tweenPath(tracked, 0, "hand", "0,0")).toEqual([hand, centre("0,2"), centre("0,1"), centre("0,0")]);
  });

  it("a move off its owner's track, backwards along it, or of an owner without one goes straight", () => {
    expect(tweenPath(tracked, 0, "0,2", "1,1")).toEqual([centre("0,2"), centre("1,1")]);
    expect(tweenPath(tracked, 0, "2,0", "0,2")).toEqual([centre("2,0"), centre("0,2")]);
    expect(tweenPath(tracked, 1, "0,2", "2,0")).toEqual([centre("0,2"), centre("2,0")]);
    const plain = layoutBoard(boardContext(square()));
    expect(plain.tracks).toEqual([]);
    expect(tweenPath(plain, 0, "0,2", "2,0")).toEqual([centre("0,2"), centre("2,0")]);
  });

  it("a tween moves along its waypoints at constant speed by length", () => {
    const path = [
      { x: 0, y: 0 },
      { x: 30, y: 0 },
      { x: 30, y: 10 },
    ];
    expect(pointAlong(path, 0)).toEqual({ x: 0, y: 0 });
    expect(pointAlong(path, 0.5)).toEqual({ x: 20, y: 0 });
    expect(pointAlong(path, 0.875)).toEqual({ x: 30, y: 5 });
    expect(pointAlong(path, 1)).toEqual({ x: 30, y: 10 });
  });
});

describe("canvas drag state machine", () => {
  const { moves } = layoutBoard(boardContext(square()));
  const run = (events: Parameters<typeof dragStep>[1][], locked = false) => {
    let state: DragState = IDLE;
    const sent = [];
    for (const e of events) {
      const step = dragStep(state, e, moves, locked);
      state = step.state;
      if (step.send) sent.push(step.send);
    }
    return { state, sent };
  };

  it("a press on a movable piece lights its destinations; a drag and drop on one sends it with the move's id", () => {
    const pressed = run([{ type: "down", target: "0,2", x: 0, y: 0 }]);
    expect(litOf(pressed.state)).toEqual(["0,1", "1,1"]);
    const done = run([
      { type: "down", target: "0,2", x: 0, y: 0 },
      { type: "move", x: 40, y: 0 },
      { type: "up", target: "0,1" },
    ]);
    expect(done.sent).toEqual([{ from: "0,2", to: "0,1", id: "m1" }]);
    expect(done.state).toEqual({ phase: "pending", from: "0,2", to: "0,1" });
  });

  it("a press on a piece that cannot move, or on nothing, lights nothing", () => {
    expect(run([{ type: "down", target: "2,0", x: 0, y: 0 }]).state).toEqual(IDLE);
    expect(run([{ type: "down", target: null, x: 0, y: 0 }]).state).toEqual(IDLE);
  });

  it("click-click: the piece, then a lit destination; a second click on the piece deselects it", () => {
    const clicked = run([
      { type: "down", target: "hand", x: 0, y: 0 },
      { type: "up", target: "hand" },
      { type: "down", target: "2,2", x: 200, y: 200 },
    ]);
    expect(clicked.sent).toEqual([{ from: "hand", to: "2,2" }]);
    const twice = run([
      { type: "down", target: "0,2", x: 0, y: 0 },
      { type: "up", target: "0,2" },
      { type: "down", target: "0,2", x: 0, y: 0 },
      { type: "up", target: "0,2" },
    ]);
    expect(twice.state).toEqual(IDLE);
    expect(twice.sent).toEqual([]);
  });

  it("a drop off the board or back on the piece snaps back and sends nothing; on an unlit square the host is asked why", () => {
    const drag = (target: string | null) =>
      run([
        { type: "down", target: "0,2", x: 0, y: 0 },
        { type: "move", x: 50, y: 50 },
        { type: "up", target },
      ]);
    expect(drag(null)).toEqual({ state: IDLE, sent: [] });
    expect(drag("0,2")).toEqual({ state: IDLE, sent: [] });
    expect(drag("2,1")).toEqual({ state: IDLE, sent: [{ from: "0,2", to: "2,1", refused: true }] });
  });

  it("a small wobble is still a click, not a drag", () => {
    const wobble = run([
      { type: "down", target: "0,2", x: 0, y: 0 },
      { type: "move", x: 2, y: 1 },
      { type: "up", target: "0,2" },
    ]);
    expect(wobble.state.phase).toBe("selected");
  });

  it("a move with follow-ups opens the choice popup; a choice sends it, cancel sends nothing", () => {
    const toChoose = [
      { type: "down", target: "0,2", x: 0, y: 0 },
      { type: "move", x: 60, y: 0 },
      { type: "up", target: "1,1" },
    ] as const;
    const open = run([...toChoose]);
    expect(open.state.phase).toBe("choosing");
    expect(open.sent).toEqual([]);
    expect(run([...toChoose, { type: "choose", choice: "b" }]).sent).toEqual([{ from: "0,2", to: "1,1", choice: "b" }]);
    expect(run([...toChoose, { type: "choose", choice: null }])).toEqual({ state: IDLE, sent: [] });
  });

  it("a locked board ignores every pointer; a new update resets what was going on", () => {
    expect(run([{ type: "down", target: "0,2", x: 0, y: 0 }], true).state).toEqual(IDLE);
    expect(run([{ type: "down", target: "0,2", x: 0, y: 0 }, { type: "reset" }]).state).toEqual(IDLE);
  });
});

describe("canvas contract", () => {
  it("hands the game's board-move action the window's data: the choice as the id, a refusal flagged", () => {
    expect(canvasMoveData({ from: "a", to: "b", id: "7" })).toEqual({
      action: "board-move",
      from: "a",
      to: "b",
      id: "7",
    });
    expect(canvasMoveData({ from: "a", to: "b", id: "7", choice: "x" }).id).toBe("x");
    expect(canvasMoveData({ from: "a", to: "b", refused: true })).toEqual({
      action: "board-move",
      from: "a",
      to: "b",
      refused: "true",
    });
  });

  it("the board games give a board context, the others none, and every board game has a board-move action", () => {
    const withBoard = Object.values(apps).filter((a) => a.boardContext !== undefined);
    expect(withBoard.length).toBeGreaterThanOrEqual(6);
    for (const app of withBoard) expect(app.actions["board-move"], app.gameId).toBeDefined();
    for (const app of Object.values(apps).filter((a) => a.actions["board-move"] !== undefined))
      expect(app.boardContext, app.gameId).toBeDefined();
  });

  it("src/apps/canvas imports pixi.js for types only (the host hands PIXI in; Foundry's bundle has none)", () => {
    const dir = "src/apps/canvas";
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), "utf8");
      for (const line of text.split("\n").filter((l) => /from\s+["']pixi\.js["']|import\(\s*["']pixi\.js/.test(l)))
        expect(line, `${name}: ${line}`).toMatch(/^import type /);
    }
  });
});
