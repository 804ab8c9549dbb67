/** Bot-against-bot matches for the bench and the bot-strength figures (pure, seeded). */
import { type Bot, SeededRandom } from "../core";
import type { UlwanMove } from "./engine";
import { type UlwanView, sevenUlwan, ulwan, ulwanFinkel } from "./games";

export type UlwanGameId = "ulwan" | "ulwan-finkel" | "seven-ulwan";

const GAMES = { ulwan, "ulwan-finkel": ulwanFinkel, "seven-ulwan": sevenUlwan } as const;

export interface MatchResult {
  /** 0: the first bot won, 1: the second. */
  readonly winner: 0 | 1;
  readonly decisions: number;
}

/** One game; `firstSeat` says which bot sits in seat 1 (who moves first). */
export function playMatch(
  gameId: UlwanGameId,
  bots: readonly [Bot<UlwanView, UlwanMove>, Bot<UlwanView, UlwanMove>],
  seed: number,
  firstSeat: 0 | 1,
  maxMoves = 100_000,
): MatchResult {
  const game = GAMES[gameId] as typeof sevenUlwan;
  const random = new SeededRandom(seed);
  const seats = ["s1", "s2"];
  const setup = game.setup(seats, game.defaultOptions(), random);
  if (!setup.ok) throw new Error(setup.error.code);
  let state = setup.state;
  let decisions = 0;
  for (let n = 0; n < maxMoves; n++) {
    const status = game.status(state);
    if (status.over) {
      const winnerSeat = state.winner ?? 0;
      const bot = (winnerSeat === 0 ? firstSeat : 1 - firstSeat) as 0 | 1;
      return { winner: bot, decisions };
    }
    const seat = status.toAct[0] as string;
    const legal = game.legalMoves(state, seat);
    const botIndex = (state.turn === 0 ? firstSeat : 1 - firstSeat) as 0 | 1;
    const bot = bots[botIndex];
    const move =
      legal.length === 1
        ? (legal[0] as UlwanMove)
        : bot.choose(game.view(state, { role: "seat", seat }), legal, random);
    if (legal.length > 1) decisions++;
    const r = game.apply(state, seat, move, random);
    if (!r.ok) throw new Error(`bot move refused: ${r.error.code}`);
    state = r.state;
  }
  throw new Error("match did not end");
}

/** A random player, for playouts. */
export const randomUlwanBot: Bot<UlwanView, UlwanMove> = {
  choose(_view, legal, random) {
    return legal[random.die(legal.length) - 1] as UlwanMove;
  },
};
