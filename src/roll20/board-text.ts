/**
 * A board's position as text for the public chat card, so a player without the page open still
 * reads the board: a line per row of cells (or points), a mark per spot (a side's symbol, with the
 * stack's size; `·` for an empty one), the trays' counts, and which symbol is whose. Pure.
 */
import type { Localizer } from "../apps/core/i18n";
import type { Point } from "../rules/grid";
import { escapeChat } from "./render";

/** What the picture reads of a board's drawing (./board-geometry.ts): its spots, pieces and trays. */
export interface BoardPicture {
  readonly cells: readonly { readonly id: string; readonly centre: Point }[];
  readonly points: readonly { readonly id: string; readonly centre: Point }[];
  readonly pieces: readonly { readonly at: string; readonly owner: number; readonly count: number }[];
  readonly trays: readonly { readonly owner: number; readonly labelKey: string; readonly count: number }[];
}

/** One symbol per side, told apart by shape (colour is not used in chat). */
export const SIDE_SYMBOLS = ["●", "○", "▲", "■", "◆", "★"] as const;

export const symbolOf = (owner: number): string => SIDE_SYMBOLS[owner % SIDE_SYMBOLS.length] ?? "?";

/** The rows of the picture: spots grouped by their height on the page, columns by their x. */
export function pictureRows(drawing: BoardPicture): string[] {
  const spots = [...drawing.cells, ...drawing.points].map((s) => ({
    id: s.id,
    x: Math.round(s.centre.x),
    y: Math.round(s.centre.y),
  }));
  const pieces = new Map(drawing.pieces.map((p) => [p.at, p]));
  const xs = [...new Set(spots.map((s) => s.x))].sort((a, b) => a - b);
  const ys = [...new Set(spots.map((s) => s.y))].sort((a, b) => a - b);
  return ys.map((y) => {
    const row = new Array<string>(xs.length).fill("  ");
    for (const s of spots.filter((spot) => spot.y === y)) {
      const piece = pieces.get(s.id);
      const count = piece && piece.count > 1 ? (piece.count > 9 ? "+" : String(piece.count)) : " ";
      row[xs.indexOf(s.x)] = piece ? `${symbolOf(piece.owner)}${count}` : "· ";
    }
    return row.join("").trimEnd();
  });
}

/** The picture as a card line (HTML, escaped): the rows, the trays, and the legend by seat name. */
export function boardPicture(drawing: BoardPicture, names: readonly string[], i18n: Localizer): string {
  const trays = drawing.trays.map((t) => `${symbolOf(t.owner)} ${i18n.format(t.labelKey, { count: t.count })}`);
  const legend = names.map((name, owner) => `${symbolOf(owner)} ${name}`).join("  ");
  // Roll20's chat keeps no newline in a message: each line is its own <br>-separated text.
  const lines = [...pictureRows(drawing), ...(trays.length > 0 ? ["", ...trays] : []), "", legend];
  return `<div style="font-family:monospace;white-space:pre;line-height:1.15">${lines.map(escapeChat).join("<br>")}</div>`;
}
