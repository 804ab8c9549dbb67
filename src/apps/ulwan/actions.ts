/** Clicks in the Ulwan window, turned into moves. The rules check them again. */
import type { UlwanMove, UlwanView } from "../../rules/ulwan";
import type { TableUpdate } from "../../table/protocol";
import type { ActionInput, ActionResult } from "../core/types";
import { pairOf } from "./context";

const move = (m: UlwanMove): ActionResult => ({ move: m });

/** A (from, to) pair from the board or the move list, matched against the legal moves. */
function boardMove(input: ActionInput, update: TableUpdate<UlwanView, UlwanMove>): ActionResult {
  const view = update.view;
  const from = input.data.from ?? "";
  const to = input.data.to ?? "";
  const legal = update.legalMoves;
  for (const m of legal) {
    const pair = pairOf(view, m);
    if (pair && pair.from === from && pair.to === to) return move(m);
  }
  // A piece that can move, sent elsewhere: the marked square is where this roll takes it.
  if (legal.some((m) => pairOf(view, m)?.from === from))
    return { error: "CANTINA.Board.Error.NotDestination", params: { to } };
  // A piece that cannot move: the host's rules refuse the move and say why (nothing changes).
  if (input.data.refused === "true" && from !== "")
    return move(from === "hand" ? { type: "enter" } : { type: "move", from });
  return { error: "CANTINA.Ulwan.Error.Illegal" };
}

export const ulwanActions = {
  roll: () => move({ type: "roll" }),
  "buy-roll": () => move({ type: "buy-roll" }),
  decline: () => move({ type: "decline" }),
  "dorn-place": () => move({ type: "dorn-place" }),
  "dorn-buy": () => move({ type: "dorn-buy" }),
  "board-move": boardMove,
} satisfies Record<string, (input: ActionInput, update: TableUpdate<UlwanView, UlwanMove>) => ActionResult>;
