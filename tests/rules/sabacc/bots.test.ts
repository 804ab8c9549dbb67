/**
 * Sabacc bots: every level of every variant plays legal moves from its own view to the end, and the
 * strong level beats the random one over 1,000 simulated heads-up matches by a clear margin.
 */
import { describe, expect, it } from "vitest";
import { bots } from "../../../src/games";
import { SIMPLIFIED_ID } from "../../../src/rules/sabacc/simplified";
import { SUPER_SIMPLIFIED_ID } from "../../../src/rules/sabacc/super-simplified";
import { TRUE_ID } from "../../../src/rules/sabacc/true-sabacc";
import { describeResult, simulate } from "../../../bench/sabacc-sim";

const strongest: Record<string, string> = {
  [SUPER_SIMPLIFIED_ID]: "basic",
  [SIMPLIFIED_ID]: "sharp",
  [TRUE_ID]: "sharp",
};

describe("Sabacc bots", () => {
  it("every variant has at least two strengths, and every pairing finishes its matches", () => {
    for (const id of [SUPER_SIMPLIFIED_ID, SIMPLIFIED_ID, TRUE_ID]) {
      const levels = Object.keys(bots[id] ?? {});
      expect(levels.length, id).toBeGreaterThanOrEqual(2);
      for (const a of levels) for (const b of levels) expect(simulate(id, a, b, 20, 7).matches).toBe(20);
    }
  }, 60_000);

  for (const [id, strong] of Object.entries(strongest)) {
    it(`${id}: "${strong}" beats "random" over 1,000 matches by a clear margin`, () => {
      const r = simulate(id, strong, "random", 1000, 2026);
      console.log(describeResult(r));
      // True Sabacc's house takes the Sabacc Pot when nobody wins it, so the two nets do not mirror.
      expect(r.strongNet).toBeGreaterThan(0);
      expect(r.strongNet - r.weakNet).toBeGreaterThan(100 * r.matches);
      expect(r.strongWins).toBeGreaterThan(r.weakWins * 1.2);
    }, 120_000);
  }
});
