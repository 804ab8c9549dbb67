/** The Ulwan family: Ulwan, Finkel's Royal Game of Ur and Seven Ulwan (with its betting markets). */
import { ulwanApps } from "../apps/ulwan";
import { ulwanBotLevels } from "../rules/ulwan/bots";
import { sevenUlwan, sevenUlwanMarkets, ulwan as ulwanGame, ulwanFinkel } from "../rules/ulwan";
import { type GameFamily, erase, eraseBot } from "./family";

const games = [erase(ulwanGame), erase(ulwanFinkel), erase(sevenUlwan)];
const levels = Object.fromEntries(Object.entries(ulwanBotLevels).map(([level, bot]) => [level, eraseBot(bot)]));

export const ulwan: GameFamily = {
  id: "ulwan",
  games,
  bots: Object.fromEntries(games.map((g) => [g.id, levels])),
  apps: ulwanApps,
  markets: { [sevenUlwan.id]: sevenUlwanMarkets },
  styles: ["styles/board.css", "styles/ulwan.css"],
};
