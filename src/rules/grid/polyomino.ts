/**
 * Polyominoes: shapes as lists of unit squares, normalised to the origin, with their rotations and
 * reflections (a flat tile turned over is its mirror image). Used by puzzle games and their solver.
 */
import type { Square } from "./square";

export type Shape = readonly Square[];

/** Moves the shape so its smallest x and y are 0, and sorts its cells (row by row). */
export function normalize(shape: Shape): Square[] {
  let minX = Infinity;
  let minY = Infinity;
  for (const c of shape) {
    if (c.x < minX) minX = c.x;
    if (c.y < minY) minY = c.y;
  }
  return shape.map((c) => ({ x: c.x - minX, y: c.y - minY })).sort((a, b) => a.y - b.y || a.x - b.x);
}

/** A quarter turn clockwise (x, y) → (-y, x), normalised. */
export function rotate(shape: Shape, quarterTurns = 1): Square[] {
  let out: Square[] = [...shape];
  const turns = ((quarterTurns % 4) + 4) % 4;
  for (let i = 0; i < turns; i++) out = out.map((c) => ({ x: -c.y, y: c.x }));
  return normalize(out);
}

/** The mirror image (left-right), normalised. */
export function reflect(shape: Shape): Square[] {
  return normalize(shape.map((c) => ({ x: -c.x, y: c.y })));
}

export function shapeKey(shape: Shape): string {
  return normalize(shape)
    .map((c) => `${c.x},${c.y}`)
    .join(";");
}

/** Distinct orientations: the rotations, and with `reflections` also those of the mirror image. */
export function orientations(shape: Shape, reflections: boolean): Square[][] {
  const seen = new Set<string>();
  const out: Square[][] = [];
  const bases = reflections ? [normalize(shape), reflect(shape)] : [normalize(shape)];
  for (const base of bases) {
    for (let t = 0; t < 4; t++) {
      const o = rotate(base, t);
      const k = shapeKey(o);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(o);
      }
    }
  }
  return out;
}

/** Width and height of the shape's bounding box. */
export function bounds(shape: Shape): { width: number; height: number } {
  const n = normalize(shape);
  let w = 0;
  let h = 0;
  for (const c of n) {
    w = Math.max(w, c.x + 1);
    h = Math.max(h, c.y + 1);
  }
  return { width: w, height: h };
}

/** Whether the cells form one piece through shared sides. */
export function isConnected(shape: Shape): boolean {
  if (shape.length === 0) return false;
  const keys = new Set(shape.map((c) => `${c.x},${c.y}`));
  const seen = new Set<string>();
  const stack: Square[] = [shape[0] as Square];
  while (stack.length > 0) {
    const c = stack.pop() as Square;
    const k = `${c.x},${c.y}`;
    if (seen.has(k) || !keys.has(k)) continue;
    seen.add(k);
    stack.push({ x: c.x + 1, y: c.y }, { x: c.x - 1, y: c.y }, { x: c.x, y: c.y + 1 }, { x: c.x, y: c.y - 1 });
  }
  return seen.size === keys.size;
}

/** The shape moved by (dx, dy). */
export function translate(shape: Shape, dx: number, dy: number): Square[] {
  return shape.map((c) => ({ x: c.x + dx, y: c.y + dy }));
}
