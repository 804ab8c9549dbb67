/** The Sabacc variants' windows (GameApps) by game id: templates, contexts and actions. */
import {
  SUPER_SIMPLIFIED_ID,
  type SuperSimplifiedMove,
  type SuperSimplifiedView,
} from "../../rules/sabacc/super-simplified";
import type { GameApp } from "../core/types";
import { superSimplifiedContext } from "./context";
import { diceActions } from "./dice";
import { sabaccHelpContext } from "./help";
import { sabaccOwnHand } from "./chat";

export { simplifiedApp } from "./simplified";
export { trueSabaccApp } from "./true-sabacc";

export const superSimplifiedApp: GameApp<SuperSimplifiedView, SuperSimplifiedMove> = {
  gameId: SUPER_SIMPLIFIED_ID,
  parts: { table: "sabacc/table.hbs", controls: "sabacc/controls.hbs" },
  context: superSimplifiedContext,
  actions: diceActions,
  help: "sabacc/help.hbs",
  helpContext: sabaccHelpContext("super"),
  ownHand: sabaccOwnHand,
};
