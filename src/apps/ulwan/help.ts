/**
 * The Ulwan family's in-window help: how a turn goes, each player's path drawn on the board (step
 * numbers and an arrow to the next square: the direction of travel), and the tiles with their costs.
 */
import { type BoardSquare, GLYPHS, type UlwanView } from "../../rules/ulwan";
import type { TableUpdate } from "../../table/protocol";
import { symbolSvg } from "../core/symbols";
import { type BoardPreview, seatNames } from "../core/types";

/** The arrow from one grid square to the next (rows grow downwards). */
function arrow(from: { row: number; col: number }, to: { row: number; col: number } | undefined): string {
  if (!to) return "⇥";
  const dr = Math.sign(to.row - from.row);
  const dc = Math.sign(to.col - from.col);
  const arrows: Record<string, string> = {
    "0,1": "→",
    "0,-1": "←",
    "1,0": "↓",
    "-1,0": "↑",
    "1,1": "↘",
    "1,-1": "↙",
    "-1,1": "↗",
    "-1,-1": "↖",
  };
  return arrows[`${dr},${dc}`] ?? "·";
}

/** Seven Ulwan's costs in antes, normal and for an invaded player (docs/rules/ulwan.md, "Costs"). */
const SEVEN_COSTS: readonly { kind: string; key: string; antes: number; invaded: number }[] = [
  { kind: "aurek", key: "CANTINA.Help.Ulwan.CostEnter", antes: 1, invaded: 1 },
  { kind: "cresh", key: "CANTINA.Help.Ulwan.CostCresh", antes: 5, invaded: 10 },
  { kind: "dorn", key: "CANTINA.Help.Ulwan.CostDorn", antes: 2, invaded: 4 },
  { kind: "esk", key: "CANTINA.Help.Ulwan.CostEsk", antes: 5, invaded: 10 },
];

/** The lobby's picture of an Ulwan board: each square's tile letter, and the first player's path (step, arrow). */
export function ulwanBoardPreview(raw: unknown): BoardPreview | null {
  // Board data already checked by the game (the lobby previews only playable boards).
  const board = raw as { rows: number; cols: number; squares: readonly BoardSquare[]; paths: readonly string[][] };
  const path: readonly string[] | undefined = board.paths[0];
  if (!path) return null;
  const byId = new Map<string, BoardSquare>(board.squares.map((sq) => [sq.id, sq]));
  const step = new Map<string, number>(path.map((id, i) => [id, i]));
  const rows: { cells: { text: string; kind: string }[] }[] = [];
  for (let row = 0; row < board.rows; row++) {
    const cells: { text: string; kind: string }[] = [];
    for (let col = 0; col < board.cols; col++) {
      const sq = board.squares.find((s) => s.row === row && s.col === col);
      const i = sq ? step.get(sq.id) : undefined;
      const walk = sq && i !== undefined ? `${i + 1}${arrow(sq, byId.get(path[i + 1] ?? ""))}` : "";
      cells.push({ text: sq ? `${GLYPHS[sq.kind]} ${walk}`.trim() : "", kind: sq ? sq.kind : "none" });
    }
    rows.push({ cells });
  }
  return { legendKey: "CANTINA.Lobby.PreviewUlwan", rows };
}

export function ulwanHelpContext(update: TableUpdate<UlwanView>): Record<string, unknown> {
  const st = update.view.state;
  const board = st.board;
  const names = seatNames(update);
  const byId = new Map(board.squares.map((sq) => [sq.id, sq]));
  const seven = st.ruleset === "seven";
  const paths = ([0, 1] as const).map((p) => {
    const path = board.paths[p];
    const step = new Map(path.map((id, i) => [id, i]));
    const rows = [];
    for (let row = 0; row < board.rows; row++) {
      const cells = [];
      for (let col = 0; col < board.cols; col++) {
        const sq = board.squares.find((s) => s.row === row && s.col === col);
        const i = sq ? step.get(sq.id) : undefined;
        cells.push(
          sq && i !== undefined
            ? { on: true, step: i + 1, arrow: arrow(sq, byId.get(path[i + 1] ?? "")), glyph: GLYPHS[sq.kind] }
            : { on: sq !== undefined, step: "", arrow: "", glyph: sq ? GLYPHS[sq.kind] : "" },
        );
      }
      rows.push({ cells });
    }
    return {
      name: names[st.seats[p]] ?? st.seats[p],
      glyphSvg: symbolSvg(p === 0 ? "●" : "■"),
      rows,
      length: path.length,
    };
  });
  const unit = st.economy?.unit ?? 0;
  return {
    help: {
      tableId: update.table.id,
      gameKey: `CANTINA.Games.${update.table.gameId}`,
      seven,
      finkel: st.ruleset === "finkel",
      paths,
      costs: seven
        ? SEVEN_COSTS.map((c) => ({
            ...c,
            glyph: GLYPHS[c.kind as keyof typeof GLYPHS],
            nameKey: `CANTINA.Ulwan.Kind.${c.kind}`,
            amount: c.antes * unit,
            invadedAmount: c.invaded * unit,
          }))
        : [],
      tiles: [...new Set(board.squares.map((s) => s.kind))]
        .filter((k) => k !== "plain" && (seven || k === "cresh"))
        .map((k) => ({
          kind: k,
          glyph: GLYPHS[k],
          nameKey: `CANTINA.Ulwan.Kind.${k}`,
          effectKey: `CANTINA.Ulwan.Effect.${seven ? "seven" : st.ruleset}.${k}`,
        })),
    },
  };
}
