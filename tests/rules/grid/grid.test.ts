import { describe, expect, it } from "vitest";
import {
  allSquares,
  cellPolygon,
  centroid,
  chebyshev,
  BoardDataErrors,
  checkBoardData,
  cornerNeighbours,
  directionBetween,
  hexDistance,
  hexKey,
  hexNeighbours,
  hexRing,
  hexagon,
  isConnected,
  manhattan,
  neighbours,
  opposite,
  oppositeTriangle,
  orientations,
  parseSquareKey,
  parseTriangleKey,
  ray,
  reflect,
  rotate,
  shapeKey,
  sideNeighbours,
  triangleKey,
  type Triangle,
} from "../../../src/rules/grid";

describe("square grid", () => {
  const rect = { width: 8, height: 8 };
  it("has four side neighbours inside, two in a corner", () => {
    expect(neighbours({ x: 3, y: 3 }, rect)).toHaveLength(4);
    expect(neighbours({ x: 0, y: 0 }, rect)).toEqual([
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ]);
  });
  it("casts rays to the edge or a limit", () => {
    expect(ray({ x: 0, y: 0 }, "e", rect)).toHaveLength(7);
    expect(ray({ x: 0, y: 0 }, "se", rect, 3)).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ]);
    expect(ray({ x: 0, y: 0 }, "n", rect)).toEqual([]);
  });
  it("measures rook and king distances", () => {
    expect(manhattan({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(7);
    expect(chebyshev({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(4);
  });
  it("names directions and their opposites", () => {
    expect(directionBetween({ x: 2, y: 2 }, { x: 3, y: 1 })).toBe("ne");
    expect(directionBetween({ x: 2, y: 2 }, { x: 4, y: 2 })).toBeNull();
    expect(opposite("ne")).toBe("sw");
  });
  it("parses keys from outside strictly", () => {
    expect(parseSquareKey("3,4")).toEqual({ x: 3, y: 4 });
    expect(parseSquareKey("3,4,5")).toBeNull();
    expect(parseSquareKey("__proto__")).toBeNull();
    expect(allSquares({ width: 3, height: 2 })).toHaveLength(6);
  });
});

describe("hex grid", () => {
  it("a radius-1 hexagon is a centre and a ring of six", () => {
    const board = hexagon(1);
    expect(board).toHaveLength(7);
    expect(hexRing({ q: 0, r: 0 }, 1)).toHaveLength(6);
    const keys = new Set(board.map(hexKey));
    expect(hexNeighbours({ q: 0, r: 0 }, keys)).toHaveLength(6);
    expect(hexNeighbours({ q: 1, r: 0 }, keys)).toHaveLength(3);
  });
  it("ring neighbours are one apart, opposite ring hexes two", () => {
    const ring = hexRing({ q: 0, r: 0 }, 1);
    for (let i = 0; i < 6; i++) expect(hexDistance(ring[i]!, ring[(i + 1) % 6]!)).toBe(1);
    expect(hexDistance(ring[0]!, ring[3]!)).toBe(2);
  });
});

describe("triangle-in-square grid", () => {
  const board = new Set<string>();
  for (let y = 0; y < 3; y++)
    for (let x = 0; x < 3; x++) for (const side of ["n", "e", "s", "w"]) board.add(`${x},${y},${side}`);
  const t: Triangle = { x: 1, y: 1, side: "n" };
  it("the opposite triangle is across the same square", () => {
    expect(oppositeTriangle(t)).toEqual({ x: 1, y: 1, side: "s" });
  });
  it("a triangle has three side neighbours: two in its square, one across its edge", () => {
    expect(sideNeighbours(t, board).map(triangleKey).sort()).toEqual(["1,0,s", "1,1,e", "1,1,w"]);
  });
  it("corner neighbours touch at a corner only (the opposite triangle through the centre among them)", () => {
    const keys = cornerNeighbours(t, board).map(triangleKey);
    expect(keys).toContain("1,1,s");
    expect(keys).toContain("0,1,n");
    expect(keys).toContain("0,0,s");
    expect(keys).not.toContain("1,1,e");
    expect(keys).not.toContain("1,0,s");
    expect(keys).toHaveLength(11);
  });
  it("parses keys strictly", () => {
    expect(parseTriangleKey("1,2,e")).toEqual({ x: 1, y: 2, side: "e" });
    expect(parseTriangleKey("1,2,x")).toBeNull();
  });
});

describe("polyominoes", () => {
  const L = [
    { x: 0, y: 0 },
    { x: 0, y: 1 },
    { x: 0, y: 2 },
    { x: 1, y: 2 },
  ];
  it("an L tetromino has 4 rotations and 8 orientations with reflections", () => {
    expect(orientations(L, false)).toHaveLength(4);
    expect(orientations(L, true)).toHaveLength(8);
  });
  it("a square tetromino has one orientation, a straight two", () => {
    const O = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ];
    expect(orientations(O, true)).toHaveLength(1);
    expect(
      orientations(
        [0, 1, 2, 3].map((x) => ({ x, y: 0 })),
        true,
      ),
    ).toHaveLength(2);
  });
  it("four quarter turns give the shape back; a reflection twice too", () => {
    expect(shapeKey(rotate(L, 4))).toBe(shapeKey(L));
    expect(shapeKey(reflect(reflect(L)))).toBe(shapeKey(L));
    expect(shapeKey(reflect(L))).not.toBe(shapeKey(L));
  });
  it("knows connected shapes", () => {
    expect(isConnected(L)).toBe(true);
    expect(
      isConnected([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
      ]),
    ).toBe(false);
  });
});

describe("board data", () => {
  it("accepts a valid board and refuses malformed ones", () => {
    const good = { grid: "square", cells: [{ id: "0,0", kind: "plain" }] };
    expect(checkBoardData(good)).toEqual({ ok: true, board: good });
    expect(checkBoardData({ grid: "square", cells: [{ id: "0,0,n", kind: "plain" }] })).toEqual({
      ok: false,
      error: { code: BoardDataErrors.badCellId, params: { cell: "0,0,n" } },
    });
    expect(
      checkBoardData({
        grid: "hex",
        cells: [
          { id: "0,0", kind: "x" },
          { id: "0,0", kind: "x" },
        ],
      }),
    ).toEqual({ ok: false, error: { code: BoardDataErrors.duplicateCell, params: { cell: "0,0" } } });
    expect(checkBoardData({ grid: "cube", cells: [] })).toEqual({
      ok: false,
      error: { code: BoardDataErrors.unknownGrid },
    });
  });
  it("gives polygons for every geometry", () => {
    expect(cellPolygon("square", "1,1", 10)).toHaveLength(4);
    expect(cellPolygon("hex", "0,0", 10)).toHaveLength(6);
    expect(cellPolygon("triangle", "0,0,n", 10)).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 5, y: 5 },
    ]);
    expect(centroid(cellPolygon("square", "0,0", 10))).toEqual({ x: 5, y: 5 });
  });
});
