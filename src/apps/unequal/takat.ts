/**
 * The Takat window: seven hexes through the shared board renderer, each stack drawn with its height
 * and the colours inside it, safe stacks marked, the reserves as trays (enter: tray → hex).
 */
import { hexKey } from "../../rules/grid";
import type { Side } from "../../rules/unequal/common";
import type { UnequalErrorCode } from "../../rules/unequal/errors";
import type { MatchSummary } from "../../rules/unequal/match";
import {
  ADJACENT,
  CENTRE,
  type Colour,
  RED,
  TAKAT_HEXES,
  type TakatMove,
  type TakatState,
  type TakatView,
  permanentlySafe,
  takatRefusal,
  temporarilySafe,
} from "../../rules/unequal/takat";
import type { TableUpdate } from "../../table/protocol";
import { type BoardContext, type BoardMove, type BoardSpec, boardContext } from "../board/context";
import type { ActionInput, ActionResult } from "../core/types";
import { type BoardClick, type BoardOffer, boardMoveAction } from "../board/board-move";
import { moveListFor, takatMoveList } from "./move-list";
import {
  type Blocked,
  refusalInTurn,
  legendContext,
  mySide,
  pairedOffers,
  refusedClick,
  sharedContext,
  sideNames,
} from "./common";

const hexId = (i: number): string => `h${i}`;
const trayId = (side: Side): string => `reserve-${side}`;
const ownerOfColour = (c: Colour): Side => (c === "w" ? 0 : 1);

/** What a legal move is on the board: tray or hex → hex. */
export function takatPair(m: TakatMove, side: Side): BoardMove {
  return m.type === "enter"
    ? { from: trayId(side), to: hexId(m.to), id: "enter" }
    : { from: hexId(m.from), to: hexId(m.to), id: "move" };
}

/**
 * Why `side` cannot move the top piece of hex `i` anywhere (null: it can): the rules' reason for the
 * first neighbour, which names the stack's own reason (just moved, safe, must enter) before any target's.
 */
export function stackRefusal(st: TakatState, side: Side, i: number): UnequalErrorCode | null {
  const reasons = (ADJACENT[i] ?? []).map((to) => takatRefusal(st, side, { type: "move", from: i, to }));
  return reasons.some((r) => r === null) ? null : (reasons[0] ?? null);
}

export type TakatMatchView = TakatView & { readonly match?: MatchSummary };

/**
 * Takat's board model (seven hexes of stacks): the window's board part and every host's canvas board
 * (`GameApp.boardContext`) draw this one.
 */
export function takatBoard(update: TableUpdate<TakatMatchView, TakatMove>): BoardContext {
  const view = update.view;
  const st = view.state;
  const names = sideNames(update, st);

  const spec: BoardSpec = {
    grid: "hex",
    labelKey: "CANTINA.Unequal.Takat.Board",
    cellPixels: 104,
    // The hex numbers the chat's move lines name.
    showLabels: true,
    cells: TAKAT_HEXES.map((h, i) => {
      const stack = st.stacks[i] ?? [];
      const top = stack[stack.length - 1];
      const perm = permanentlySafe(stack, i);
      const temp = !perm && temporarilySafe(stack);
      const kind = i === CENTRE ? "centre" : RED.includes(i) ? "red" : "plain";
      return {
        at: hexKey(h),
        id: hexId(i),
        kind,
        tone: { fill: kind === "red" ? "unequal-red" : kind === "centre" ? "unequal-centre" : "board-point" },
        glyph: kind === "red" ? "▲" : kind === "centre" ? "○" : "",
        kindKey: kind === "plain" ? undefined : `CANTINA.Unequal.Takat.Hex.${kind}`,
        label: String(i),
        // "board-takat": its kinds' colours (red, centre) are Takat's alone, not Hununga's centre (styles/unequal.css).
        classes: [
          "board-takat",
          perm ? "safe-permanent" : temp ? "safe-temporary" : "",
          i === st.lastTo ? "last-moved" : "",
        ].filter(Boolean),
        piece:
          top === undefined
            ? null
            : {
                owner: ownerOfColour(top),
                kind: perm ? "safe-permanent" : temp ? "safe-temporary" : "disc",
                glyph: perm ? "●" : temp ? "◈" : "",
                labelKey: `CANTINA.Unequal.Takat.Top.${perm ? "permanent" : temp ? "temporary" : "free"}`,
                name: names[ownerOfColour(top)] ?? "",
                count: stack.length,
                stack: stack.map(ownerOfColour),
              },
      };
    }),
    trays: ([0, 1] as const).map((side) => ({
      id: trayId(side),
      owner: side,
      labelKey: side === 0 ? "CANTINA.Unequal.Takat.ReserveWhite" : "CANTINA.Unequal.Takat.ReserveBlack",
      count: side === 0 ? view.reserve.w : view.reserve.b,
    })),
    pieceGlyphs: ["", ""],
    moves: update.legalMoves.map((m) => takatPair(m, st.turn)),
  };
  return boardContext(spec);
}

