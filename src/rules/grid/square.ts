/**
 * Square grids: cells {x, y} (x to the right, y downward), the eight directions, neighbours, rays
 * and distances. Pure and allocation-light, for rules, bots and the board renderer.
 */

export interface Square {
  readonly x: number;
  readonly y: number;
}

/** A direction as a step: one of the four sides or four corners of a square. */
export interface Step {
  readonly dx: number;
  readonly dy: number;
}

export const DIRECTION_NAMES = ["n", "ne", "e", "se", "s", "sw", "w", "nw"] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];

/** The eight steps, clockwise from north (y grows downward, so north is dy = -1). */
export const STEPS: Readonly<Record<DirectionName, Step>> = {
  n: { dx: 0, dy: -1 },
  ne: { dx: 1, dy: -1 },
  e: { dx: 1, dy: 0 },
  se: { dx: 1, dy: 1 },
  s: { dx: 0, dy: 1 },
  sw: { dx: -1, dy: 1 },
  w: { dx: -1, dy: 0 },
  nw: { dx: -1, dy: -1 },
};

export const ORTHOGONAL: readonly DirectionName[] = ["n", "e", "s", "w"];
export const DIAGONAL: readonly DirectionName[] = ["ne", "se", "sw", "nw"];

export function isDiagonal(direction: DirectionName): boolean {
  return direction.length === 2;
}

/** The direction pointing the other way. */
export function opposite(direction: DirectionName): DirectionName {
  return DIRECTION_NAMES[(DIRECTION_NAMES.indexOf(direction) + 4) % 8] as DirectionName;
}

/** The direction of a one-cell step from `a` to `b`, or null when they are not neighbours. */
export function directionBetween(a: Square, b: Square): DirectionName | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (const name of DIRECTION_NAMES) if (STEPS[name].dx === dx && STEPS[name].dy === dy) return name;
  return null;
}

export function squareKey(s: Square): string {
  return `${s.x},${s.y}`;
}

/** Parses "x,y"; null for anything else (keys arrive from outside in moves). */
export function parseSquareKey(key: string): Square | null {
  const m = /^(-?\d{1,4}),(-?\d{1,4})$/.exec(key);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

export function sameSquare(a: Square, b: Square): boolean {
  return a.x === b.x && a.y === b.y;
}

export function step(s: Square, direction: DirectionName, times = 1): Square {
  const d = STEPS[direction];
  return { x: s.x + d.dx * times, y: s.y + d.dy * times };
}

/** A rectangle of width × height cells from (0, 0). */
export interface Rect {
  readonly width: number;
  readonly height: number;
}

export function inRect(s: Square, rect: Rect): boolean {
  return s.x >= 0 && s.y >= 0 && s.x < rect.width && s.y < rect.height;
}

/** Neighbours inside the rectangle, in the given directions (default: the four sides). */
export function neighbours(s: Square, rect: Rect, directions: readonly DirectionName[] = ORTHOGONAL): Square[] {
  const out: Square[] = [];
  for (const d of directions) {
    const n = step(s, d);
    if (inRect(n, rect)) out.push(n);
  }
  return out;
}

/** The cells from `s` (excluded) in one direction until the edge, or `limit` cells. */
export function ray(s: Square, direction: DirectionName, rect: Rect, limit = Infinity): Square[] {
  const out: Square[] = [];
  let at = step(s, direction);
  while (inRect(at, rect) && out.length < limit) {
    out.push(at);
    at = step(at, direction);
  }
  return out;
}

/** Steps along ranks and files only. */
export function manhattan(a: Square, b: Square): number {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}

/** A king's steps (diagonals count one). */
export function chebyshev(a: Square, b: Square): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** Every cell of the rectangle, row by row. */
export function allSquares(rect: Rect): Square[] {
  const out: Square[] = [];
  for (let y = 0; y < rect.height; y++) for (let x = 0; x < rect.width; x++) out.push({ x, y });
  return out;
}
