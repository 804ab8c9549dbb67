/** Every game by its id, so the table, bots, bench and tests find any game the same way. */
import type { AnyGame, Game } from "./core";
import { simplifiedSabacc } from "./sabacc/simplified";
import { superSimplifiedSabacc } from "./sabacc/super-simplified";
import { trueSabacc } from "./sabacc/true-sabacc";
import { sevenUlwan, ulwan, ulwanFinkel } from "./ulwan/games";

function erase<S, M, O, V>(game: Game<S, M, O, V>): AnyGame {
  return game as unknown as AnyGame;
}

export const games: Readonly<Record<string, AnyGame>> = {
  [superSimplifiedSabacc.id]: erase(superSimplifiedSabacc),
  [simplifiedSabacc.id]: erase(simplifiedSabacc),
  [trueSabacc.id]: erase(trueSabacc),
  [ulwan.id]: erase(ulwan),
  [ulwanFinkel.id]: erase(ulwanFinkel),
  [sevenUlwan.id]: erase(sevenUlwan),
};

export function gameById(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}

export { superSimplifiedSabacc, simplifiedSabacc, trueSabacc };
