/**
 * Sabacc bots: every level of every variant plays legal moves from its own view to the end. Their
 * strength over 1,000 matches is measured in the soak suite (tests/soak/bots.soak.test.ts).
 */
import { describe, expect, it } from "vitest";
import { bots } from "../../../src/rules/bots";
import { SIMPLIFIED_ID } from "../../../src/rules/sabacc/simplified";
import { SUPER_SIMPLIFIED_ID } from "../../../src/rules/sabacc/super-simplified";
import { TRUE_ID } from "../../../src/rules/sabacc/true-sabacc";
import { simulate } from "../../../bench/sabacc-sim";

describe("Sabacc bots", () => {
  it("every variant has at least two strengths, and every pairing finishes its matches", () => {
    for (const id of [SUPER_SIMPLIFIED_ID, SIMPLIFIED_ID, TRUE_ID]) {
      const levels = Object.keys(bots[id] ?? {});
      expect(levels.length, id).toBeGreaterThanOrEqual(2);
      for (const a of levels) for (const b of levels) expect(simulate(id, a, b, 20, 7).matches).toBe(20);
    }
  });
});
