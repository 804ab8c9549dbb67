/**
 * Generates the task cards from a seed: random compact boards built by laying tiles side by side,
 * kept only when three different tile sets each cover them on both sides of the tiles (rotation
 * only), within a difficulty band, and the board is solvable under the Jedi Masters rule.
 */
import { SeededRandom, shuffled } from "../core";
import { type Square, orientations } from "../grid";
import type { CardSet, CardSide, Difficulty, Level, TaskCard } from "./cards";
import { CARD_COUNT, TILES_PER_PUZZLE } from "./cards";
import { type Board, solveBoard, solveJedi } from "./tiling";
import { TILES, TILE_IDS, type TileId, sideTurns } from "./tiles";

export const CARD_SEED = 20261130;

/** The band a row must fall in (per side of the tiles): at least one tiling, at most `maxSolutions`. */
export const BAND: Readonly<Record<Level, { maxSolutions: number; maxWidth: number; maxHeight: number }>> = {
  blue: { maxSolutions: 8, maxWidth: 5, maxHeight: 4 },
  red: { maxSolutions: 12, maxWidth: 6, maxHeight: 5 },
};
/** Tilings counted under the Jedi Masters rule before the count stops (any one is enough to be solvable). */
export const JEDI_CAP = 100;

function subsets(k: number): TileId[][] {
  const out: TileId[][] = [];
  const pick = (from: number, acc: TileId[]): void => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = from; i < TILE_IDS.length; i++) pick(i + 1, [...acc, TILE_IDS[i] as TileId]);
  };
  pick(0, []);
  return out;
}

const area = (tiles: readonly TileId[]): number => tiles.reduce((a, t) => a + TILES[t].cells.length, 0);

/** Lays `tiles` one by one, each touching the ones before; null when a tile finds no place. */
function layTiles(tiles: readonly TileId[], random: SeededRandom): Square[] | null {
  const taken = new Set<string>();
  const cells: Square[] = [];
  const dirs = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const;
  for (const tile of tiles) {
    const options = sideTurns(tile, "light");
    const shape = (options[random.die(options.length) - 1] as { cells: readonly Square[] }).cells;
    let placed = false;
    for (let attempt = 0; attempt < 40 && !placed; attempt++) {
      let dx = 0;
      let dy = 0;
      if (cells.length > 0) {
        const b = cells[random.die(cells.length) - 1] as Square;
        const d = dirs[random.die(4) - 1] as readonly [number, number];
        const s = shape[random.die(shape.length) - 1] as Square;
        dx = b.x + d[0] - s.x;
        dy = b.y + d[1] - s.y;
      }
      const moved = shape.map((c) => ({ x: c.x + dx, y: c.y + dy }));
      if (moved.some((c) => taken.has(`${c.x},${c.y}`))) continue;
      for (const c of moved) {
        taken.add(`${c.x},${c.y}`);
        cells.push(c);
      }
      placed = true;
    }
    if (!placed) return null;
  }
  return cells;
}

function toBoard(cells: readonly Square[]): string[] {
  const minX = Math.min(...cells.map((c) => c.x));
  const minY = Math.min(...cells.map((c) => c.y));
  const w = Math.max(...cells.map((c) => c.x)) - minX + 1;
  const h = Math.max(...cells.map((c) => c.y)) - minY + 1;
  const rows = Array.from({ length: h }, () => Array<string>(w).fill("."));
  for (const c of cells) (rows[c.y - minY] as string[])[c.x - minX] = "#";
  return rows.map((r) => r.join(""));
}

/** Whether every empty square of the bounding box reaches its edge (the board has no hole). */
function hasHole(board: Board): boolean {
  const h = board.length;
  const w = (board[0] ?? "").length;
  const seen = new Set<string>();
  const stack: [number, number][] = [];
  for (let x = -1; x <= w; x++) stack.push([x, -1], [x, h]);
  for (let y = 0; y < h; y++) stack.push([-1, y], [w, y]);
  let outside = 0;
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [number, number];
    if (x < -1 || y < -1 || x > w || y > h) continue;
    const k = `${x},${y}`;
    if (seen.has(k)) continue;
    if (x >= 0 && y >= 0 && x < w && y < h && board[y]?.[x] === "#") continue;
    seen.add(k);
    if (x >= 0 && y >= 0 && x < w && y < h) outside++;
    stack.push([x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]);
  }
  const empty = board.reduce((a, r) => a + [...r].filter((c) => c !== "#").length, 0);
  return outside !== empty;
}

