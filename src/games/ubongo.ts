/** The Ubongo family: the race ("ubongo", 2 to 4 players) and the solo games ("ubongo-solo"), with two bot speeds. */
import { ubongoApp } from "../apps/ubongo";
import { ubongo as ubongoGame, ubongoBots, ubongoSolo } from "../rules/ubongo";
import { UBONGO_GLYPHS } from "../apps/ubongo/glyphs";
import { type GameFamily, defineGame } from "./family";

// Measured (tests/foundry/lengths.test.ts): a push 1.9 KB, a log entry 0.45 KB.
const SIZES = { view: 3000, record: 3000, perMove: 640, perLogged: 512, perShown: 400 };
const bots = { quick: ubongoBots.quick, steady: ubongoBots.steady };

export const ubongo: GameFamily = {
  id: "ubongo",
  games: [
    defineGame({
      rules: ubongoGame,
      app: ubongoApp(ubongoGame.id),
      bots,
      strongestLevel: "quick",
      sizes: SIZES,
      glyphs: UBONGO_GLYPHS,
    }),
    defineGame({
      rules: ubongoSolo,
      app: ubongoApp(ubongoSolo.id),
      bots,
      strongestLevel: "quick",
      sizes: SIZES,
      glyphs: UBONGO_GLYPHS,
    }),
  ],
  styles: ["styles/board.css", "styles/placement.css", "styles/ubongo.css"],
};
