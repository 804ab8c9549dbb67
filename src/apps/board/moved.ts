/**
 * Which pieces moved between two drawings of the same board, for both renderers' slides (the SVG
 * window's slide.ts and the canvas's tween): a side's piece gone from one place and new at another.
 */

/** A place and what stands on it: a piece's (or a tray's) owner and how many. */
export interface PiecePlace {
  readonly id: string;
  readonly owner: number;
  readonly count: number;
  /** A tray: only a fall of its count counts (it never receives a piece that slides). */
  readonly tray?: boolean;
}

/**
 * The (from, to) pairs of the same owner: where a side's piece (or stack height) is gone, or a tray's
 * count fell, to where one appeared. A capture's victim vanishes without appearing: it does not move.
 */
export function movedPieces(
  prev: readonly PiecePlace[],
  next: readonly PiecePlace[],
): { readonly from: string; readonly to: string }[] {
  const before = new Map(prev.map((p) => [p.id, p]));
  const after = new Map(next.map((p) => [p.id, p]));
  const vanished: PiecePlace[] = [];
  for (const p of prev) {
    const now = after.get(p.id);
    if (p.tray) {
      if (now && now.count < p.count) vanished.push(p);
    } else if (!now || now.owner !== p.owner || now.count < p.count) vanished.push(p);
  }
  const used = new Set<string>();
  const out: { from: string; to: string }[] = [];
  for (const q of next) {
    if (q.tray) continue;
    const p = before.get(q.id);
    if (p && !p.tray && p.owner === q.owner && p.count >= q.count) continue;
    const v = vanished.find((x) => x.owner === q.owner && !used.has(x.id) && x.id !== q.id);
    if (!v) continue;
    used.add(v.id);
    out.push({ from: v.id, to: q.id });
  }
  return out;
}

/**
 * The places a piece of `owner` passes moving from `from` to `to`: the cells between them on its
 * track when the track holds both in that order (from off the track: the track's start), else just
 * the two ends.
 */
export function travelled(
  tracks: readonly (readonly string[])[],
  owner: number,
  from: string,
  to: string,
  fromOnBoard: boolean,
): string[] {
  const track = tracks[owner];
  if (!track) return [from, to];
  const start = fromOnBoard ? track.indexOf(from) : -1;
  if (start < 0 && fromOnBoard) return [from, to];
  const end = track.indexOf(to, start + 1);
  if (end < 0) return [from, to];
  const cells = track.slice(Math.max(start, 0), end + 1);
  return fromOnBoard ? cells : [from, ...cells];
}
