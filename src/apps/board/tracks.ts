/**
 * The paths pieces travel (a board's `tracks`, e.g. each Ulwan player's) drawn over the window's
 * board as lines with arrows (issue 27: Finkel's showed none); each owner's line shifted a little.
 */
import type { TrackLine } from "../core/board-model";

/** A cell as the lines need it: its id and centre in drawing units. */
interface CellCentre {
  readonly id: string;
  readonly cx: number;
  readonly cy: number;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** One line per track: its cells' centres (already in drawing units) in travel order. */
export function trackLines(
  tracks: readonly (readonly string[])[],
  cells: readonly CellCentre[],
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
