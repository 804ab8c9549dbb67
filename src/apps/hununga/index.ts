/** The Hununga window: the table (dice, scores, tokens), the shared board layer, the controls. */
import { HUNUNGA_ID } from "../../rules/hununga";
import { helpBasics } from "../core/help";
import type { GameApp } from "../core/types";
import { hunungaActions } from "./actions";
import { hunungaContext } from "./context";
import { hunungaBoardPreview } from "./preview";

export const hunungaApps: readonly GameApp[] = [
  {
    gameId: HUNUNGA_ID,
    parts: { table: "hununga/table.hbs", board: "board/board.hbs", controls: "hununga/controls.hbs" },
    context: hunungaContext,
    actions: hunungaActions,
    help: "hununga/help.hbs",
    helpContext: helpBasics,
    boardPreview: hunungaBoardPreview,
  },
];
