/**
 * A puzzle tile as Roll20 draws it and reads it back: the outline encloses exactly the tile's squares,
 * and a token dropped near (and turned near) a placement is read as that placement, for every tile,
 * turned over or not, in every quarter turn.
 */
import { describe, expect, it } from "vitest";
import { orientShape } from "../../src/apps/board/placement";
import { laidAt, outline, tilePath, trayPlacements } from "../../src/roll20/puzzle-geometry";
import { TILE_IDS, tileShape } from "../../src/rules/ubongo";

const area = (points: readonly { x: number; y: number }[]): number =>
  Math.abs(
    points.reduce((sum, p, i) => {
      const q = points[(i + 1) % points.length] ?? p;
      return sum + p.x * q.y - q.x * p.y;
    }, 0) / 2,
  );

describe("puzzle tiles on a Roll20 page", () => {
  it.each(TILE_IDS)("%s: the outline's area is its squares' count, with no point in mid-edge", (id) => {
    const cells = tileShape(id, "light", 0);
    const points = outline(cells);
    expect(area(points)).toBe(cells.length);
    expect(new Set(points.map((p) => `${p.x},${p.y}`)).size).toBe(points.length);
  });

  it.each(TILE_IDS)("%s: a drop near a placement, turned near it, reads as that placement", (id) => {
    const shape = tileShape(id, "light", 0);
    for (const flipped of [false, true])
      for (let rotation = 0; rotation < 4; rotation++) {
        const laid = { tileId: id, rotation, flipped, at: { x: 2, y: 1 } };
        const path = tilePath(shape, laid);
        // The drawn box is the unturned shape's; turned about its centre it covers the turned shape.
        const drawnCells = orientShape(shape, { rotation: 0, flipped });
        expect(path.width).toBe((Math.max(...drawnCells.map((c) => c.x)) + 1) * 70);
        for (const [dx, dy, dr] of [
          [0, 0, 0],
          [20, -25, 30],
          [-30, 14, -40],
        ] as const)
          expect(
            laidAt(id, shape, { left: path.left + dx, top: path.top + dy, rotation: path.rotation + dr }, flipped),
          ).toEqual(laid);
        // Roll20 may report a turn past a full circle, or a negative one.
        expect(laidAt(id, shape, { left: path.left, top: path.top, rotation: path.rotation - 360 }, flipped)).toEqual(
          laid,
        );
      }
  });

  it("puts the tray's tiles right of the card, none overlapping", () => {
    const tiles = TILE_IDS.slice(0, 4).map((id) => ({ id, shape: tileShape(id, "light", 0) }));
    const tray = trayPlacements(["####", "###."], tiles);
    expect(tray.every((t) => t.at.x === 5)).toBe(true);
    const rows = tray.map((t, i) => {
      const cells = orientShape(tiles[i]?.shape ?? [], t);
      return [t.at.y, t.at.y + Math.max(...cells.map((c) => c.y))];
    });
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.[0]).toBeGreaterThan(rows[i - 1]?.[1] ?? 0);
  });
});
