/**
 * Random legal play of True Sabacc keeps its invariants and reaches every ending (small counts; the
 * soak suite runs the full ones). The checks live in tests/properties/true-sabacc.ts.
 */
import { describe, expect, it } from "vitest";
import { checkTrueSabacc, trueSabaccEndings } from "../../properties/true-sabacc";

describe("True Sabacc under random legal play", () => {
  it("keeps the 76 cards, the credits and the secrets, and every match ends (fast-check)", () => {
    checkTrueSabacc(12);
  });

  it("reaches a show and an uncontested end over seeded matches", () => {
    expect(trueSabaccEndings(20).outcomes).toEqual(expect.arrayContaining(["show", "uncontested"]));
  });
});
