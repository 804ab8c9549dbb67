/**
 * Seven Ulwan's expert (src/rules/ulwan/seven.ts): the thrifty purse, a decision it makes because of
 * it, legal moves over a game, and its own time cap on a fake clock. Its strength is measured by
 * `npm run sim` (docs/rules/ulwan.md, "Seven Ulwan's expert"), not here.
 */
import { describe, expect, it } from "vitest";
import { type BotBudget, SeededRandom } from "../../../src/rules/core";
import { type UlwanMove, sevenUlwan } from "../../../src/rules/ulwan";
import { expertUlwanBot, perfectUlwanBot, strongUlwanBot } from "../../../src/rules/ulwan/bots";
import { SEVEN_EXPERT_SEARCH, sevenExpertChoice, thriftyPurse } from "../../../src/rules/ulwan/seven";
import { A, legalKeys, rollN, setPieces, startSeven, step } from "./helpers";

/** A clock that moves one unit each time it is read (the search reads it once per node). */
function tickingClock(maxMs: number): BotBudget & { reads(): number } {
  let t = 0;
  return { now: () => t++, maxMs, reads: () => t };
}

describe("Seven Ulwan expert", () => {
  it("values every ante, and the antes its remaining entries need more", () => {
    const { perAnte, perReserveAnte, reserveExtra } = SEVEN_EXPERT_SEARCH;
    // 7 pieces not home: a reserve of 7 + reserveExtra antes.
    const reserve = 7 + reserveExtra;
    const s = startSeven(); // 1,000 credits, ante 10: 100 antes
    expect(thriftyPurse(s, 0)).toBeCloseTo(perAnte * 100 + perReserveAnte * reserve, 9);
    const poor = startSeven({ purses: { [A]: { credits: 40, luck: 0 } } }); // 4 antes, below the reserve
    expect(thriftyPurse(poor, 0)).toBeCloseTo((perAnte + perReserveAnte) * 4, 9);
    // Pieces borne off need no entry: the reserve shrinks with them.
    const home = setPieces(startSeven(), [], [], { offA: 5 });
    expect(thriftyPurse(home, 0)).toBeCloseTo(perAnte * 100 + perReserveAnte * (2 + reserveExtra), 9);
  });

  it("declines a 5-ante Cresh roll it cannot spare, which strong buys, and buys it with antes to spare", () => {
    // a2 moves 3 onto d2, the shared Cresh: buy another roll for 5 antes (50 credits) or end the turn.
    const offer = (credits: number) => {
      const start = setPieces(startSeven({ purses: { [A]: { credits, luck: 0 } } }), ["a2", "c1"], ["b2", "c3"]);
      const s = step(rollN(start, 3).state, { type: "move", from: "a2" }).state;
      expect(legalKeys(s)).toEqual(["buy-roll", "decline"]);
      const view = sevenUlwan.view(s, { role: "seat", seat: s.seats[0] });
      return { view, legal: sevenUlwan.legalMoves(s, s.seats[0]) };
    };
    // 12 antes: the 5 would leave 7 for 7 pieces not home (the reserve is 10).
    const thin = offer(120);
    expect(strongUlwanBot.choose(thin.view, thin.legal, new SeededRandom(1))).toEqual({ type: "buy-roll" });
    expect(expertUlwanBot.choose(thin.view, thin.legal, new SeededRandom(1))).toEqual({ type: "decline" });
    const spare = offer(200);
    expect(expertUlwanBot.choose(spare.view, spare.legal, new SeededRandom(1))).toEqual({ type: "buy-roll" });
  });

  it("expert and perfect play seven.ts's search, and only legal moves, over the start of a game", () => {
    const random = new SeededRandom(7);
    const setup = sevenUlwan.setup(["a", "b"], sevenUlwan.defaultOptions(), random);
    if (!setup.ok) throw new Error(setup.error.code);
    let s = setup.state;
    for (let n = 0; n < 12 && s.phase !== "over"; n++) {
      const seat = s.seats[s.turn];
      const legal = sevenUlwan.legalMoves(s, seat);
      const view = sevenUlwan.view(s, { role: "seat", seat });
      const move = expertUlwanBot.choose(view, legal, random);
      expect(legal).toContainEqual(move);
      if (legal.length > 1) expect(move).toEqual(sevenExpertChoice(s, legal));
      expect(perfectUlwanBot.choose(view, legal, random)).toEqual(move);
      const r = sevenUlwan.apply(s, seat, move as UlwanMove, random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  });

  it("stops at its own time cap when the host allows more, with a legal move", () => {
    const s = rollN(setPieces(startSeven(), ["b1", "a2", "e2"], ["c3", "c2", "f2"]), 2).state;
    const legal = sevenUlwan.legalMoves(s, s.seats[0]);
    // Without the cap, the node limit lets it search far past it; with it, the host's ten seconds are cut to the cap.
    const uncapped = tickingClock(10_000);
    sevenExpertChoice(s, legal, uncapped, { ...SEVEN_EXPERT_SEARCH, maxMs: Number.MAX_SAFE_INTEGER });
    expect(uncapped.reads()).toBeGreaterThan(SEVEN_EXPERT_SEARCH.maxMs * 10);
    const generous = tickingClock(10_000);
    const move = sevenExpertChoice(s, legal, generous);
    expect(legal).toContainEqual(move);
    expect(generous.reads()).toBeLessThanOrEqual(SEVEN_EXPERT_SEARCH.maxMs + 3);
    // A host allowing less than the cap is obeyed.
    const tight = tickingClock(20);
    expect(legal).toContainEqual(sevenExpertChoice(s, legal, tight));
    expect(tight.reads()).toBeLessThanOrEqual(23);
  });
});
