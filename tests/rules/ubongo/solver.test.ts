/** The exact-cover solver (Algorithm X, dancing links) and Ubongo's tiles: known tilings, impossible boards, counts. */
import { DancingLinks } from "dancing-links";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { solveExactCover } from "../../../src/rules/ubongo/solver";
import {
  type Board,
  boardCells,
  coverProblem,
  mirrorBoard,
  pieceCells,
  solveBoard,
  solveJedi,
} from "../../../src/rules/ubongo/tiling";
import { JEDI_REMOVED, JEDI_TILES, TILES, TILE_IDS, cellsOf, sideOrientations } from "../../../src/rules/ubongo/tiles";
import { orientations } from "../../../src/rules/grid";

function rect(width: number, height: number): string[] {
  return Array.from({ length: height }, () => "#".repeat(width));
}

describe("exact cover solver", () => {
  it("solves Knuth's example matrix from 'Dancing Links' (rows 1, 4, 5)", () => {
    // Columns A..G; the paper's six rows.
    const rows = [
      [2, 4, 5],
      [0, 3, 6],
      [1, 2, 5],
      [0, 3],
      [1, 6],
      [3, 4, 6],
    ];
    const r = solveExactCover({ primary: 7, rows }, { keep: 5 });
    expect(r.count).toBe(1);
    expect([...(r.solutions[0] ?? [])].sort()).toEqual([0, 3, 4]);
    expect(r.nodes).toBeGreaterThan(0);
  });

  it("counts the domino tilings of 2×n boards (Fibonacci numbers)", () => {
    const fib = [1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
    for (let n = 1; n <= 10; n++) {
      const rows: number[][] = [];
      const at = (x: number, y: number) => y * n + x;
      for (let x = 0; x < n; x++) rows.push([at(x, 0), at(x, 1)]);
      for (let x = 0; x + 1 < n; x++) for (const y of [0, 1]) rows.push([at(x, y), at(x + 1, y)]);
      expect(solveExactCover({ primary: 2 * n, rows }).count, `2×${n}`).toBe(fib[n]);
    }
  });

  it("finds the 3×20 pentomino rectangle's 2 tilings (8 with rotations and reflections)", () => {
    const pentominoes = [
      ["#####"],
      ["##", "##", "#."],
      ["##.", ".#.", ".##"],
      ["###", ".#.", ".#."],
      ["#.#", "###"],
      ["#..", "#..", "###"],
      ["#..", "##.", ".##"],
      [".#.", "###", ".#."],
      ["#.", "#.", "#.", "##"],
      [".#", "##", "#.", "#."],
      ["##", ".#", ".#", ".#"].map((r) => r),
      [".##", "##.", ".#."],
    ];
    // Replace the duplicate L (row 10) by the Y pentomino.
    pentominoes[10] = ["####", ".#.."];
    const shapes = pentominoes.map(cellsOf);
    expect(
      new Set(
        shapes.map(
          (s) =>
            orientations(s, true)
              .map((o) => JSON.stringify(o))
              .sort()[0],
        ),
      ).size,
    ).toBe(12);
    const w = 20;
    const h = 3;
    const rows: number[][] = [];
    shapes.forEach((shape, t) => {
      for (const o of orientations(shape, true)) {
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            const cells = o.map((c) => ({ x: c.x + x, y: c.y + y }));
            if (cells.every((c) => c.x < w && c.y < h)) rows.push([...cells.map((c) => c.y * w + c.x), 60 + t]);
          }
      }
    });
    expect(solveExactCover({ primary: 72, rows }).count).toBe(8);
  });

  it("counts as many solutions as the npm dancing-links package on random matrices, each an exact cover", () => {
    const dlx = new DancingLinks<number>();
    const matrix = fc.integer({ min: 1, max: 9 }).chain((columns) =>
      fc.tuple(
        fc.constant(columns),
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: columns - 1 }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 18,
        }),
      ),
    );
    fc.assert(
      fc.property(matrix, ([columns, rows]) => {
        const ours = solveExactCover({ primary: columns, rows }, { keep: 1000 });
        const solver = dlx.createSolver({ columns });
        rows.forEach((row, i) => solver.addSparseConstraint(i, row));
        expect(ours.count).toBe(solver.findAll().length);
        for (const solution of ours.solutions) {
          const covered = solution.flatMap((r) => rows[r] ?? []).sort((a, b) => a - b);
          expect(covered).toEqual(Array.from({ length: columns }, (_, i) => i));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("stops at the cap and says so", () => {
    const rows: number[][] = [];
    const n = 10;
    const at = (x: number, y: number) => y * n + x;
    for (let x = 0; x < n; x++) rows.push([at(x, 0), at(x, 1)]);
    for (let x = 0; x + 1 < n; x++) for (const y of [0, 1]) rows.push([at(x, y), at(x + 1, y)]);
    const r = solveExactCover({ primary: 20, rows }, { limit: 7, keep: 3 });
    expect(r).toMatchObject({ count: 7, capped: true });
    expect(r.solutions).toHaveLength(3);
  });

  it("secondary columns are covered at most once, and an accept filter drops solutions", () => {
    // Two cells, rows: a (cell 0, token), b (cell 1, token), c (cell 0), d (cell 1).
    const rows = [[0, 2], [1, 2], [0], [1]];
    expect(solveExactCover({ primary: 2, secondary: 1, rows }).count).toBe(3); // a+d, c+b, c+d
    expect(solveExactCover({ primary: 2, secondary: 1, rows }, { accept: (r) => r.includes(2) }).count).toBe(2);
  });
});

describe("Ubongo's tiles", () => {
  it("are the standard twelve: 48 squares, one domino, two trominoes, five tetrominoes, four pentominoes", () => {
    expect(TILE_IDS).toHaveLength(12);
    const sizes = TILE_IDS.map((id) => TILES[id].cells.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(48);
    expect(sizes.sort()).toEqual([2, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5]);
    // All different shapes, even allowing a flip.
    const canonical = TILE_IDS.map(
      (id) =>
        orientations(TILES[id].cells, true)
          .map((o) => JSON.stringify(o))
          .sort()[0],
    );
    expect(new Set(canonical).size).toBe(12);
  });

  it("have a dark side that is the light side's mirror; only the chiral ones look different", () => {
    const chiral = TILE_IDS.filter((id) => TILES[id].chiral);
    expect(chiral).toEqual(["crank", "zig", "antenna", "boom", "flag", "bolt"]);
    for (const id of TILE_IDS) {
      const light = new Set(sideOrientations(id, "light").map((o) => JSON.stringify(o)));
      const dark = sideOrientations(id, "dark").map((o) => JSON.stringify(o));
      expect(
        dark.some((o) => light.has(o)),
        id,
      ).toBe(!TILES[id].chiral);
    }
  });

  it("Jedi Masters removes two (the domino and the straight three), leaving ten", () => {
    expect(JEDI_REMOVED).toEqual(["pip", "rod"]);
    expect(JEDI_TILES).toHaveLength(10);
  });
});

describe("tilings of Ubongo boards", () => {
  it("known tilings: the crate's own square, straight rows by domino and rods, an arch by the L and the domino", () => {
    expect(solveBoard(rect(2, 2), ["crate"], "light").count).toBe(1);
    // Domino then straight three, or the other way round.
    expect(solveBoard(rect(5, 1), ["pip", "rod"], "light").count).toBe(2);
    expect(solveBoard(rect(6, 1), ["spar", "pip"], "light").count).toBe(2);
    // An arch: the L takes one leg and the top's middle, the domino the other leg; two ways, mirror images.
    expect(solveBoard(["###", "#.#"], ["elbow", "pip"], "light").count).toBe(2);
    expect(solveBoard(["##", "#."], ["elbow"], "light").count).toBe(1);
    expect(solveBoard(["##", "#."], ["elbow"], "dark").count).toBe(1); // not chiral: the same either side
  });

  it("impossible boards: wrong area, and shapes that cannot fit", () => {
    expect(solveBoard(rect(3, 3), ["crate", "pip"], "light").count).toBe(0); // area 6 vs 9
    expect(solveBoard(rect(4, 1), ["crate"], "light").count).toBe(0);
    expect(solveBoard(rect(2, 2), ["tee"], "light").count).toBe(0);
    expect(solveBoard(rect(3, 2), ["elbow", "rod"], "light").count).toBe(0); // the rod takes a row; no L is left
    // Colouring argument: the tee covers 3+1 of a chessboard, the rest 2+2, so a 4×3 (6+6) is impossible.
    expect(solveBoard(rect(4, 3), ["tee", "crate", "spar"], "light").count).toBe(0);
  });

  it("rotation only: a chiral tile fits its own outline on one side and the mirror board on the other", () => {
    const board: Board = ["#.", "#.", "##"]; // the crank's light side
    expect(solveBoard(board, ["crank"], "light").count).toBe(1);
    expect(solveBoard(board, ["crank"], "dark").count).toBe(0);
    expect(solveBoard(mirrorBoard(board), ["crank"], "dark").count).toBe(1);
  });

  it("Jedi Masters: any of the ten, flipped too, with a light and a dark side shown", () => {
    const r = solveJedi(rect(4, 4), { keep: 50, limit: 50 });
    expect(r.count).toBeGreaterThan(0);
    for (const s of r.solutions) {
      expect(coverProblem(rect(4, 4), s)).toBeNull();
      expect(s.every((p) => JEDI_TILES.includes(p.tile))).toBe(true);
      expect(s.length).toBeGreaterThanOrEqual(2);
    }
    // A board only the crate covers needs a second tile: one tile cannot show both sides.
    expect(solveJedi(rect(2, 2)).count).toBe(0);
    // A 2×5 splits only into two same-handed pentominoes (L+L, P+P) or a straight five: none shows both sides.
    expect(solveJedi(rect(5, 2)).count).toBe(0);
  });

  it("property: any solution the solver returns covers the board exactly once", () => {
    const tileSet = fc.uniqueArray(fc.constantFrom(...TILE_IDS), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        tileSet,
        fc.boolean(),
        (w, h, tiles, dark) => {
          const board = rect(w, h);
          const r = solveBoard(board, tiles, dark ? "dark" : "light", { keep: 20, limit: 20 });
          for (const s of r.solutions) {
            expect(coverProblem(board, s)).toBeNull();
            expect(s.map((p) => p.tile).sort()).toEqual([...tiles].sort());
            const all = s.flatMap(pieceCells).map((c) => `${c.x},${c.y}`);
            expect(new Set(all).size).toBe(boardCells(board).length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