export function takatContext(update: TableUpdate<TakatMatchView, TakatMove>): Record<string, unknown> {
  const view = update.view;
  const st = view.state;
  const legal = update.legalMoves;
  const me = mySide(update, st);
  const shared = sharedContext(update, st, view.match, { reserves: [view.reserve.w, view.reserve.b] });

  // Stacks the player to act could try to lift but cannot, with the rules' reason.
  const blocked: Blocked[] = [];
  if (me !== null && me === st.turn && !st.over)
    st.stacks.forEach((stack, i) => {
      if (stack.length === 0 || legal.some((m) => m.type === "move" && m.from === i)) return;
      const why = stackRefusal(st, me, i);
      if (why) blocked.push({ at: String(i), reasonKey: why });
    });

  return {
    ...shared,
    game: "takat",
    board: takatBoard(update),
    moveList: moveListFor(
      shared.myTurn === true,
      takatMoveList(legal, (m) => takatPair(m, st.turn)),
    ),
    blocked,
    hint: "CANTINA.Unequal.Takat.Hint",
    canPass: false,
    legend: legendContext([
      { glyph: "▲", key: "CANTINA.Unequal.Takat.Hex.red" },
      { glyph: "○", key: "CANTINA.Unequal.Takat.Hex.centre" },
      { glyph: "◈", key: "CANTINA.Unequal.Takat.Legend.temporary" },
      { glyph: "●", key: "CANTINA.Unequal.Takat.Legend.permanent" },
    ]),
  };
}

/** A board click: the legal move it names, or the rules' reason it is refused. */
/** The board's moves: each legal move as its (tray or hex → hex) pair. */
function takatOffers(update: TableUpdate<TakatMatchView, TakatMove>): BoardOffer<TakatMove>[] {
  const turn = update.view.state.turn;
  return pairedOffers(update.legalMoves, (m) => takatPair(m, turn));
}

/** A click that names no offered move: why it is none. */
const refusal = refusalInTurn((click: BoardClick, st: TakatState, side: Side, input: ActionInput): ActionResult => {
  const { from, to } = click;
  const target = Number(to.slice(1));
  const source = Number(from.slice(1));
  const isHex = (id: string): boolean => /^h[0-6]$/.test(id);
  // A stack clicked alone that the board did not offer: why it cannot be moved.
  if (to === "" && isHex(from)) return refusedClick(input, stackRefusal(st, side, source));
  if (!isHex(to) || (!from.startsWith("reserve") && !isHex(from))) return refusedClick(input, null);
  const move: TakatMove = from.startsWith("reserve")
    ? { type: "enter", to: target }
    : { type: "move", from: source, to: target };
  return refusedClick(input, takatRefusal(st, side, move));
});

const boardMove = boardMoveAction({ offers: takatOffers, refusal });

export const takatActions = { "board-move": boardMove } satisfies Record<
  string,
  (input: ActionInput, update: TableUpdate<TakatMatchView, TakatMove>) => ActionResult
>;
