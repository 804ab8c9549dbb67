/**
 * Random legal play of Ulwan, the Finkel preset and Seven Ulwan keeps the invariants over many
 * seeds (small counts; the soak suite runs the full ones). The checks live in tests/properties/ulwan.ts.
 */
import { describe, it } from "vitest";
import { checkFinkel, checkSevenUlwan, checkUlwan } from "../../properties/ulwan";

describe("Ulwan properties (random legal play)", () => {
  it("Ulwan: pieces conserved, never two pieces on a square, every game ends", () => {
    checkUlwan(20);
  });

  it("Finkel preset: the same invariants, every game ends", () => {
    checkFinkel(12);
  });

  it("Seven Ulwan: credits and tokens conserved in every payment mode, balances never negative, every game ends", () => {
    checkSevenUlwan(20);
  });
});
