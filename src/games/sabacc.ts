/** The Sabacc family: Super Simplified, Simplified and True Sabacc, their bots and windows. */
import { sabaccCardNamer } from "../apps/sabacc/chat";
import { simplifiedApp, superSimplifiedApp, trueSabaccApp } from "../apps/sabacc";
import { basicSuperSimplifiedBot, randomBot, sharpSimplifiedBot, sharpTrueBot } from "../rules/sabacc/bots";
import { type SimplifiedMove, type SimplifiedView, simplifiedSabacc } from "../rules/sabacc/simplified";
import {
  type SuperSimplifiedMove,
  type SuperSimplifiedView,
  superSimplifiedSabacc,
} from "../rules/sabacc/super-simplified";
import { type TrueMove, type TrueView, trueSabacc } from "../rules/sabacc/true-sabacc";
import { type GameFamily, defineGame } from "./family";

// Measured (tests/foundry/lengths.test.ts): a True Sabacc seat offered its 77 cheats gets 4.3 KB.
// A log entry (tests/soak/replay-sizes.soak.test.ts, random moves): up to 0.66 KB, True Sabacc's 0.85 KB.
const DICE_SIZES = { view: 3000, record: 3000, perMove: 800, perLogged: 320, perShown: 256 };

export const sabacc: GameFamily = {
  id: "sabacc",
  games: [
    defineGame({
      rules: superSimplifiedSabacc,
      app: superSimplifiedApp,
      bots: { basic: basicSuperSimplifiedBot, random: randomBot<SuperSimplifiedView, SuperSimplifiedMove>() },
      strongestLevel: "basic",
      sizes: DICE_SIZES,
    }),
    defineGame({
      rules: simplifiedSabacc,
      app: simplifiedApp,
      bots: { sharp: sharpSimplifiedBot, random: randomBot<SimplifiedView, SimplifiedMove>() },
      strongestLevel: "sharp",
      sizes: DICE_SIZES,
    }),
    defineGame({
      rules: trueSabacc,
      app: trueSabaccApp,
      bots: { sharp: sharpTrueBot, random: randomBot<TrueView, TrueMove>() },
      strongestLevel: "sharp",
      sizes: { view: 6000, record: 4000, perMove: 1000, perLogged: 480, perShown: 256 },
    }),
  ],
  chatNamer: sabaccCardNamer,
  styles: ["styles/sabacc-cards.css", "styles/sabacc.css"],
};
