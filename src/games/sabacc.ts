/** The Sabacc family: Super Simplified, Simplified and True Sabacc, their bots and windows. */
import { sabaccCardNamer } from "../apps/sabacc/chat";
import { simplifiedApp, superSimplifiedApp, trueSabaccApp } from "../apps/sabacc";
import { basicSuperSimplifiedBot, randomBot, sharpSimplifiedBot, sharpTrueBot } from "../rules/sabacc/bots";
import { simplifiedSabacc } from "../rules/sabacc/simplified";
import { superSimplifiedSabacc } from "../rules/sabacc/super-simplified";
import { trueSabacc } from "../rules/sabacc/true-sabacc";
import { type GameFamily, erase, eraseBot } from "./family";

export const sabacc: GameFamily = {
  id: "sabacc",
  games: [erase(superSimplifiedSabacc), erase(simplifiedSabacc), erase(trueSabacc)],
  // Measured (tests/foundry/lengths.test.ts): a True Sabacc seat offered its 77 cheats gets 4.3 KB.
  // A log entry (tests/soak/replay-sizes.soak.test.ts, random moves): up to 0.66 KB, True Sabacc's 0.85 KB.
  sizes: {
    [superSimplifiedSabacc.id]: { view: 3000, record: 3000, perMove: 800, perLogged: 320, perShown: 256 },
    [simplifiedSabacc.id]: { view: 3000, record: 3000, perMove: 800, perLogged: 320, perShown: 256 },
    [trueSabacc.id]: { view: 6000, record: 4000, perMove: 1000, perLogged: 480, perShown: 256 },
  },
  bots: {
    [superSimplifiedSabacc.id]: { basic: eraseBot(basicSuperSimplifiedBot), random: eraseBot(randomBot()) },
    [simplifiedSabacc.id]: { sharp: eraseBot(sharpSimplifiedBot), random: eraseBot(randomBot()) },
    [trueSabacc.id]: { sharp: eraseBot(sharpTrueBot), random: eraseBot(randomBot()) },
  },
  apps: [superSimplifiedApp, simplifiedApp, trueSabaccApp],
  chatNamer: sabaccCardNamer,
  styles: ["styles/sabacc.css"],
};
