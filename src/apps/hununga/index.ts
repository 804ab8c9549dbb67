/** The Hununga window: the table (dice, scores, tokens), the shared board layer, the controls. */
import { HUNUNGA_ID, type HunungaMove, type HunungaView } from "../../rules/hununga";
import { type GameApp, helpBasics } from "../core/types";
import { hunungaActions } from "./actions";
import { hunungaBoard, hunungaContext } from "./context";
import { hunungaBoardPreview } from "./preview";

export const hunungaApp: GameApp<HunungaView, HunungaMove> = {
  gameId: HUNUNGA_ID,
  // The legend comes last, so that a player's controls sit right under the board on a small screen.
  parts: {
    table: "hununga/table.hbs",
    board: "board/board.hbs",
    controls: "hununga/controls.hbs",
    legend: "hununga/legend.hbs",
  },
  context: hunungaContext,
  boardContext: hunungaBoard,
  actions: hunungaActions,
  help: "hununga/help.hbs",
  helpContext: helpBasics,
  boardPreview: hunungaBoardPreview,
  history: true,
};
