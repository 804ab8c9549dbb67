/**
 * The lobby's picture of a Hununga board: where each side's pieces start (chess glyphs, the side as
 * the cell's kind), the centre and the respawn squares.
 */
import { type BoardData, parseSquareKey } from "../../rules/grid";
import type { BoardPreview } from "../core/types";

const PIECE_GLYPHS: Readonly<Record<string, string>> = {
  pawn: "♟",
  bishop: "♝",
  knight: "♞",
  rook: "♜",
  king: "♚",
};

export function hunungaBoardPreview(raw: unknown): BoardPreview | null {
  const board = raw as BoardData;
  const at = board.cells.map((c) => ({ cell: c, xy: parseSquareKey(c.id) }));
  if (at.some((a) => a.xy === null)) return null;
  const xs = at.map((a) => a.xy?.x ?? 0);
  const ys = at.map((a) => a.xy?.y ?? 0);
  const byKey = new Map(at.map((a) => [`${a.xy?.x},${a.xy?.y}`, a.cell]));
  const rows: { cells: { text: string; kind: string }[] }[] = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
    const cells: { text: string; kind: string }[] = [];
    for (let x = Math.min(...xs); x <= Math.max(...xs); x++) {
      const cell = byKey.get(`${x},${y}`);
      const piece = cell?.tags?.map((t) => /^piece-([01])-(\w+)$/.exec(t)).find((m) => m !== null);
      const mark = cell?.kind === "centre" ? "◇" : cell?.kind.startsWith("respawn") ? "↺" : "";
      const text = `${piece ? (PIECE_GLYPHS[piece[2] ?? ""] ?? "") : ""}${mark}`;
      cells.push({ text, kind: piece ? `side-${piece[1]}` : (cell?.kind ?? "none") });
    }
    rows.push({ cells });
  }
  return { legendKey: "CANTINA.Lobby.PreviewHununga", rows };
}
