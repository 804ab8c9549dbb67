/** Every game's window definition by game id. */
import type { GameApp } from "./core/types";
import { simplifiedApp, superSimplifiedApp, trueSabaccApp } from "./sabacc";

export const apps: Readonly<Record<string, GameApp>> = {
  [superSimplifiedApp.gameId]: superSimplifiedApp,
  [simplifiedApp.gameId]: simplifiedApp,
  [trueSabaccApp.gameId]: trueSabaccApp,
};
