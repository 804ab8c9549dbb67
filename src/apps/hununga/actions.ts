/** Clicks in the Hununga window, turned into moves. The rules check them again. */
import { refuse, succeed } from "../../rules/core";
import { type HunungaMove, type HunungaView, E } from "../../rules/hununga";
import type { TableUpdate } from "../../table/protocol";
import { WindowErrors } from "../core/errors";
import type { ActionInput, ActionResult } from "../core/types";
import { type BoardClick, type BoardOffer, boardMoveAction } from "../board/board-move";
import { moveId, pairOf } from "./context";

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
  return m ? succeed({ move: m }) : refuse(E.illegal);
}

/** The board's moves: each legal step from its piece's square to where it ends, named by its id. */
export function hunungaOffers(update: TableUpdate<HunungaView, HunungaMove>): BoardOffer<HunungaMove>[] {
  return update.legalMoves.flatMap((m) => (m.type === "move" ? [{ ...pairOf(m), id: moveId(m), move: m }] : []));
}

/** A click that names no offered move. */
function refusal(click: BoardClick, update: TableUpdate<HunungaView, HunungaMove>): ActionResult {
  const { from, to } = click;
  if (!click.refused) return refuse(E.illegal);
  // A piece that can move, sent elsewhere: the marked squares are where its dice take it.
  if (hunungaOffers(update).some((o) => o.from === from)) return refuse(WindowErrors.notDestination, { to });
  // A piece that cannot move: the host's rules refuse it standing still on an open die and say why
  // (not your piece, not your turn, the die must be used in full…); nothing changes.
  const view = update.view;
  const piece = view.state.pieces.find((p) => p.at === from);
  const die = view.state.used[0] === null ? 0 : 1;
  return piece ? succeed({ move: { type: "move", die, piece: piece.id, from, path: [] } }) : refuse(E.illegal);
}

const boardMove = boardMoveAction({ offers: hunungaOffers, refusal });

export const hunungaActions = {
  roll: () => succeed({ move: { type: "roll" } }),
  pass: () => succeed({ move: { type: "pass" } }),
  respawn: (input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>) => pick(update, "respawn", input),
  reroll: (input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>) => pick(update, "reroll", input),
  "board-move": boardMove,
} satisfies Record<string, (input: ActionInput, update: TableUpdate<HunungaView, HunungaMove>) => ActionResult>;
