/** The Ubongo family: the race ("ubongo", 2 to 4 players) and the solo games ("ubongo-solo"), with two bot speeds. */
import { ubongoApps } from "../apps/ubongo";
import { ubongo as ubongoGame, ubongoBots, ubongoSolo } from "../rules/ubongo";
import { type GameFamily, erase, eraseBot } from "./family";

const games = [erase(ubongoGame), erase(ubongoSolo)];
const levels = { quick: eraseBot(ubongoBots.quick), steady: eraseBot(ubongoBots.steady) };

export const ubongo: GameFamily = {
  id: "ubongo",
  games,
  bots: Object.fromEntries(games.map((g) => [g.id, levels])),
  apps: ubongoApps,
  // Measured (tests/foundry/lengths.test.ts): a push 1.9 KB, a log entry 0.45 KB.
  sizes: Object.fromEntries(
    games.map((g) => [g.id, { view: 3000, record: 3000, perMove: 640, perLogged: 512, perShown: 400 }]),
  ),
  styles: ["styles/board.css", "styles/ubongo.css"],
};
