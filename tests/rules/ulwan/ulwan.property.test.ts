/**
 * Random legal play of Ulwan, the Finkel preset and Seven Ulwan (every payment mode) keeps the
 * invariants over many seeds: pieces are conserved, credits and tokens are conserved, no two
 * pieces of one player (nor any two pieces) share a square, every legal move is accepted, apply
 * never mutates its input, and every game ends.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRandom, type Random } from "../../../src/rules/core";
import { type Payment, type UlwanState, HAND, OFF, sevenUlwan, ulwan, ulwanFinkel } from "../../../src/rules/ulwan";
import { SEATS } from "./helpers";

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

type AnyUlwan = typeof ulwan | typeof sevenUlwan;

function play(game: AnyUlwan, options: unknown, seed: number): { moves: number; state: UlwanState } {
  const random: Random = new SeededRandom(seed);
  const setup = (game as typeof sevenUlwan).setup(SEATS, options as never, random);
  if (!setup.ok) throw new Error(setup.error.code);
  let s = setup.state;
  const e0 = s.economy;
  const start = e0
    ? { credits: e0.credits[0] + e0.credits[1] + e0.pot + e0.fees, tokens: e0.tokens[0] + e0.tokens[1] }
    : { credits: 0, tokens: 0 };
  for (let n = 0; n < MAX_MOVES; n++) {
    const status = game.status(s);
    if (status.over) {
      const e = s.economy;
      if (e) {
        const deltas = Object.values(status.result?.creditDelta ?? {});
        check(deltas.reduce((a, b) => a + b, 0) === 0, () => "credit deltas do not sum to zero");
        check(e.pot === 0 && e.fees === 0, () => "the pot was not paid out");
      }
      return { moves: n, state: s };
    }
    const seat = status.toAct[0] as string;
    const legal = game.legalMoves(s, seat);
    check(legal.length > 0, () => `no legal move for the seat to act in phase ${s.phase}`);
    for (const other of SEATS)
      if (other !== seat) check(game.legalMoves(s, other).length === 0, () => "the other seat has moves");
    const move = legal[random.die(legal.length) - 1]!;
    const before = JSON.stringify(s);
    const r = game.apply(s, seat, move, random);
    check(r.ok, () => `legal move ${JSON.stringify(move)} refused: ${r.ok ? "" : r.error.code}`);
    check(JSON.stringify(s) === before, () => "apply mutated its input");
    s = r.state;
    invariants(s, start);
  }
  throw new Error(`game did not end within ${MAX_MOVES} moves`);
}

describe("Ulwan properties (random legal play)", () => {
  it("Ulwan: pieces conserved, never two pieces on a square, every game ends", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 7 }), (seed, pieces) => {
        const { state } = play(ulwan, { pieces, board: "ulwan" }, seed);
        expect(state.pos[state.winner ?? 0].every((p) => p === OFF)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("Finkel preset: the same invariants, every game ends", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        play(ulwanFinkel, { pieces: 7, board: "finkel" }, seed);
      }),
      { numRuns: 40 },
    );
  });

  it("Seven Ulwan: credits and tokens conserved in every payment mode, balances never negative, every game ends", () => {
    const payments: Payment[] = ["open", "closed", "tokens"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
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
          play(sevenUlwan, options, seed);
        },
      ),
      { numRuns: 80 },
    );
  });
});
