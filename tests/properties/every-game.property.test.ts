/**
 * Every game in the registry, with its default options and its fewest and most seats, plays to its
 * end under random legal play on the shared harness (the contract's checks only; each game's own
 * invariants are in its property test). A new game gets this for free.
 */
import { describe, it } from "vitest";
import { games } from "../../src/rules";
import { checkRandomPlay } from "../helpers/play-random";

const seatsOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `seat-${i + 1}`);

describe("every registered game under random legal play", () => {
  for (const game of Object.values(games)) {
    // The fewest seats and the most (up to four) its default options accept.
    const counts = Array.from({ length: Math.min(game.maxSeats, 4) - game.minSeats + 1 }, (_, i) => game.minSeats + i);
    const fitting = counts.filter((n) => game.checkOptions(game.defaultOptions(), seatsOf(n)) === null);
    for (const count of new Set([fitting[0]!, fitting.at(-1)!])) {
      it(`${game.id} with ${count} seats keeps the Game contract and ends`, () => {
        checkRandomPlay(game, { seats: seatsOf(count), maxMoves: 20_000, runs: 4, probeLegalMoves: 6 });
      });
    }
  }
});
