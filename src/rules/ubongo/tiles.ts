/**
 * Ubongo's twelve tiles (48 squares), with names of the project's own. A tile's light side is its
 * shape as drawn here; its dark side is the mirror image (the flat tile turned over).
 */
import { type Shape, type Square, normalize, orientations, reflect, rotate } from "../grid";

export type Side = "light" | "dark";

export const TILE_IDS = [
  "pip",
  "rod",
  "elbow",
  "tee",
  "crank",
  "spar",
  "zig",
  "crate",
  "antenna",
  "boom",
  "flag",
  "bolt",
] as const;
export type TileId = (typeof TILE_IDS)[number];

export interface Tile {
  readonly id: TileId;
  /** What the shape is in the usual polyomino names (domino, L-tetromino, P-pentomino...). */
  readonly kind: string;
  /** The light side, drawn with `#` (y down). */
  readonly drawing: readonly string[];
  readonly cells: readonly Square[];
  /** Whether turning the tile over gives a shape no rotation of the light side gives. */
  readonly chiral: boolean;
}

const DRAWINGS: Readonly<Record<TileId, readonly [string, readonly string[]]>> = {
  pip: ["domino", ["##"]],
  rod: ["straight tromino", ["###"]],
  elbow: ["L-tromino", ["#.", "##"]],
  tee: ["T-tetromino", ["###", ".#."]],
  crank: ["L-tetromino", ["#.", "#.", "##"]],
  spar: ["straight tetromino", ["####"]],
  zig: ["S-tetromino", [".##", "##."]],
  crate: ["square tetromino", ["##", "##"]],
  antenna: ["Y-pentomino", ["####", ".#.."]],
  boom: ["L-pentomino", ["#.", "#.", "#.", "##"]],
  flag: ["P-pentomino", ["##", "##", "#."]],
  bolt: ["Z-pentomino", ["##.", ".#.", ".##"]],
};

/** Cells of a drawing made of `#` (a square) and anything else (no square). */
export function cellsOf(drawing: readonly string[]): Square[] {
  const out: Square[] = [];
  drawing.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "#") out.push({ x, y });
  });
  return normalize(out);
}

function tileOf(id: TileId): Tile {
  const [kind, drawing] = DRAWINGS[id];
  const cells = cellsOf(drawing);
  const chiral = orientations(cells, true).length > orientations(cells, false).length;
  return { id, kind, drawing, cells, chiral };
}

const built: Partial<Record<TileId, Tile>> = Object.fromEntries(TILE_IDS.map((id) => [id, tileOf(id)]));
const hasEveryTile = (tiles: Partial<Record<TileId, Tile>>): tiles is Record<TileId, Tile> =>
  TILE_IDS.every((id) => tiles[id] !== undefined);
if (!hasEveryTile(built)) throw new Error("Ubongo: a tile without its drawing");

export const TILES: Readonly<Record<TileId, Tile>> = built;

/**
 * The two tiles the Jedi Masters variant removes: the text's "C-3P0 & R2-D2" tile is our `pip`
 * (the domino: two squares for two droids) and its "REY" tile our `rod` (the straight three, her
 * staff). Both are the smallest, most forgiving fillers, so leaving them out makes it harder.
 */
export const JEDI_REMOVED: readonly TileId[] = ["pip", "rod"];
export const JEDI_TILES: readonly TileId[] = TILE_IDS.filter((id) => !JEDI_REMOVED.includes(id));

export function isTileId(x: unknown): x is TileId {
  return typeof x === "string" && (TILE_IDS as readonly string[]).includes(x);
}

export function tileArea(id: TileId): number {
  return TILES[id].cells.length;
}

/** The tile's shape on a side, turned clockwise by `turns` quarter turns, normalised to the origin. */
export function tileShape(id: TileId, side: Side, turns: number): Square[] {
  const base: Shape = TILES[id].cells;
  return rotate(side === "light" ? base : reflect(base), turns);
}

/** The distinct shapes of one side of a tile (its rotations only: a tile is never flipped). */
export function sideOrientations(id: TileId, side: Side): Square[][] {
  return orientations(tileShape(id, side, 0), false);
}

/** A distinct rotation of one side of a tile, with its size. */
export interface Turned {
  readonly turns: number;
  readonly cells: readonly Square[];
  readonly width: number;
  readonly height: number;
}

const turnedCache = new Map<string, readonly Turned[]>();

/** For each distinct rotation of a side, the fewest quarter turns that give it (computed once per side). */
export function sideTurns(id: TileId, side: Side): readonly Turned[] {
  const cacheKey = `${id}:${side}`;
  const cached = turnedCache.get(cacheKey);
  if (cached) return cached;
  const seen = new Set<string>();
  const out: Turned[] = [];
  for (let t = 0; t < 4; t++) {
    const cells = tileShape(id, side, t);
    const key = cells.map((c) => `${c.x},${c.y}`).join(";");
    if (seen.has(key)) continue;
    seen.add(key);
    const width = Math.max(...cells.map((c) => c.x)) + 1;
    const height = Math.max(...cells.map((c) => c.y)) + 1;
    out.push(Object.freeze({ turns: t, cells: Object.freeze(cells), width, height }));
  }
  const frozen = Object.freeze(out);
  turnedCache.set(cacheKey, frozen);
  return frozen;
}
