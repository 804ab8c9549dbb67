/** The Ulwan family: Ulwan, Finkel's Royal Game of Ur and Seven Ulwan (with its betting markets). */
import { ulwanApp } from "../apps/ulwan";
import { ulwanBotLevels } from "../rules/ulwan/bots";
import { sevenUlwan, sevenUlwanMarkets, ulwan as ulwanGame, ulwanFinkel } from "../rules/ulwan";
import { type GameFamily, defineGame } from "./family";

// Measured (tests/foundry/lengths.test.ts): a push 3.0 KB, pools apart; a log entry 0.5 KB.
const SIZES = { view: 4500, record: 3500, perMove: 640, perLogged: 448, perShown: 384 };

export const ulwan: GameFamily = {
  id: "ulwan",
  games: [
    defineGame({
      rules: ulwanGame,
      app: ulwanApp(ulwanGame.id),
      bots: ulwanBotLevels,
      strongestLevel: "perfect",
      sizes: SIZES,
      openInformation: true,
    }),
    defineGame({
      rules: ulwanFinkel,
      app: ulwanApp(ulwanFinkel.id),
      bots: ulwanBotLevels,
      strongestLevel: "perfect",
      sizes: SIZES,
      openInformation: true,
    }),
    // Seven Ulwan is not open information: a closed wallet and a spectator's own stakes are private.
    defineGame({
      rules: sevenUlwan,
      app: ulwanApp(sevenUlwan.id),
      bots: ulwanBotLevels,
      strongestLevel: "perfect",
      markets: sevenUlwanMarkets,
      sizes: { ...SIZES, perMove: 768, perLogged: 384 },
    }),
  ],
  styles: ["styles/board.css", "styles/ulwan.css"],
};
