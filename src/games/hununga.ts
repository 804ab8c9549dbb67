/** The Hununga family: 2d6 combat chess with respawn, the centre objective and reroll tokens (text 002). */
import { hunungaApp } from "../apps/hununga";
import { hununga as hunungaGame, hunungaParamNamer, strongBot, weakBot } from "../rules/hununga";
import { HUNUNGA_GLYPHS } from "../apps/hununga/glyphs";
import { placeNamer } from "../apps/core/places";
import { type GameFamily, defineGame } from "./family";

export const hununga: GameFamily = {
  id: "hununga",
  games: [
    defineGame({
      rules: hunungaGame,
      app: hunungaApp,
      bots: { strong: strongBot, weak: weakBot },
      strongestLevel: "strong",
      // Measured (tests/soak/replay-sizes.soak.test.ts, random and bot matches to 9 points and 2,000 turns):
      // a push up to 34.1 KB (its board and legal moves: the 64 KiB bucket), a replay step 4.9 KB, a log entry 0.74 KB.
      sizes: { view: 40000, record: 7000, perMove: 900, perLogged: 576, perShown: 128, step: 6000 },
      openInformation: true,
      glyphs: HUNUNGA_GLYPHS,
    }),
  ],
  // Squares in a player's words ("a7"), pieces by name.
  chatNamer: (key, value, i18n) => placeNamer(key, value, i18n) ?? hunungaParamNamer(key, value, i18n),
  styles: ["styles/board.css", "styles/hununga.css"],
};
