/**
 * Random legal play of Simplified Sabacc keeps its invariants and every match ends (ten
 * runs; the soak suite runs hundreds). The checks live in tests/properties/simplified-sabacc.ts.
 */
import { describe, it } from "vitest";
import { checkSimplified } from "../../properties/simplified-sabacc";

describe("Simplified Sabacc under random legal play", () => {
  it("keeps its invariants and every match ends (fast-check)", () => {
    checkSimplified(10);
  });
});
