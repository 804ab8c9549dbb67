/**
 * Hex grids in axial coordinates {q, r} (pointy-top hexes; the third cube coordinate is -q-r):
 * the six directions, neighbours, distances, rings and hexagonal boards of a given radius.
 */

export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** The six steps, clockwise from east. */
export const HEX_STEPS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export function hexKey(h: Hex): string {
  return `${h.q},${h.r}`;
}

export function parseHexKey(key: string): Hex | null {
  const m = /^(-?\d{1,4}),(-?\d{1,4})$/.exec(key);
  return m ? { q: Number(m[1]), r: Number(m[2]) } : null;
}

export function hexAdd(a: Hex, b: Hex): Hex {
  return { q: a.q + b.q, r: a.r + b.r };
}

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Every hex within `radius` of the origin (radius 1: the centre and its ring of six). */
export function hexagon(radius: number): Hex[] {
  const out: Hex[] = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) out.push({ q, r });
  }
  return out;
}

/** The hexes at exactly `radius` from `center`, clockwise from the east-most going around. */
export function hexRing(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [center];
  const out: Hex[] = [];
  let at = hexAdd(center, { q: (HEX_STEPS[4] as Hex).q * radius, r: (HEX_STEPS[4] as Hex).r * radius });
  for (let side = 0; side < 6; side++) {
    for (let i = 0; i < radius; i++) {
      out.push(at);
      at = hexAdd(at, HEX_STEPS[side] as Hex);
    }
  }
  return out;
}

/** Neighbours of `h` that belong to `board` (a set of hex keys). */
export function hexNeighbours(h: Hex, board: ReadonlySet<string>): Hex[] {
  const out: Hex[] = [];
  for (const s of HEX_STEPS) {
    const n = hexAdd(h, s);
    if (board.has(hexKey(n))) out.push(n);
  }
  return out;
}

/** Centre of a pointy-top hex of circumradius `size` in drawing units. */
export function hexCenter(h: Hex, size: number): { x: number; y: number } {
  return { x: size * Math.sqrt(3) * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

/** The six corners of a pointy-top hex, for an SVG polygon. */
export function hexCorners(h: Hex, size: number): { x: number; y: number }[] {
  const c = hexCenter(h, size);
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    out.push({ x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) });
  }
  return out;
}
