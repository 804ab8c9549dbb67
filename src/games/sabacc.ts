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
  bots: {
    [superSimplifiedSabacc.id]: { basic: eraseBot(basicSuperSimplifiedBot), random: eraseBot(randomBot()) },
    [simplifiedSabacc.id]: { sharp: eraseBot(sharpSimplifiedBot), random: eraseBot(randomBot()) },
    [trueSabacc.id]: { sharp: eraseBot(sharpTrueBot), random: eraseBot(randomBot()) },
  },
  apps: [superSimplifiedApp, simplifiedApp, trueSabaccApp],
  chatNamer: sabaccCardNamer,
  styles: ["styles/sabacc.css"],
};
