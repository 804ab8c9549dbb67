/**
 * Bot strength over many matches: each variant's strong Sabacc bot beats the random one over 1,000
 * heads-up matches (SOAK_GAMES), and the strong Ulwan bot beats the greedy one on seeded games.
 */
import { describe, expect, it } from "vitest";
import { SIMPLIFIED_ID } from "../../src/rules/sabacc/simplified";
import { SUPER_SIMPLIFIED_ID } from "../../src/rules/sabacc/super-simplified";
import { TRUE_ID } from "../../src/rules/sabacc/true-sabacc";
import { greedyUlwanBot, strongUlwanBot } from "../../src/rules/ulwan/bots";
import { playMatch } from "../../src/rules/ulwan/match";
import { describeResult, simulate } from "../../bench/sabacc-sim";
import { soakCount } from "./counts";

const strongest: Record<string, string> = {
  [SUPER_SIMPLIFIED_ID]: "basic",
  [SIMPLIFIED_ID]: "sharp",
  [TRUE_ID]: "sharp",
};

describe("Sabacc bot strength", () => {
  // Fewer than 300 matches leave the margins below to chance.
  const matches = soakCount(1000, "SOAK_GAMES", 300);
  for (const [id, strong] of Object.entries(strongest)) {
    it(`${id}: "${strong}" beats "random" over ${matches} matches by a clear margin`, () => {
      const r = simulate(id, strong, "random", matches, 2026);
      console.log(describeResult(r));
      // True Sabacc's house takes the Sabacc Pot when nobody wins it, so the two nets do not mirror.
      expect(r.strongNet).toBeGreaterThan(0);
      expect(r.strongNet - r.weakNet).toBeGreaterThan(100 * r.matches);
      expect(r.strongWins).toBeGreaterThan(r.weakWins * 1.2);
    });
  }
});

describe("Ulwan bot strength", () => {
  it("the strong bot (expectiminimax over the dice) wins at least 80% of seeded games of Ulwan against the greedy bot", () => {
    const games = soakCount(20, "SOAK_GAMES", 20);
    let wins = 0;
    for (let seed = 1; seed <= games; seed++)
      if (playMatch("ulwan", [strongUlwanBot, greedyUlwanBot], seed, (seed % 2) as 0 | 1).winner === 0) wins++;
    expect(wins).toBeGreaterThanOrEqual(Math.ceil(games * 0.8));
  });
});
