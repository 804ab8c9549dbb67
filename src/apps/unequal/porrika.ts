/**
 * The Por'rika window: the tapered board of triangles through the shared renderer, the Sacred Waters
 * and the marked starting triangles shown, locked pairs marked. Setup: a tray per piece kind → a
 * marked triangle; play: a piece → where its move ends (the crossed triangle follows from it).
 */
import { oppositeTriangle, parseTriangleKey, triangleKey } from "../../rules/grid";
import { succeed } from "../../rules/core";
import type { Side } from "../../rules/unequal/common";
import { E, type UnequalErrorCode } from "../../rules/unequal/errors";
import type { MatchSummary } from "../../rules/unequal/match";
import {
  PORRIKA_BOARD,
  type PieceKind,
  type PorrikaMove,
  type PorrikaState,
  type PorrikaView,
  SACRED_WATERS,
  SCHELATI,
  SCHELATI_MARKED,
  SERRA,
  SERRA_START,
  locked,
  porrikaLegalMoves,
  porrikaRefusal,
} from "../../rules/unequal/porrika";
import type { TableUpdate } from "../../table/protocol";
import { type BoardContext, type BoardMove, type BoardSpec, type PieceShapeName, boardContext } from "../board/context";
import type { ActionInput, ActionResult } from "../core/types";
import { type BoardClick, type BoardOffer, boardMoveAction } from "../board/board-move";
import { moveListFor, porrikaMoveList } from "./move-list";
import {
  type Blocked,
  refusalInTurn,
  legendContext,
  mySide,
  pairedOffers,
  refused,
  refusedClick,
  sharedContext,
  sideNames,
} from "./common";

/** Each kind's own outline (issue 27: the Egg Carrier and the Guardian were nearly alike); the glyph inside repeats it. */
const SHAPES: Readonly<Record<PieceKind, PieceShapeName>> = { egg: "egg", guardian: "square", serra: "star" };
const ownerOfKind = (kind: PieceKind): Side => (kind === "serra" ? SERRA : SCHELATI);
const trayId = (kind: "egg" | "guardian"): string => `tray-${kind}`;

/** What a legal move is on the board: tray → marked triangle (setup) or piece → end triangle. */
export function porrikaPair(m: PorrikaMove): BoardMove | null {
  if (m.type === "place") return { from: trayId(m.kind), to: m.at, id: "place" };
  if (m.type === "move") return { from: m.from, to: m.to, id: "move" };
  return null;
}

/**
 * Why `side` cannot move the piece on triangle `at` at all (null: it has a move): still setting up,
 * not theirs, locked in mortal combat, or every triangle it could reach taken.
 */
export function pieceRefusal(st: PorrikaState, side: Side, at: string): UnequalErrorCode | null {
  const start = parseTriangleKey(at);
  if (start === null) return null;
  const via = triangleKey(oppositeTriangle(start));
  const probe = porrikaRefusal(st, side, { type: "move", from: at, via, to: at });
  // Every refusal before the destination's is the piece's own; a destination's means "look elsewhere".
  if (probe !== E.porrika.notCorner) return probe;
  if (locked(st, at)) return E.porrika.locked;
  const canMove = porrikaLegalMoves(st, side).some((m) => m.type === "move" && m.from === at);
  return canMove ? null : E.porrika.noRoom;
}

export type PorrikaMatchView = PorrikaView & { readonly match?: MatchSummary };

/** Each legal placing or move as the board offers it. */
function boardPairs(update: TableUpdate<PorrikaMatchView, PorrikaMove>): BoardMove[] {
  return update.legalMoves.flatMap((m) => {
    const p = porrikaPair(m);
    return p ? [p] : [];
  });
}

/**
 * Por'rika's board model (the tapered board of triangles): the window's board part and every host's
 * canvas board (`GameApp.boardContext`) draw this one.
 */
