/**
 * A stack's pips (the colours inside it, bottom to top) stay inside the stack's own hex with room for
 * the legal-destination ring (issue 33, seen in the gallery: Takat's first pip sat on the hex's
 * slanted edge, under the ring). Every Takat hex, stacks of one to six.
 */
import { describe, expect, it } from "vitest";
import { type BoardSpec, UNIT, layBoard } from "../../src/apps/board/context";
import type { Point } from "../../src/rules/grid";
import { hexKey } from "../../src/rules/grid";
import { TAKAT_HEXES } from "../../src/rules/unequal/takat";

/** The signed distance of `p` inside the convex polygon (its nearest edge; negative: outside). */
function inside(poly: readonly Point[], p: Point): number {
  const sign = Math.sign(
    poly.reduce((area, a, i) => {
      const b = poly[(i + 1) % poly.length] as Point;
      return area + (a.x * b.y - b.x * a.y);
    }, 0),
  );
  return Math.min(
    ...poly.map((a, i) => {
      const b = poly[(i + 1) % poly.length] as Point;
      const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
      return (sign * cross) / Math.hypot(b.x - a.x, b.y - a.y);
    }),
  );
}

/** Takat's seven hexes, each holding a stack of `height` alternating colours. */
function takatLike(height: number): BoardSpec {
  return {
    grid: "hex",
    labelKey: "CANTINA.Board.Label",
    cells: TAKAT_HEXES.map((h) => ({
      at: hexKey(h),
      kind: "plain",
      piece: {
        owner: 0,
        labelKey: "CANTINA.Board.PieceOf",
        count: height,
        stack: Array.from({ length: height }, (_, i) => i % 2),
      },
    })),
    moves: [],
  };
}

describe("a stack's pips on a hex board", () => {
  // The ring's stroke reaches this far in from the hex's edge (styles/board.css draws it at about 4 px of 104).
  const RING = 0.04 * UNIT;
  for (const height of [1, 2, 3, 4, 6])
    it(`a stack of ${height} keeps every pip inside its hex, clear of the ring`, () => {
      for (const cell of layBoard(takatLike(height)).cells) {
        const pips = cell.piece?.pips ?? [];
        expect(pips).toHaveLength(height);
        for (const pip of pips)
          expect(
            inside(cell.polygon, pip.circle.centre),
            `${cell.id} pip at ${JSON.stringify(pip.circle)}`,
          ).toBeGreaterThanOrEqual(pip.circle.r + RING);
      }
    });
});
