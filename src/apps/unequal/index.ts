/** The unequal-forces windows (GameApps): Defiance and Domain, Por'rika, Takat; one table and controls template for the three. */
import { DEFIANCE_ID, type DefianceMove } from "../../rules/unequal/defiance";
import { PORRIKA_ID, type PorrikaMove } from "../../rules/unequal/porrika";
import { TAKAT_ID, type TakatMove } from "../../rules/unequal/takat";
import type { GameApp } from "../core/types";
import { unequalHelpContext } from "./help";
import { type DefianceMatchView, defianceActions, defianceBoard, defianceContext } from "./defiance";
import { type PorrikaMatchView, porrikaActions, porrikaBoard, porrikaContext } from "./porrika";
import { type TakatMatchView, takatActions, takatBoard, takatContext } from "./takat";

// The legend comes last, so that a player's controls sit right under the board on a small screen.
const parts = {
  table: "unequal/table.hbs",
  board: "board/board.hbs",
  controls: "unequal/controls.hbs",
  legend: "unequal/legend.hbs",
};
// Each window lists the moves played (src/apps/core/history.ts).
const help = { help: "unequal/help.hbs", helpContext: unequalHelpContext, history: true as const };

export const defianceApp: GameApp<DefianceMatchView, DefianceMove> = {
  gameId: DEFIANCE_ID,
  parts,
  context: defianceContext,
  boardContext: defianceBoard,
  actions: defianceActions,
  ...help,
};

export const porrikaApp: GameApp<PorrikaMatchView, PorrikaMove> = {
  gameId: PORRIKA_ID,
  parts,
  context: porrikaContext,
  boardContext: porrikaBoard,
  actions: porrikaActions,
  ...help,
};

export const takatApp: GameApp<TakatMatchView, TakatMove> = {
  gameId: TAKAT_ID,
  parts,
  context: takatContext,
  boardContext: takatBoard,
  actions: takatActions,
  ...help,
};
