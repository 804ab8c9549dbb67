/** Clicks in the Hununga window, turned into moves. The rules check them again. */
import type { HunungaMove, HunungaView } from "../../rules/hununga";
import type { TableUpdate } from "../../table/protocol";
import type { ActionInput, ActionResult } from "../core/types";
import { moveId, pairOf } from "./context";

const ILLEGAL = "CANTINA.Hununga.Error.Illegal";

/** The legal move of this type whose die (and piece) the clicked button names. */
function pick(
  update: TableUpdate<HunungaView, HunungaMove>,
  type: "respawn" | "reroll",
  input: ActionInput,
): ActionResult {
  const die = Number(input.data.die);
  const m = update.legalMoves.find(
    (x) =>
      x.type === type && x.die === die && (type === "reroll" || (x.type === "respawn" && x.piece === input.data.piece)),
  );
  return m ? { move: m } : { error: ILLEGAL };
}

/** A board move: the id names one legal move; its pair must be the clicked from → to. */
function boardMove(input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>): ActionResult {
  const { from, to, id } = input.data;
  const legal = update.legalMoves;
  for (const m of legal) {
    if (m.type !== "move" || moveId(m) !== id) continue;
    const p = pairOf(m);
    if (p.from === from && p.to === to) return { move: m };
  }
  if (input.data.refused !== "true") return { error: ILLEGAL };
  // A piece that can move, sent elsewhere: the marked squares are where its dice take it.
  if (legal.some((m) => m.type === "move" && m.from === from))
    return { error: "CANTINA.Board.Error.NotDestination", params: { to: to ?? "" } };
  // A piece that cannot move: the host's rules refuse it standing still on an open die and say why
  // (not your piece, not your turn, the die must be used in full…); nothing changes.
  const view = update.view;
  const piece = view.state.pieces.find((p) => p.at === from);
  const die = view.state.used[0] === null ? 0 : 1;
  return piece ? { move: { type: "move", die, piece: piece.id, from, path: [] } } : { error: ILLEGAL };
}

export const hunungaActions = {
  roll: () => ({ move: { type: "roll" } }),
  pass: () => ({ move: { type: "pass" } }),
  respawn: (input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>) => pick(update, "respawn", input),
  reroll: (input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>) => pick(update, "reroll", input),
  "board-move": boardMove,
} satisfies Record<string, (input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>) => ActionResult>;
