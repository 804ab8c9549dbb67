/**
 * The Hununga window's context, built from one viewer's update only: the board through the shared
 * renderer (centre and respawn squares marked, pieces with their dots), the turn's dice, scores,
 * tokens, and the legal moves reduced to from → to pairs with follow-up choices.
 */
import { squareLabel } from "../core/places";
import type { HunungaMove, HunungaPiece, HunungaView, PieceKind } from "../../rules/hununga";
import { DEFENCE } from "../../rules/hununga";
import { parseSquareKey } from "../../rules/grid";
import type { TableUpdate } from "../../table/protocol";
import { type BoardChoice, type BoardContext, type BoardMove, type BoardSpec, boardContext } from "../board/context";
import { symbolSvg } from "../core/symbols";
import { dieSvg } from "../core/dice-faces";
import { seatNames } from "../core/types";
import type { CellTone } from "../../palette";

/** Each kind's letter-free mark: a die face with as many dots as its defence. */
export const DOTS: Readonly<Record<PieceKind, string>> = {
  pawn: "⚀",
  bishop: "⚁",
  knight: "⚂",
  rook: "⚃",
  king: "⚅",
};
const CELL_GLYPHS: Readonly<Record<string, string>> = { centre: "◆", "respawn-0": "↺", "respawn-1": "↺" };

/** A square's colour: checkered plain squares, the centre (lighter once claimed), the respawn squares. */
function cellTone(kind: string, dark: boolean, claimed: boolean): CellTone {
  if (kind === "centre") return { fill: claimed ? "hununga-centre-claimed" : "hununga-centre" };
  if (kind.startsWith("respawn")) return { fill: "hununga-respawn" };
  return { fill: dark ? "hununga-plain-dark" : "hununga-plain" };
}

type BoardStep = Extract<HunungaMove, { type: "move" }>;

/** The square a move's piece ends on. */
export const endOf = (m: BoardStep): string => m.path[m.path.length - 1] ?? m.from;

/**
 * Where a move is drawn: from its piece's square to where it ends, except an attack made without
 * moving, drawn onto the target (no move ends on an enemy's square, so the pair stays unique).
 */
export function pairOf(m: BoardStep): { from: string; to: string } {
  return { from: m.from, to: m.path.length === 0 && m.attack !== undefined ? m.attack : endOf(m) };
}

/** A move's id: its die, piece, end square and target, which tell the legal moves apart. */
export const moveId = (m: BoardStep): string => `${m.die}|${m.piece}|${endOf(m)}|${m.attack ?? "-"}`;

/** The side of the end square the target stands on, as the viewer sees the board. */
function attackSide(m: BoardStep, flip: boolean): "up" | "down" | "left" | "right" | "here" {
  if (m.attack === undefined) return "here";
  const a = parseSquareKey(endOf(m));
  const t = parseSquareKey(m.attack);
  if (!a || !t) return "here";
  if (t.x !== a.x) return t.x < a.x ? "left" : "right";
  return t.y < a.y !== flip ? "up" : "down";
}

/** The legal board moves as from → to pairs; several moves on one pair become choices. */
export function boardMoves(legal: readonly HunungaMove[], flip: boolean): BoardMove[] {
  const groups = new Map<string, BoardStep[]>();
  for (const m of legal) {
    if (m.type !== "move") continue;
    const p = pairOf(m);
    const key = `${p.from}>${p.to}`;
    const list = groups.get(key) ?? [];
    if (!list.some((x) => moveId(x) === moveId(m))) list.push(m);
    groups.set(key, list);
  }
  const out: BoardMove[] = [];
  for (const list of groups.values()) {
    const first = list[0]!;
    const { from, to } = pairOf(first);
    if (list.length === 1) {
      out.push({ from, to, id: moveId(first) });
      continue;
    }
    const dice = new Set(list.map((m) => m.die));
    const choices: BoardChoice[] = list.map((m) => {
      const what = m.attack === undefined ? "Move" : `Attack.${attackSide(m, flip)}`;
      return {
        id: moveId(m),
        labelKey: `CANTINA.Hununga.Choice.${what}.${dice.size > 1 ? `die${m.die + 1}` : "any"}`,
      };
    });
    out.push({ from, to, choices });
  }
  return out;
}

/**
 * Hununga's board model (its square grid): the window's board part and every host's canvas board
 * (`GameApp.boardContext`) draw this one.
 */
export function hunungaBoard(update: TableUpdate<HunungaView, HunungaMove>): BoardContext {
  const st = update.view.state;
  const names = seatNames(update);
  const nameOf = (p: 0 | 1): string => names[st.seats[p]] ?? st.seats[p];
  const flip = update.seat === st.seats[1] && update.seat !== st.seats[0];
  const bySquare = new Map<string, HunungaPiece>();
  for (const p of st.pieces) if (p.at !== null) bySquare.set(p.at, p);
  const spec: BoardSpec = {
    grid: "square",
    labelKey: "CANTINA.Board.Label",
    flip,
    showLabels: true,
    cellPixels: 64,
    cells: st.board.cells.map((cell) => {
      const piece = bySquare.get(cell.id);
      const claimed = cell.kind === "centre" && st.claim !== null;
      const sq = parseSquareKey(cell.id);
      const shade = sq && (sq.x + sq.y) % 2 === 1 ? "shade-dark" : "shade-light";
      return {
        at: cell.id,
        // The square as chat names it ("a7"), not its id.
        label: sq ? squareLabel(sq.x, sq.y) : cell.id,
        kind: cell.kind,
        tone: cellTone(cell.kind, shade === "shade-dark", claimed),
        glyph: CELL_GLYPHS[cell.kind] ?? "",
        kindKey: cell.kind === "plain" ? undefined : `CANTINA.Hununga.Cell.${cell.kind}`,
        classes: claimed ? [shade, `claimed-${st.claim}`] : [shade],
        piece: piece
          ? {
              owner: piece.side,
              kind: piece.kind,
              glyph: DOTS[piece.kind],
              labelKey: `CANTINA.Hununga.PieceOf.${piece.kind}`,
              name: nameOf(piece.side),
            }
          : null,
      };
    }),
    moves: boardMoves(update.legalMoves, flip),
  };
  return boardContext(spec);
}

