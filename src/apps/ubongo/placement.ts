/**
 * Between the board renderer's tile placement mode (branch board: src/apps/board/placement.ts, whose
 * placements are {tileId, rotation, flipped, at}) and Ubongo's claim: the same convention (turned over
 * = the dark side, then quarter turns clockwise, the oriented shape's corner at `at`), so the window
 * turns what a player laid into the `claim` move the host checks, and a shown board back.
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
