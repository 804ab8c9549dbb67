/**
 * Triangle-in-square grids: each square {x, y} is cut by its two diagonals into four triangles,
 * named by the side of the square each touches (n, e, s, w). Two triangles are side neighbours when
 * they share an edge and corner neighbours when they share only a corner (Por'rika's moves).
 */

export const TRIANGLE_SIDES = ["n", "e", "s", "w"] as const;
export type TriangleSide = (typeof TRIANGLE_SIDES)[number];

export interface Triangle {
  readonly x: number;
  readonly y: number;
  readonly side: TriangleSide;
}

export function triangleKey(t: Triangle): string {
  return `${t.x},${t.y},${t.side}`;
}

export function parseTriangleKey(key: string): Triangle | null {
  const m = /^(-?\d{1,4}),(-?\d{1,4}),([nesw])$/.exec(key);
  return m ? { x: Number(m[1]), y: Number(m[2]), side: m[3] as TriangleSide } : null;
}

const OPPOSITE: Readonly<Record<TriangleSide, TriangleSide>> = { n: "s", s: "n", e: "w", w: "e" };

/** The triangle across the same square. */
export function oppositeTriangle(t: Triangle): Triangle {
  return { x: t.x, y: t.y, side: OPPOSITE[t.side] };
}

/** Corners of a triangle in half-units (so the square's centre has integer coordinates). */
export function triangleCorners2(t: Triangle): readonly [number, number][] {
  const x0 = 2 * t.x;
  const y0 = 2 * t.y;
  const c: [number, number] = [x0 + 1, y0 + 1];
  switch (t.side) {
    case "n":
      return [[x0, y0], [x0 + 2, y0], c];
    case "e":
      return [[x0 + 2, y0], [x0 + 2, y0 + 2], c];
    case "s":
      return [[x0 + 2, y0 + 2], [x0, y0 + 2], c];
    case "w":
      return [[x0, y0 + 2], [x0, y0], c];
  }
}

/** Corners in drawing units for a square of side `size`, for an SVG polygon. */
export function triangleCorners(t: Triangle, size: number): { x: number; y: number }[] {
  return triangleCorners2(t).map(([x, y]) => ({ x: (x * size) / 2, y: (y * size) / 2 }));
}

function sharedCorners(a: Triangle, b: Triangle): number {
  const ka = new Set(triangleCorners2(a).map(([x, y]) => `${x},${y}`));
  let n = 0;
  for (const [x, y] of triangleCorners2(b)) if (ka.has(`${x},${y}`)) n++;
  return n;
}

function around(t: Triangle): Triangle[] {
  const out: Triangle[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      for (const side of TRIANGLE_SIDES) {
        const o = { x: t.x + dx, y: t.y + dy, side };
        if (dx !== 0 || dy !== 0 || side !== t.side) out.push(o);
      }
    }
  }
  return out;
}

/** Triangles of `board` (a set of triangle keys) sharing an edge with `t`. */
export function sideNeighbours(t: Triangle, board: ReadonlySet<string>): Triangle[] {
  return around(t).filter((o) => board.has(triangleKey(o)) && sharedCorners(t, o) === 2);
}

/** Triangles of `board` touching `t` at a corner but not along a side. */
export function cornerNeighbours(t: Triangle, board: ReadonlySet<string>): Triangle[] {
  return around(t).filter((o) => board.has(triangleKey(o)) && sharedCorners(t, o) === 1);
}
