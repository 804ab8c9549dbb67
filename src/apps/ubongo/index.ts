/** The Ubongo windows (the race and the solo games): the round's state, the task card as a placement board. */
import type { UbongoMove, UbongoView } from "../../rules/ubongo";
import { type GameApp, helpBasics } from "../core/types";
import { ubongoActions } from "./actions";
import { ubongoContext, ubongoPuzzle } from "./context";

export function ubongoApp(gameId: string): GameApp<UbongoView, UbongoMove> {
  return {
    gameId,
    // The boards of the last round come after the controls, so that a player's buttons stay near the board.
    parts: {
      table: "ubongo/table.hbs",
      board: "board/placement.hbs",
      controls: "ubongo/controls.hbs",
      last: "ubongo/last.hbs",
    },
    context: ubongoContext,
    actions: ubongoActions,
    help: "ubongo/help.hbs",
    helpContext: helpBasics,
    puzzle: ubongoPuzzle,
  };
}
