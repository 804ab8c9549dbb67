/**
 * The board's Roll20 geometry: a polygon as Roll20's path format (segments relative to the box,
 * placed by the box's centre), a drop snapping to the nearest cell or nothing, and only images of
 * a user's Roll20 library accepted for pieces (as their `thumb` size).
 */
import { describe, expect, it } from "vitest";
import { SNAP_DISTANCE, dropTarget, polygonPath } from "../../src/roll20/board-geometry";
import { libraryImage } from "../../src/roll20/board-pages";
import { colour } from "../../src/palette";

describe("Roll20 board geometry", () => {
  it("writes a polygon as a closed path relative to its box, centred by left/top", () => {
    const shape = polygonPath([
      { x: 100, y: 50 },
      { x: 170, y: 50 },
      { x: 170, y: 120 },
      { x: 100, y: 120 },
    ]);
    expect(JSON.parse(shape._path)).toEqual([
      ["M", 0, 0],
      ["L", 70, 0],
      ["L", 70, 70],
      ["L", 0, 70],
      ["L", 0, 0],
    ]);
    expect([shape.left, shape.top, shape.width, shape.height]).toEqual([135, 85, 70, 70]);
  });

  it("snaps a drop to the nearest cell or tray, and to nothing far from all of them", () => {
    const drawing = {
      cells: [
        {
          id: "a",
          kind: "plain",
          polygon: [],
          centre: { x: 100, y: 100 },
          label: "",
          fill: colour("board-point"),
          split: null,
        },
        {
          id: "b",
          kind: "plain",
          polygon: [],
          centre: { x: 170, y: 100 },
          label: "",
          fill: colour("board-point"),
          split: null,
        },
      ],
      points: [],
      trays: [{ id: "hand", owner: 0, labelKey: "", count: 1, centre: { x: 100, y: 300 }, size: 63 }],
      pieces: [],
      pieceSize: 42,
      width: 400,
      height: 400,
    };
    expect(dropTarget(drawing, 140, 104)).toBe("b");
    expect(dropTarget(drawing, 120, 90)).toBe("a");
    expect(dropTarget(drawing, 95, 290)).toBe("hand");
    expect(dropTarget(drawing, 170 + SNAP_DISTANCE + 1, 100)).toBeNull();
  });

  it("accepts only Roll20 library images, as their thumb size", () => {
    expect(libraryImage("https://s3.amazonaws.com/files.d20.io/images/1/x_Y-z/original.jpg?123")).toBe(
      "https://s3.amazonaws.com/files.d20.io/images/1/x_Y-z/thumb.jpg",
    );
    expect(libraryImage("https://example.com/images/1/thumb.png")).toBeNull();
    expect(libraryImage('https://s3.amazonaws.com/files.d20.io/images/1/a/thumb.png" onerror="x')).toBeNull();
  });
});
