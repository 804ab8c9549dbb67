/**
 * Every game in the registry, with its default options and its fewest and most seats, plays to its
 * end under random legal play on the shared harness (the contract's checks only; each game's own
 * invariants are in its property test; a game with a clock need not end without it). A new game gets
 * this for free.
 */
import { describe, it } from "vitest";
import { games } from "../../src/games";
import { checkRandomPlay } from "../helpers/play-random";

const seatsOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `seat-${i + 1}`);

describe("every registered game under random legal play", () => {
  for (const game of Object.values(games)) {
    // The fewest seats and the most (up to four) its default options accept.
    const counts = Array.from({ length: Math.min(game.maxSeats, 4) - game.minSeats + 1 }, (_, i) => game.minSeats + i);
    const fitting = counts.filter((n) => game.checkOptions(game.defaultOptions(), seatsOf(n)).ok);
    for (const count of new Set([fitting[0]!, fitting.at(-1)!])) {
      // A game with a clock (a timeout move) may end only when the host's time runs out, which
      // random legal play never does: its ending under the clock is in its own property test.
      const clocked = game.timeoutMove !== undefined;
      it(`${game.id} with ${count} seats keeps the Game contract${clocked ? "" : " and ends"}`, () => {
        checkRandomPlay(game, {
          seats: seatsOf(count),
          maxMoves: clocked ? 2_000 : 20_000,
          runs: 4,
          probeLegalMoves: 6,
          ...(clocked ? { allowUnfinished: true } : {}),
        });
      });
    }
  }
});
