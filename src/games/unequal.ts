/** The unequal-forces family (text 004): Defiance and Domain, Por'rika and Takat, each with the paired match and bots for either side. */
import { unequalApps } from "../apps/unequal";
import { defianceBots, porrikaBots, takatBots } from "../rules/unequal/bots";
import { defianceMatch, porrikaMatch, takatMatch } from "../rules/unequal/matches";
import { type GameFamily, erase, eraseBot } from "./family";

export const unequal: GameFamily = {
  id: "unequal",
  games: [erase(defianceMatch), erase(porrikaMatch), erase(takatMatch)],
  bots: {
    // The bots play whichever side their seat has; the match's view is the game's own plus a summary.
    [defianceMatch.id]: { strong: eraseBot(defianceBots.strong), weak: eraseBot(defianceBots.weak) },
    [porrikaMatch.id]: { strong: eraseBot(porrikaBots.strong), weak: eraseBot(porrikaBots.weak) },
    [takatMatch.id]: { strong: eraseBot(takatBots.strong), weak: eraseBot(takatBots.weak) },
  },
  apps: unequalApps,
  styles: ["styles/board.css", "styles/unequal.css"],
};