export function hunungaContext(update: TableUpdate<HunungaView, HunungaMove>): Record<string, unknown> {
  const view = update.view;
  const st = view.state;
  const legal = update.legalMoves;
  const names = seatNames(update);
  const nameOf = (p: 0 | 1): string => names[st.seats[p]] ?? st.seats[p];
  const me = update.seat === st.seats[0] ? 0 : update.seat === st.seats[1] ? 1 : null;
  const board = hunungaBoard(update);

  const dice = st.dice;
  const dieView = (d: 0 | 1) => {
    const use = st.used[d];
    const usedKey =
      use === null
        ? ""
        : use === "respawn"
          ? "CANTINA.Hununga.Used.respawn"
          : use === "forfeit"
            ? "CANTINA.Hununga.Used.forfeit"
            : "CANTINA.Hununga.Used.moved";
    const piece = use !== null && typeof use === "object" ? st.pieces.find((p) => p.id === use.piece) : undefined;
    return {
      index: d + 1,
      value: dice?.[d] ?? 0,
      /** The die drawn with its pips (dice-faces.ts, as chat draws it). */
      svg: dieSvg(dice?.[d] ?? 1, 6),
      used: use !== null,
      usedKey,
      pieceKey: piece ? `CANTINA.Hununga.Piece.${piece.kind}` : "CANTINA.Hununga.Piece.pawn",
    };
  };

  let status: { key: string; name: string };
  if (st.phase === "over")
    status =
      st.winner === null
        ? { key: "CANTINA.Hununga.Status.Draw", name: "" }
        : { key: "CANTINA.Hununga.Status.Over", name: nameOf(st.winner) };
  else if (st.phase === "roll") status = { key: "CANTINA.Hununga.Status.Roll", name: nameOf(st.turn) };
  else status = { key: "CANTINA.Hununga.Status.Act", name: nameOf(st.turn) };

  const respawns = legal.flatMap((m) => {
    if (m.type !== "respawn") return [];
    const kind = st.pieces.find((p) => p.id === m.piece)?.kind ?? "pawn";
    return [{ die: m.die, piece: m.piece, kindKey: `CANTINA.Hununga.Piece.${kind}`, value: dice?.[m.die] ?? 0 }];
  });
  const rerolls = legal.flatMap((m) =>
    m.type === "reroll" ? [{ die: m.die, index: m.die + 1, value: dice?.[m.die] ?? 0 }] : [],
  );
  const captured = (p: 0 | 1) =>
    st.pieces
      .filter((x) => x.side === p && x.at === null)
      .map((x) => ({
        kindKey: `CANTINA.Hununga.Piece.${x.kind}`,
        dotsSvg: symbolSvg(DOTS[x.kind]),
        defence: DEFENCE[x.kind],
      }));

  return {
    // The cells' marks for the legend, drawn as on the board.
    centreSvg: symbolSvg(CELL_GLYPHS.centre ?? ""),
    respawnSvg: symbolSvg(CELL_GLYPHS["respawn-0"] ?? ""),
    tableId: update.table.id,
    gameKey: `CANTINA.Games.${update.table.gameId}`,
    status,
    over: st.phase === "over",
    target: st.target,
    turns: st.turns,
    maxTurns: st.maxTurns,
    hasDice: dice !== null,
    doubles: dice !== null && dice[0] === dice[1],
    dice: dice === null ? [] : [dieView(0), dieView(1)],
    claim: st.claim === null ? "" : nameOf(st.claim),
    board,
    players: ([0, 1] as const).map((p) => ({
      seat: st.seats[p],
      owner: p,
      name: nameOf(p),
      isMe: p === me,
      toAct: st.phase !== "over" && p === st.turn,
      winner: st.winner === p,
      score: st.scores[p],
      tokens: st.tokens[p],
      captured: captured(p),
      holds: st.claim === p,
    })),
    legend: (["pawn", "bishop", "knight", "rook", "king"] as const).map((k) => ({
      dotsSvg: symbolSvg(DOTS[k]),
      kindKey: `CANTINA.Hununga.Piece.${k}`,
      defence: DEFENCE[k],
    })),
    controls: {
      roll: legal.some((m) => m.type === "roll"),
      pass: legal.some((m) => m.type === "pass"),
      respawns,
      rerolls,
      hasMoves: board.hasMoves,
    },
    waitingFor: legal.length === 0 && st.phase !== "over" ? nameOf(st.turn) : "",
  };
}