export function porrikaBoard(update: TableUpdate<PorrikaMatchView, PorrikaMove>): BoardContext {
  const st = update.view.state;
  const me = mySide(update, st);
  const names = sideNames(update, st);
  const setup = st.phase === "setup";
  const placed = (kind: PieceKind): number => st.pieces.filter((p) => p.kind === kind).length;
  const bySpot = new Map(st.pieces.map((p) => [p.at, p]));

  const spec: BoardSpec = {
    grid: "triangle",
    labelKey: "CANTINA.Unequal.Porrika.Board",
    // The Schelati player sees the wide end (their start) at the bottom.
    flip: me === SCHELATI,
    // Pieces nearly fill their triangle, which is small (issue 27: pieces of about 10 px).
    cellPixels: 72,
    pieceScale: 0.95,
    showLabels: false,
    cells: PORRIKA_BOARD.map((key) => {
      const t = parseTriangleKey(key)!;
      const piece = bySpot.get(key);
      const kind = SACRED_WATERS.includes(key)
        ? "sacred"
        : SCHELATI_MARKED.includes(key)
          ? "marked"
          : SERRA_START.includes(key)
            ? "serra-start"
            : "plain";
      const isLocked = piece !== undefined && !st.over && !setup && locked(st, key);
      const owner: Side = piece ? ownerOfKind(piece.kind) : SCHELATI;
      return {
        at: key,
        kind,
        tone: {
          fill:
            kind === "sacred"
              ? "unequal-sacred"
              : kind === "marked"
                ? "unequal-marked"
                : (t.x + t.y) % 2 === 0
                  ? "unequal-start-light"
                  : "unequal-start-dark",
        },
        glyph: kind === "sacred" ? "≈" : kind === "marked" && setup ? "·" : "",
        kindKey: kind === "plain" ? undefined : `CANTINA.Unequal.Porrika.Cell.${kind}`,
        // "board-porrika": its checkered squares are Por'rika's alone, not Hununga's (styles/unequal.css).
        classes: [
          "board-porrika",
          (t.x + t.y) % 2 === 0 ? "shade-light" : "shade-dark",
          isLocked ? "locked" : "",
          // The last move: where the piece went, and (fainter) where it came from.
          st.last?.to === key ? "last-moved" : st.last?.from === key ? "last-from" : "",
        ].filter(Boolean),
        piece: piece
          ? {
              owner,
              kind: isLocked ? `${piece.kind} locked` : piece.kind,
              glyph: "",
              shape: SHAPES[piece.kind],
              labelKey: `CANTINA.Unequal.Porrika.PieceOf.${piece.kind}${isLocked ? "Locked" : ""}`,
              name: names[owner] ?? "",
            }
          : null,
      };
    }),
    trays: setup
      ? (["egg", "guardian"] as const).map((kind) => ({
          id: trayId(kind),
          owner: SCHELATI,
          labelKey: `CANTINA.Unequal.Porrika.Tray.${kind}`,
          count: (kind === "egg" ? 2 : 4) - placed(kind),
        }))
      : [],
    pieceGlyphs: ["", ""],
    moves: boardPairs(update),
  };
  return boardContext(spec);
}

export function porrikaContext(update: TableUpdate<PorrikaMatchView, PorrikaMove>): Record<string, unknown> {
  const view = update.view;
  const st = view.state;
  const legal = update.legalMoves;
  const me = mySide(update, st);
  const moves = boardPairs(update);
  const shared = sharedContext(update, st, view.match);
  const setup = st.phase === "setup";

  const blocked: Blocked[] = [];
  if (me !== null && me === st.turn && !st.over && !setup)
    for (const p of st.pieces) {
      const mine = (p.kind === "serra" ? SERRA : SCHELATI) === me;
      if (!mine || moves.some((m) => m.from === p.at)) continue;
      blocked.push({ at: p.at, reasonKey: pieceRefusal(st, me, p.at) ?? E.porrika.noRoom });
    }

  return {
    ...shared,
    game: "porrika",
    board: porrikaBoard(update),
    moveList: moveListFor(shared.myTurn === true, porrikaMoveList(legal, st, porrikaPair)),
    blocked,
    setup,
    hint: setup ? "CANTINA.Unequal.Porrika.HintSetup" : "CANTINA.Unequal.Porrika.Hint",
    canPass: legal.some((m) => m.type === "pass"),
    scoring: st.scoring,
    points: st.scoring && st.over ? st.points.join(" – ") : "",
    legend: legendContext([
      ...(["egg", "guardian", "serra"] as const).map((kind) => ({
        piece: { owner: ownerOfKind(kind), shape: SHAPES[kind] },
        key: `CANTINA.Unequal.Porrika.Piece.${kind}`,
      })),
      { glyph: "≈", key: "CANTINA.Unequal.Porrika.Cell.sacred" },
      { glyph: "⚔", key: "CANTINA.Unequal.Porrika.Legend.locked" },
    ]),
  };
}

/** The board's moves: each legal placing or move as its pair. */
function porrikaOffers(update: TableUpdate<PorrikaMatchView, PorrikaMove>): BoardOffer<PorrikaMove>[] {
  return pairedOffers(update.legalMoves, porrikaPair);
}

/** A click that names no offered move: why it is none. */
const refusal = refusalInTurn((click: BoardClick, st: PorrikaState, side: Side, input: ActionInput): ActionResult => {
  const { from, to } = click;
  // A piece clicked alone that the board did not offer: why it cannot move.
  if (to === "" && parseTriangleKey(from) !== null) return refusedClick(input, pieceRefusal(st, side, from));
  if (parseTriangleKey(to) === null) return refusedClick(input, null);
  if (from === trayId("egg") || from === trayId("guardian"))
    return refusedClick(
      input,
      porrikaRefusal(st, side, { type: "place", kind: from === trayId("egg") ? "egg" : "guardian", at: to }),
    );
  const start = parseTriangleKey(from);
  if (start === null) return refusedClick(input, null);
  return refusedClick(
    input,
    porrikaRefusal(st, side, { type: "move", from, via: triangleKey(oppositeTriangle(start)), to }),
  );
});

const boardMove = boardMoveAction({ offers: porrikaOffers, refusal });

export const porrikaActions = {
  "board-move": boardMove,
  pass: (_input: ActionInput, update: TableUpdate<PorrikaMatchView, PorrikaMove>): ActionResult =>
    update.legalMoves.some((m) => m.type === "pass")
      ? succeed({ move: { type: "pass" } })
      : refused(E.porrika.mustMove),
} satisfies Record<string, (input: ActionInput, update: TableUpdate<PorrikaMatchView, PorrikaMove>) => ActionResult>;
