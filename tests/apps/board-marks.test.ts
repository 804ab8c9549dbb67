/**
 * A cell's marks never lie under a piece (issue 33, "boards read first"): the window's board leaves
 * out a corner glyph a piece would cover (the canvas draws the context's glyphs), and the canvas
 * leaves out a cell's coordinate while a piece stands on it (the window's template does the same).
 */
import { describe, expect, it } from "vitest";
import { type BoardSpec, boardContext } from "../../src/apps/board/context";
import { labelled } from "../../src/apps/canvas/board-ground";
import { layoutBoard } from "../../src/apps/canvas/layout";
import { allSquares, squareKey } from "../../src/rules/grid";

/** A 2×2 square board with a glyph in every cell, a square piece (owner 1) on 0,0. */
const spec: BoardSpec = {
  grid: "square",
  labelKey: "CANTINA.Board.Label",
  showLabels: true,
  cells: allSquares({ width: 2, height: 2 }).map((s) => ({
    at: squareKey(s),
    kind: "plain",
    glyph: "R",
    piece: squareKey(s) === "0,0" ? { owner: 1, labelKey: "CANTINA.Board.PieceOf" } : null,
  })),
  moves: [],
};

describe("a cell's marks and the piece on it", () => {
  it("leaves out a glyph the piece would cover, keeps it on an empty cell", () => {
    const cells = boardContext(spec).cells;
    expect(cells.find((c) => c.id === "0,0")?.glyph).toBe("");
    expect(cells.find((c) => c.id === "1,1")?.glyph).toBe("R");
  });

  it("keeps a glyph a small piece leaves clear", () => {
    const small = boardContext({ ...spec, pieceScale: 0.3 }).cells;
    expect(small.find((c) => c.id === "0,0")?.glyph).toBe("R");
  });

  it("draws on the canvas a cell's coordinate only while no piece stands on it", () => {
    const layout = layoutBoard(boardContext(spec));
    const shown = layout.targets.filter((t) => labelled(t)).map((t) => t.id);
    expect(shown.sort()).toEqual(["0,1", "1,0", "1,1"]);
  });
});
