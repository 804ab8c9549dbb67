/**
 * Random legal play of Super Simplified Sabacc keeps its invariants (small counts; the soak suite
 * runs the full ones). The checks live in tests/properties/super-simplified-sabacc.ts.
 */
import { describe, expect, it } from "vitest";
import { checkSuperSimplified, playSuperSimplifiedSeeded } from "../../properties/super-simplified-sabacc";

describe("Super Simplified Sabacc under random legal play", () => {
  it("keeps its invariants over fast-check games", () => {
    checkSuperSimplified(25);
  });

  it("keeps its invariants over seeded games with the default options", () => {
    // Twelve seats: order rolls (and a few re-rolls), two moves of hand each, one bet each.
    expect(playSuperSimplifiedSeeded(22)).toBeLessThan(100);
  });
});