/** The board's shape regardless of rotation and reflection, to keep every board different. */
function shapeClass(board: Board): string {
  const cells: Square[] = [];
  board.forEach((r, y) => [...r].forEach((c, x) => c === "#" && cells.push({ x, y })));
  return orientations(cells, true)
    .map((o) => o.map((c) => `${c.x},${c.y}`).join(";"))
    .sort()[0] as string;
}

function rowDifficulty(board: Board, tiles: readonly TileId[], cap: number): CardSide["difficulty"][number] | null {
  const light = solveBoard(board, tiles, "light", { limit: cap + 1 });
  if (light.count < 1 || light.count > cap) return null;
  const dark = solveBoard(board, tiles, "dark", { limit: cap + 1 });
  if (dark.count < 1 || dark.count > cap) return null;
  return {
    light: { solutions: light.count, nodes: light.nodes },
    dark: { solutions: dark.count, nodes: dark.nodes },
  };
}

function jediDifficulty(board: Board): Difficulty | null {
  const r = solveJedi(board, { limit: JEDI_CAP });
  return r.count > 0 ? { solutions: r.count, nodes: r.nodes } : null;
}

/** One side of a card, or null when this attempt fails (the caller draws again). */
function trySide(
  level: Level,
  random: SeededRandom,
  used: Set<string>,
  byArea: Map<number, TileId[][]>,
): CardSide | null {
  const k = TILES_PER_PUZZLE[level];
  const band = BAND[level];
  const tiles = shuffled(TILE_IDS, random).slice(0, k);
  const cells = layTiles(tiles, random);
  if (!cells) return null;
  let board = toBoard(cells);
  const h = board.length;
  const w = (board[0] ?? "").length;
  // Lay boards landscape, as a card is held.
  if (h > w) board = Array.from({ length: w }, (_, x) => board.map((r) => r[x]).join(""));
  const width = (board[0] ?? "").length;
  if (width > band.maxWidth || board.length > band.maxHeight) return null;
  if (hasHole(board)) return null;
  const key = shapeClass(board);
  if (used.has(key)) return null;
  const candidates = shuffled(byArea.get(area(tiles)) ?? [], random);
  const rows: TileId[][] = [];
  const difficulty: CardSide["difficulty"][number][] = [];
  for (const set of candidates) {
    const d = rowDifficulty(board, set, band.maxSolutions);
    if (!d) continue;
    rows.push(set);
    difficulty.push(d);
    if (rows.length === 3) break;
  }
  if (rows.length < 3) return null;
  const jedi = jediDifficulty(board);
  if (!jedi) return null;
  used.add(key);
  return { board, rows, difficulty, jedi };
}

/** The whole set of cards from a seed (deterministic). */
export function generateCards(seed = CARD_SEED, count = CARD_COUNT): CardSet {
  const random = new SeededRandom(seed);
  const used = new Set<string>();
  const byArea: Record<Level, Map<number, TileId[][]>> = { blue: new Map(), red: new Map() };
  for (const level of ["blue", "red"] as const) {
    for (const set of subsets(TILES_PER_PUZZLE[level])) {
      const list = byArea[level].get(area(set)) ?? [];
      list.push(set);
      byArea[level].set(area(set), list);
    }
  }
  const side = (level: Level): CardSide => {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const s = trySide(level, random, used, byArea[level]);
      if (s) return s;
    }
    throw new Error(`no ${level} card side found in 10000 attempts`);
  };
  const cards: TaskCard[] = [];
  for (let id = 1; id <= count; id++) cards.push({ id, blue: side("blue"), red: side("red") });
  return { seed, cards };
}
