/** The placement mode's laid tiles and Ubongo's claims agree square for square (turned over = dark side). */
import { describe, expect, it } from "vitest";
import { claimOf, laidTileOf, pieceOf } from "../../src/apps/ubongo/placement";
import { type Square, reflect, rotate } from "../../src/rules/grid";
import { TILES, TILE_IDS, pieceCells } from "../../src/rules/ubongo";

/** The board branch's orientShape: mirror if flipped, then quarter turns clockwise. */
function boardCells(shape: readonly Square[], rotation: number, flipped: boolean, at: Square): string[] {
  return rotate(flipped ? reflect(shape) : shape, rotation)
    .map((c) => `${c.x + at.x},${c.y + at.y}`)
    .sort();
}

describe("Ubongo placement bridge", () => {
  it("a laid tile covers the same squares as the piece it becomes, every tile, side and turn", () => {
    for (const id of TILE_IDS) {
      for (const flipped of [false, true]) {
        for (let rotation = 0; rotation < 4; rotation++) {
          const laid = { tileId: id, rotation, flipped, at: { x: 2, y: 1 } };
          const piece = pieceOf(laid)!;
          expect(piece.side).toBe(flipped ? "dark" : "light");
          const mine = pieceCells(piece)
            .map((c) => `${c.x},${c.y}`)
            .sort();
          expect(mine).toEqual(boardCells(TILES[id].cells, rotation, flipped, laid.at));
          expect(laidTileOf(piece)).toEqual(laid);
        }
      }
    }
  });

  it("makes a claim of the laid tiles, and none with a tile that is not Ubongo's", () => {
    const laid = [{ tileId: "crate", rotation: 5, flipped: false, at: { x: 0, y: 0 } }];
    expect(claimOf(laid)).toEqual({ type: "claim", pieces: [{ tile: "crate", side: "light", turns: 1, x: 0, y: 0 }] });
    expect(claimOf([{ ...laid[0]!, tileId: "rook" }])).toBeNull();
  });
});
