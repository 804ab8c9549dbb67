/**
 * The paths pieces travel (a board's `tracks`, e.g. each Ulwan player's path) drawn on the window's
 * board as lines with arrowheads along them, so the direction of travel reads at a glance (issue 27:
 * the in-game Finkel board showed none). Each owner's line is shifted a little so that two paths
 * over the same squares stay apart.
 */
import type { BoardCellContext } from "./context";

export interface TrackLine {
  readonly owner: number;
  /** SVG polyline points in the board's drawing units. */
  readonly points: string;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** One line per track: its cells' centres (already in drawing units) in travel order. */
export function trackLines(
  tracks: readonly (readonly string[])[],
  cells: readonly Pick<BoardCellContext, "id" | "cx" | "cy">[],
  shift: number,
): TrackLine[] {
  const centre = new Map(cells.map((c) => [c.id, c]));
  return tracks.flatMap((track, owner) => {
    const offset = (owner - (tracks.length - 1) / 2) * shift;
    const at = track.flatMap((id) => {
      const c = centre.get(id);
      return c ? [`${round(c.cx + offset)},${round(c.cy + offset)}`] : [];
    });
    return at.length > 1 ? [{ owner, points: at.join(" ") }] : [];
  });
}
