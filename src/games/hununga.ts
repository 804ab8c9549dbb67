/** The Hununga family: 2d6 combat chess with respawn, the centre objective and reroll tokens (text 002). */
import { hunungaApps } from "../apps/hununga";
import { hununga as hunungaGame, hunungaParamNamer, strongBot, weakBot } from "../rules/hununga";
import { type GameFamily, erase, eraseBot } from "./family";

export const hununga: GameFamily = {
  id: "hununga",
  games: [erase(hunungaGame)],
  bots: { [hunungaGame.id]: { strong: eraseBot(strongBot), weak: eraseBot(weakBot) } },
  apps: hunungaApps,
  chatNamer: hunungaParamNamer,
  styles: ["styles/board.css", "styles/hununga.css"],
};
