/**
 * The expert evaluation of Ulwan and Seven Ulwan (src/rules/ulwan/expert.ts) on constructed
 * positions, and the expert bot's moves in the three games. Its strength is measured by `npm run
 * sim` (docs/rules/ulwan.md, "Bots"), not here.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import { type UlwanMove, sevenUlwan, ulwan, ulwanFinkel } from "../../../src/rules/ulwan";
import { expertUlwanBot } from "../../../src/rules/ulwan/bots";
import { ULWAN_EXPERT_WEIGHTS, expertValue, exposure } from "../../../src/rules/ulwan/expert";
import { setPieces, startSeven, startUlwan } from "./helpers";

// Player 1's path on both boards: d1 c1 b1 a1 | a2 b2 c2 d2 e2 f2 g2 h2 | h1 g1 (progress 1..14).
const ODDS = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

describe("Ulwan expert evaluation", () => {
  it("exposure: the chance-weighted progress of the opponent's pieces the next roll can hit", () => {
    // a2 hits b2 (progress 6) with a 1 and c2 (progress 7) with a 2; entering hits nothing.
    const s = setPieces(startUlwan({ pieces: 2 }), ["a2"], ["b2", "c2"]);
    expect(exposure(s, 0)).toBeCloseTo((ODDS[1] as number) * 6 + (ODDS[2] as number) * 7, 12);
    // Player 2 moves the other way on its own squares: b2 and c2 only threaten e2 onwards.
    expect(exposure(s, 1)).toBe(0);
  });

  it("exposure: a roll moves one piece, so it counts the most advanced piece that roll can hit", () => {
    // A 4 hits e2 (9) from a2 or g2 (11) from c2: 11 counts, not 20; a 2 hits e2 from c2.
    const s = setPieces(startUlwan({ pieces: 2 }), ["a2", "c2"], ["e2", "g2"]);
    expect(exposure(s, 0)).toBeCloseTo((ODDS[2] as number) * 9 + (ODDS[4] as number) * 11, 12);
  });

  it("exposure: a piece on a Cresh is safe, but a bounce off it hits the piece behind it", () => {
    const safe = setPieces(startUlwan({ pieces: 2 }), ["a2"], ["d2"]);
    expect(exposure(safe, 0)).toBe(0);
    // A 3 from a2 lands on the held Cresh d2 and bounces onto e2 (progress 9); a 4 hits e2 directly.
    const behind = setPieces(startUlwan({ pieces: 2 }), ["a2"], ["d2", "e2"]);
    expect(exposure(behind, 0)).toBeCloseTo((ODDS[3] as number) * 9 + (ODDS[4] as number) * 9, 12);
  });

  it("exposure: in Seven Ulwan a side holding its Forn can hit a piece on a Cresh", () => {
    // Player 1 holds its Forn (h1): a 3 from a2 knocks the piece off the shared Cresh d2 (progress 8).
    const forn = setPieces(startSeven(), ["h1", "a2"], ["d2"]);
    expect(exposure(forn, 0)).toBeCloseTo((ODDS[3] as number) * 8, 12);
    const noForn = setPieces(startSeven(), ["c1", "a2"], ["d2"]);
    expect(exposure(noForn, 0)).toBe(0);
  });

  it("the side about to roll threatens first: its exposure weighs more than the opponent's", () => {
    const mine = setPieces(startUlwan({ pieces: 2 }), ["a2"], ["b2", "c2"], { turn: 0 });
    const theirs = { ...mine, turn: 1 as const };
    const hit = exposure(mine, 0);
    const w = ULWAN_EXPERT_WEIGHTS;
    expect(w.exposedThem).toBeGreaterThan(w.exposedMine);
    expect(expertValue(mine, 0) - expertValue(theirs, 0)).toBeCloseTo((w.exposedThem - w.exposedMine) * hit, 12);
    expect(expertValue(mine, 1)).toBeCloseTo(-expertValue(mine, 0), 12);
  });
});

describe("Ulwan expert bot", () => {
  it("chooses legal moves in Ulwan, Seven Ulwan and Finkel's rules", () => {
    for (const game of [ulwan, sevenUlwan, ulwanFinkel] as const) {
      const random = new SeededRandom(game.id.length);
      const setup = (game as typeof sevenUlwan).setup(["a", "b"], game.defaultOptions() as never, random);
      if (!setup.ok) throw new Error(setup.error.code);
      let s = setup.state;
      for (let n = 0; n < 30 && s.phase !== "over"; n++) {
        const seat = s.seats[s.turn];
        const legal = game.legalMoves(s, seat);
        const move = expertUlwanBot.choose(game.view(s, { role: "seat", seat }), legal, random);
        expect(legal).toContainEqual(move);
        const r = game.apply(s, seat, move as UlwanMove, random);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
    }
  });
});
