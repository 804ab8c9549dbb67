/**
 * Between the board renderer's placement mode and Ubongo's claim, in one convention (turned over =
 * the dark side, then quarter turns, the corner at `at`): laid tiles become the `claim` move and back.
 * Details: docs/windows.md, "src/apps/ubongo/placement.ts".
 */
import type { Square } from "../../rules/grid";
import { type Piece, type UbongoMove, isTileId } from "../../rules/ubongo";

/** A tile as the placement mode reports it (structurally the board branch's TilePlacement). */
export interface LaidTile {
  readonly tileId: string;
  readonly rotation: number;
  readonly flipped: boolean;
  readonly at: Square;
}

export function pieceOf(tile: LaidTile): Piece | null {
  if (!isTileId(tile.tileId)) return null;
  const turns = (((tile.rotation % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return { tile: tile.tileId, side: tile.flipped ? "dark" : "light", turns, x: tile.at.x, y: tile.at.y };
}

export function laidTileOf(piece: Piece): LaidTile {
  return { tileId: piece.tile, rotation: piece.turns, flipped: piece.side === "dark", at: { x: piece.x, y: piece.y } };
}

/** The claim for the tiles on the board, or null if one of them is not an Ubongo tile. */
export function claimOf(tiles: readonly LaidTile[]): UbongoMove | null {
  const pieces = tiles.map(pieceOf);
  return pieces.every((p): p is Piece => p !== null) ? { type: "claim", pieces } : null;
}
