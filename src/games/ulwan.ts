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
  // Measured (tests/foundry/lengths.test.ts): a push 3.0 KB, pools apart; a log entry 0.5 KB.
  sizes: {
    [ulwanGame.id]: { view: 4500, record: 3500, perMove: 640, perLogged: 448, perShown: 384 },
    [ulwanFinkel.id]: { view: 4500, record: 3500, perMove: 640, perLogged: 448, perShown: 384 },
    [sevenUlwan.id]: { view: 4500, record: 3500, perMove: 768, perLogged: 384, perShown: 384 },
  },
  // Seven Ulwan is not: a closed wallet and a spectator's own stakes are private.
  openInformation: [ulwanGame.id, ulwanFinkel.id],
  styles: ["styles/board.css", "styles/ulwan.css"],
};
