/** Clicks in the Hununga window, turned into moves. The rules check them again. */
import type { HunungaMove } from "../../rules/hununga";
import type { TableUpdate } from "../../table/protocol";
import type { ActionInput, ActionResult } from "../core/types";
import { moveId, pairOf } from "./context";

const ILLEGAL = "CANTINA.Hununga.Error.Illegal";

/** The legal move of this type whose die (and piece) the clicked button names. */
function pick(update: TableUpdate, type: "respawn" | "reroll", input: ActionInput): ActionResult {
  const die = Number(input.data.die);
  const m = (update.legalMoves as HunungaMove[]).find(
    (x) =>
      x.type === type && x.die === die && (type === "reroll" || (x.type === "respawn" && x.piece === input.data.piece)),
  );
  return m ? { move: m } : { error: ILLEGAL };
}

/** A board move: the id names one legal move; its pair must be the clicked from → to. */
function boardMove(input: ActionInput, update: TableUpdate): ActionResult {
  const { from, to, id } = input.data;
  for (const m of update.legalMoves as HunungaMove[]) {
    if (m.type !== "move" || moveId(m) !== id) continue;
    const p = pairOf(m);
    if (p.from === from && p.to === to) return { move: m };
  }
  return { error: ILLEGAL };
}

export const hunungaActions = {
  roll: () => ({ move: { type: "roll" } }),
  pass: () => ({ move: { type: "pass" } }),
  respawn: (input: ActionInput, update: TableUpdate) => pick(update, "respawn", input),
  reroll: (input: ActionInput, update: TableUpdate) => pick(update, "reroll", input),
  "board-move": boardMove,
} satisfies Record<string, (input: ActionInput, update: TableUpdate) => ActionResult>;
