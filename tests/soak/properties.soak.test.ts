/**
 * The property tests at their full counts (SOAK_RUNS for the fast-check runs, SOAK_GAMES for the
 * seeded games); the unit suite runs the same properties a few dozen times.
 */
import { describe, expect, it } from "vitest";
import { checkSimplified } from "../properties/simplified-sabacc";
import { checkSuperSimplified, playSuperSimplifiedSeeded } from "../properties/super-simplified-sabacc";
import { checkTrueSabacc, trueSabaccEndings } from "../properties/true-sabacc";
import { checkFinkel, checkSevenUlwan, checkUlwan } from "../properties/ulwan";
import { soakCount } from "./counts";

describe("Sabacc under random legal play, in full", () => {
  it("Simplified Sabacc keeps its invariants and every match ends", () => {
    checkSimplified(soakCount(300, "SOAK_RUNS"));
  });

  it("Super Simplified Sabacc keeps its invariants over fast-check games", () => {
    checkSuperSimplified(soakCount(400, "SOAK_RUNS"));
  });

  it("Super Simplified Sabacc keeps its invariants over seeded games with the default options", () => {
    // Twelve seats: order rolls (and a few re-rolls), two moves of hand each, one bet each.
    expect(playSuperSimplifiedSeeded(soakCount(2000, "SOAK_GAMES", 11))).toBeLessThan(100);
  });

  it("True Sabacc keeps the 76 cards, the credits and the secrets, and every match ends", () => {
    checkTrueSabacc(soakCount(150, "SOAK_RUNS"));
  });

  // A demise is rare: fewer than 300 matches may not show one.
  it("True Sabacc reaches every ending, a Sabacc demise among them", () => {
    const { outcomes, demises } = trueSabaccEndings(soakCount(300, "SOAK_GAMES", 300));
    expect(outcomes).toEqual(expect.arrayContaining(["show", "uncontested"]));
    expect(demises).toBeGreaterThan(0);
  });
});

describe("Ulwan under random legal play, in full", () => {
  it("Ulwan: pieces conserved, never two pieces on a square, every game ends", () => {
    checkUlwan(soakCount(60, "SOAK_RUNS"));
  });

  it("Finkel preset: the same invariants, every game ends", () => {
    checkFinkel(soakCount(40, "SOAK_RUNS"));
  });

  it("Seven Ulwan: credits and tokens conserved in every payment mode, every game ends", () => {
    checkSevenUlwan(soakCount(80, "SOAK_RUNS"));
  });
});
