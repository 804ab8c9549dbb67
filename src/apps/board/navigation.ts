/**
 * Pure geometry for keyboard play on any grid: from the focused cell's centre, the nearest target
 * lying in the arrow's direction (so arrows walk hexes, triangles and points as well as squares).
 */

export interface Target {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

export type Arrow = "up" | "down" | "left" | "right";

const VECTORS: Readonly<Record<Arrow, { x: number; y: number }>> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

export function arrowOf(key: string): Arrow | null {
  switch (key) {
    case "ArrowUp":
      return "up";
    case "ArrowDown":
      return "down";
    case "ArrowLeft":
      return "left";
    case "ArrowRight":
      return "right";
    default:
      return null;
  }
}

/**
 * The target to move to from `from` going `arrow`: among those at most 60° off the arrow, the one
 * with the smallest distance plus twice its sideways offset (the straight neighbour beats a
 * diagonal one); null at the edge.
 */
export function nextInDirection(from: Target, targets: readonly Target[], arrow: Arrow): Target | null {
  const v = VECTORS[arrow];
  let best: Target | null = null;
  let bestScore = Infinity;
  for (const t of targets) {
    if (t.id === from.id) continue;
    const dx = t.x - from.x;
    const dy = t.y - from.y;
    const along = dx * v.x + dy * v.y;
    if (along <= 1e-6) continue;
    const across = Math.abs(dx * v.y - dy * v.x);
    if (across > along * Math.tan(Math.PI / 3)) continue;
    const score = Math.hypot(dx, dy) + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}
