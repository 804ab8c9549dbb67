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
  // Measured (tests/foundry/lengths.test.ts): a push up to 29.7 KB (its board and legal moves).
  sizes: { [hunungaGame.id]: { view: 32000, record: 7000, perMove: 900, perLogged: 576, perShown: 128 } },
  styles: ["styles/board.css", "styles/hununga.css"],
};
