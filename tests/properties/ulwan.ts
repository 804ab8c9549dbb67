/**
 * Random legal play of Ulwan, the Finkel preset and Seven Ulwan (every payment mode), on the shared
 * harness: pieces are conserved, credits and tokens are conserved, no two pieces share a square,
 * and every game ends. Run small in the unit suite and in full in the soak suite.
 */
import fc from "fast-check";
import { type Game } from "../../src/rules/core";
import { type Payment, type UlwanState, HAND, OFF, sevenUlwan, ulwan, ulwanFinkel } from "../../src/rules/ulwan";
import { SEATS } from "../rules/ulwan/helpers";
import { playRandom } from "../helpers/play-random";

const MAX_MOVES = 20_000;

function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

function invariants(s: UlwanState, start: { credits: number; tokens: number }): void {
  for (const p of [0, 1] as const) {
    check(s.pos[p].length === s.pieces, () => "pieces conserved");
    const onBoard = s.pos[p].filter((x) => x >= 0);
    check(new Set(onBoard).size === onBoard.length, () => `two pieces of player ${p + 1} on one square`);
    check(
      s.pos[p].every((x) => x === HAND || x === OFF || (x >= 0 && x < s.board.squares.length)),
      () => "a piece off the board's squares",
    );
  }
  const all = [...s.pos[0], ...s.pos[1]].filter((x) => x >= 0);
  check(new Set(all).size === all.length, () => "two pieces on one square");
  const e = s.economy;
  if (e) {
    const money = e.credits[0] + e.credits[1] + e.pot + e.fees;
    check(money === start.credits, () => `credits not conserved: ${money} vs ${start.credits}`);
    const tokens = e.tokens[0] + e.tokens[1] + e.tokensSpent;
    check(tokens === start.tokens, () => `tokens not conserved: ${tokens} vs ${start.tokens}`);
    check(e.credits.every((c) => c >= 0) && e.tokens.every((t) => t >= 0), () => "a negative balance");
  }
}

/** Plays one game to its end with the invariants checked at every step. */
export function playUlwan<O>(game: Game<UlwanState, unknown, O, unknown>, options: O, seed: number): UlwanState {
  let start = { credits: 0, tokens: 0 };
  const { final } = playRandom(game, seed, {
    seats: SEATS,
    options,
    maxMoves: MAX_MOVES,
    // Ulwan has few legal moves a turn; trying them all is cheap. Its games are long, so sample.
    probeLegalMoves: 4,
    invariant: (s, before) => {
      const e = s.economy;
      if (!before) {
        if (e) start = { credits: e.credits[0] + e.credits[1] + e.pot + e.fees, tokens: e.tokens[0] + e.tokens[1] };
        return;
      }
      invariants(s, start);
    },
  });
  const status = game.status(final);
  const e = final.economy;
  if (e) {
    const deltas = Object.values(status.result?.creditDelta ?? {});
    check(deltas.reduce((a, b) => a + b, 0) === 0, () => "credit deltas do not sum to zero");
    check(e.pot === 0 && e.fees === 0, () => "the pot was not paid out");
  }
  return final;
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 });

/** Ulwan with 1 to 7 pieces: the winner has borne off every piece. */
export function checkUlwan(runs: number): void {
  fc.assert(
    fc.property(seeds, fc.integer({ min: 1, max: 7 }), (seed, pieces) => {
      const state = playUlwan(ulwan, { pieces, board: "ulwan", analysis: false }, seed);
      check(
        state.pos[state.winner ?? 0].every((p) => p === OFF),
        () => "the winner has pieces left",
      );
    }),
    { numRuns: runs },
  );
}

export function checkFinkel(runs: number): void {
  fc.assert(
    fc.property(seeds, (seed) => {
      playUlwan(ulwanFinkel, { pieces: 7, board: "finkel", analysis: false }, seed);
    }),
    { numRuns: runs },
  );
}

/** Seven Ulwan in every payment mode, with random antes, credits and tokens. */
export function checkSevenUlwan(runs: number): void {
  const payments: Payment[] = ["open", "closed", "tokens"];
  fc.assert(
    fc.property(
      seeds,
      fc.constantFrom(...payments),
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 1, max: 150 }),
      (seed, payment, ante, credits, tokens) => {
        const options = {
          ...sevenUlwan.defaultOptions(),
          payment,
          ante,
          tokens,
          entryFee: 10,
          defaultCredits: credits + tokens * ante + 10,
        };
        playUlwan(sevenUlwan, options, seed);
      },
    ),
    { numRuns: runs },
  );
}
