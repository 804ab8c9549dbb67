/** Every game's window definition by game id. */
import type { ParamNamer } from "./core/chat";
import type { GameApp } from "./core/types";
import { sabaccCardNamer } from "./sabacc/chat";
import { simplifiedApp, superSimplifiedApp, trueSabaccApp } from "./sabacc";
import { ulwanApps } from "./ulwan";

export const apps: Readonly<Record<string, GameApp>> = {
  [superSimplifiedApp.gameId]: superSimplifiedApp,
  [simplifiedApp.gameId]: simplifiedApp,
  [trueSabaccApp.gameId]: trueSabaccApp,
  ...Object.fromEntries(ulwanApps.map((a) => [a.gameId, a])),
};

/** How each game names its own tokens (cards, tiles…) in chat lines. */
export const chatNamers: readonly ParamNamer[] = [sabaccCardNamer];
