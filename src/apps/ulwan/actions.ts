/** Clicks in the Ulwan window, turned into moves. The rules check them again. */
import { refuse, succeed } from "../../rules/core";
import { type UlwanMove, type UlwanView, E as UlwanErrors } from "../../rules/ulwan";
import type { TableUpdate } from "../../table/protocol";
import { WindowErrors } from "../core/errors";
import type { ActionInput, ActionResult } from "../core/types";
import { type BoardClick, type BoardOffer, boardMoveAction } from "../board/board-move";
import { pairOf } from "./context";

const move = (m: UlwanMove): ActionResult => succeed({ move: m });

/** The board's moves: each legal move drawn as a (from, to) pair (the same the board is drawn from). */
export function ulwanOffers(update: TableUpdate<UlwanView, UlwanMove>): BoardOffer<UlwanMove>[] {
  return update.legalMoves.flatMap((m) => {
    const pair = pairOf(update.view, m);
    return pair ? [{ from: pair.from, to: pair.to, move: m }] : [];
  });
}

/** A click on the board or the move list that names no offered move. */
function refusal(click: BoardClick, update: TableUpdate<UlwanView, UlwanMove>): ActionResult {
  const { from, to } = click;
  // A piece that can move, sent elsewhere: the marked square is where this roll takes it.
  if (ulwanOffers(update).some((o) => o.from === from)) return refuse(WindowErrors.notDestination, { to });
  // A piece that cannot move: the host's rules refuse the move and say why (nothing changes).
  if (click.refused && from !== "") return move(from === "hand" ? { type: "enter" } : { type: "move", from });
  return refuse(UlwanErrors.illegal);
}

const boardMove = boardMoveAction({ offers: ulwanOffers, refusal });

export const ulwanActions = {
  roll: () => move({ type: "roll" }),
  "buy-roll": () => move({ type: "buy-roll" }),
  decline: () => move({ type: "decline" }),
  "dorn-place": () => move({ type: "dorn-place" }),
  "dorn-buy": () => move({ type: "dorn-buy" }),
  "board-move": boardMove,
} satisfies Record<string, (input: ActionInput, update: TableUpdate<UlwanView, UlwanMove>) => ActionResult>;
