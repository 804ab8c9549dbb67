/** The Ulwan family's window (one GameApp per game id): the board, the controls, the actions. */
import type { UlwanMove, UlwanView } from "../../rules/ulwan";
import type { GameApp } from "../core/types";
import { ulwanActions } from "./actions";
import { ulwanBoard, ulwanContext } from "./context";
import { ulwanBoardPreview, ulwanHelpContext } from "./help";

/** One window for the three games of the Ulwan engine: the table, the shared board layer, the controls, the legend. */
export function ulwanApp(gameId: string): GameApp<UlwanView, UlwanMove> {
  return {
    gameId,
    // The legend comes last, so that a player's controls sit right under the board on a small screen.
    parts: {
      table: "ulwan/table.hbs",
      board: "board/board.hbs",
      controls: "ulwan/controls.hbs",
      legend: "ulwan/legend.hbs",
    },
    context: ulwanContext,
    boardContext: ulwanBoard,
    actions: ulwanActions,
    help: "ulwan/help.hbs",
    helpContext: ulwanHelpContext,
    boardPreview: ulwanBoardPreview,
    history: true,
  };
}
