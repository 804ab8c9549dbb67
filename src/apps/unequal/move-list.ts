/**
 * "Moves as a list" for the unequal-forces windows (as the Ulwan family has): every legal move as a
 * button in the notation of docs/rules/unequal-forces.md, "Move list", sent as the board's own click.
 */
import type { DefianceMove } from "../../rules/unequal/defiance";
import type { PorrikaMove, PorrikaState } from "../../rules/unequal/porrika";
import type { TakatMove } from "../../rules/unequal/takat";
import type { BoardMove } from "../board/context";
import { squareLabel } from "../core/places";

/** One button: the board click it stands for (`from`, `to`) and its label (a key and its places). */
export interface MoveListEntry {
  readonly from: string;
  readonly to: string;
  readonly labelKey: string;
  readonly fromLabel: string;
  readonly toLabel: string;
  /** How each place is worded, given its label as `square` (a Por'rika triangle names its side: issue 33). */
  readonly fromKey: string;
  readonly toKey: string;
}

/** A place written as its label alone. */
const PLAIN = "CANTINA.Places.Plain";

/** A Por'rika triangle ("1,1,n") as its square's label and the key that adds its side in words. */
function triangle(id: string): { label: string; key: string } {
  const [x, y, side] = id.split(",");
  return { label: squareLabel(Number(x), Number(y)), key: `CANTINA.Places.Triangle.${side ?? "n"}` };
}

// A prefix completed with the game, the move and (Por'rika) the piece kind.
const KEY = "CANTINA.Unequal.MoveList.";

/** The list's entries in the legal moves' order, each board click once (Defiance's facings are one click). */
function entries<M>(
  legal: readonly M[],
  pair: (m: M) => BoardMove | null,
  label: (m: M) => (Omit<MoveListEntry, "from" | "to" | "fromKey" | "toKey"> & Partial<MoveListEntry>) | null,
): MoveListEntry[] {
  const seen = new Set<string>();
  const list: MoveListEntry[] = [];
  for (const m of legal) {
    const p = pair(m);
    const l = label(m);
    if (!p || !l || seen.has(`${p.from}>${p.to}`)) continue;
    seen.add(`${p.from}>${p.to}`);
    list.push({ from: p.from, to: p.to, fromKey: PLAIN, toKey: PLAIN, ...l });
  }
  return list;
}

/** A Defiance point's name: its column and row on the 11×11 points, as the board labels it ("f6"). */
const pointName = (p: number, points: number): string => squareLabel(p % points, Math.floor(p / points));
/** A Defiance square's name: its column and row, as chat names it ("d8"). */
const squareName = (s: number, size: number): string => squareLabel(s % size, Math.floor(s / size));

export function defianceMoveList(
  legal: readonly DefianceMove[],
  pair: (m: DefianceMove) => BoardMove | null,
  size: number,
  points: number,
): MoveListEntry[] {
  return entries(legal, pair, (m) => {
    switch (m.type) {
      case "place":
        return { labelKey: `${KEY}Defiance.place`, fromLabel: "", toLabel: squareName(m.square, size) };
      case "turn":
        return { labelKey: `${KEY}Defiance.turn`, fromLabel: squareName(m.square, size), toLabel: "" };
      case "command":
        return {
          labelKey: `${KEY}Defiance.command`,
          fromLabel: pointName(m.from, points),
          toLabel: pointName(m.to, points),
        };
      default:
        return null;
    }
  });
}

export function porrikaMoveList(
  legal: readonly PorrikaMove[],
  state: PorrikaState,
  pair: (m: PorrikaMove) => BoardMove | null,
): MoveListEntry[] {
  const kindAt = new Map(state.pieces.map((p) => [p.at, p.kind]));
  return entries(legal, pair, (m) => {
    if (m.type === "place") {
      const to = triangle(m.at);
      return { labelKey: `${KEY}Porrika.place.${m.kind}`, fromLabel: "", toLabel: to.label, toKey: to.key };
    }
    if (m.type !== "move") return null;
    const kind = kindAt.get(m.from);
    const [from, to] = [triangle(m.from), triangle(m.to)];
    return kind
      ? {
          labelKey: `${KEY}Porrika.move.${kind}`,
          fromLabel: from.label,
          toLabel: to.label,
          fromKey: from.key,
          toKey: to.key,
        }
      : null;
  });
}

export function takatMoveList(legal: readonly TakatMove[], pair: (m: TakatMove) => BoardMove | null): MoveListEntry[] {
  return entries(legal, pair, (m) =>
    m.type === "enter"
      ? { labelKey: `${KEY}Takat.enter`, fromLabel: "", toLabel: String(m.to) }
      : { labelKey: `${KEY}Takat.move`, fromLabel: String(m.from), toLabel: String(m.to) },
  );
}

/** The list only for the player to act (a spectator or the waiting side has no moves to list). */
export function moveListFor(myTurn: boolean, list: readonly MoveListEntry[]): readonly MoveListEntry[] {
  return myTurn ? list : [];
}
