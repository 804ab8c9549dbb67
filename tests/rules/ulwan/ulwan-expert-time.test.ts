/**
 * Ulwan's expert is bounded by time as well as nodes: given a host clock it stops at the shorter of
 * the host's time and its own cap (ULWAN_EXPERT_SEARCH.maxMs), with a legal move; the sim passes no
 * clock, so there its node limit alone decides (reproducible).
 */
import { describe, expect, it } from "vitest";
import type { BotBudget } from "../../../src/rules/core";
import { ulwan } from "../../../src/rules/ulwan";
import { ULWAN_DEEP_SEARCH, ULWAN_EXPERT_SEARCH, expertChoice, expertUlwanBot } from "../../../src/rules/ulwan/bots";
import { rollN, setPieces, startUlwan } from "./helpers";

/** A clock that moves one unit each time it is read (the search reads it once per node). */
function tickingClock(maxMs: number): BotBudget & { reads(): number } {
  let t = 0;
  return { now: () => t++, maxMs, reads: () => t };
}

describe("Ulwan expert's time cap", () => {
  const s = rollN(setPieces(startUlwan(), ["b1", "a2", "e2"], ["c3", "c2", "f2"]), 2).state;
  const legal = ulwan.legalMoves(s, s.seats[0]);

  it("searches past the cap when nothing caps it (the position is worth the test)", () => {
    const uncapped = tickingClock(10_000);
    expertChoice(s, legal, { ...ULWAN_EXPERT_SEARCH, maxMs: Number.MAX_SAFE_INTEGER }, uncapped);
    expect(uncapped.reads()).toBeGreaterThan(ULWAN_EXPERT_SEARCH.maxMs * 10);
  });

  it("stops at its own cap when the host allows more, and at the host's time when it allows less", () => {
    expect(ULWAN_EXPERT_SEARCH.maxMs).toBeLessThanOrEqual(100);
    const generous = tickingClock(10_000);
    const move = expertUlwanBot.choose({ state: s }, legal, { die: () => 1 }, generous);
    expect(legal).toContainEqual(move);
    expect(generous.reads()).toBeLessThanOrEqual(ULWAN_EXPERT_SEARCH.maxMs + 3);
    const tight = tickingClock(20);
    expect(legal).toContainEqual(expertChoice(s, legal, ULWAN_EXPERT_SEARCH, tight));
    expect(tight.reads()).toBeLessThanOrEqual(23);
  });

  it("the four-roll candidate (sim only) keeps the same cap and plays a legal move", () => {
    expect(ULWAN_DEEP_SEARCH.maxMs).toBe(ULWAN_EXPERT_SEARCH.maxMs);
    const generous = tickingClock(10_000);
    expect(legal).toContainEqual(expertChoice(s, legal, ULWAN_DEEP_SEARCH, generous));
    expect(generous.reads()).toBeLessThanOrEqual(ULWAN_DEEP_SEARCH.maxMs + 3);
  });
});
