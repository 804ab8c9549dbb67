/** The unequal-forces family (text 004): Defiance and Domain, Por'rika and Takat, each with the paired match and bots for either side. */
import { defianceApp, porrikaApp, takatApp } from "../apps/unequal";
import { defianceBots, porrikaBots, takatBots } from "../rules/unequal/bots";
import { defianceMatch, porrikaMatch, takatMatch } from "../rules/unequal/matches";
import { UNEQUAL_GLYPHS } from "../apps/unequal/glyphs";
import { unequalChatNamer } from "../apps/unequal/chat";
import { type GameFamily, defineGame } from "./family";

/** What the three games' records, log entries and resyncs hold at most (their views and steps apart). */
const UNEQUAL_SIZES = { record: 4000, perMove: 320, perLogged: 256, perShown: 160, growth: 12 } as const;

// The bots play whichever side their seat has; the match's view is the game's own plus a summary.
// Measured (tests/soak/replay-sizes.soak.test.ts, random and bot matches to 5,000 moves a game):
// a push up to 30.4 KB in Defiance and Domain (its legal moves: the 64 KiB bucket), 4.7 KB in
// Por'rika, 1.1 KB in Takat; a replay step 1.1, 1.7 and 0.6 KB; a log entry 0.2 KB. The state and
// view keep each position's repetition hash (11 bytes a move): `growth`.
export const unequal: GameFamily = {
  id: "unequal",
  games: [
    defineGame({
      rules: defianceMatch,
      app: defianceApp,
      bots: defianceBots,
      strongestLevel: "strong",
      sizes: { ...UNEQUAL_SIZES, view: 36000, step: 1500 },
      openInformation: true,
      glyphs: UNEQUAL_GLYPHS,
    }),
    defineGame({
      rules: porrikaMatch,
      app: porrikaApp,
      bots: porrikaBots,
      strongestLevel: "expert",
      sizes: { ...UNEQUAL_SIZES, view: 7000, step: 2200 },
      openInformation: true,
      glyphs: UNEQUAL_GLYPHS,
    }),
    defineGame({
      rules: takatMatch,
      app: takatApp,
      bots: takatBots,
      strongestLevel: "expert",
      sizes: { ...UNEQUAL_SIZES, view: 3000, step: 900 },
      openInformation: true,
      glyphs: UNEQUAL_GLYPHS,
    }),
  ],
  chatNamer: unequalChatNamer,
  styles: ["styles/board.css", "styles/unequal.css"],
};
