/**
 * Every searching bot decides within the time budget a host gives it (issues 35 and 38): on a fake
 * clock that ticks once per read, and the search reads it once per node, so its reads count the work.
 */
import { describe, expect, it } from "vitest";
import { bots, games } from "../../src/games";
import { type AnyBot, type AnyGame, type BotBudget, SeededRandom } from "../../src/rules/core";

/**
 * The bots that search far (the others decide by a formula or a table; the unequal-forces games' weak
 * level searches three moves one ply deep, under any budget).
 */
const SEARCHING: readonly (readonly [string, string])[] = [
  ["ulwan", "strong"],
  ["ulwan", "expert"],
  ["ulwan", "perfect"],
  ["ulwan-finkel", "strong"],
  ["hununga", "strong"],
  ["defiance-and-domain", "strong"],
  ["porrika", "strong"],
  ["takat", "strong"],
  // Reads the clock every 256 nodes: each read stands for that much work.
  ["takat", "expert"],
  ["porrika", "expert"],
];

/** A clock that moves one unit each time it is read (reads are counted). */
function tickingClock(maxMs: number): BotBudget & { reads(): number } {
  let t = 0;
  return { now: () => t++, maxMs, reads: () => t };
}

const BUDGET = 20;
const DECISIONS = 16;

describe("bots within a time budget", () => {
  it.each(SEARCHING)(
    "%s %s: a legal move after at most the budget's nodes, where untimed it searches more",
    (id, level) => {
      const game = games[id] as AnyGame;
      const bot = bots[id]?.[level] as AnyBot;
      const random = new SeededRandom(11);
      const setup = game.setup(["a", "b"], game.defaultOptions(), random);
      if (!setup.ok) throw new Error(setup.error.code);
      let state = setup.state;
      let mostUntimed = 0;
      for (let i = 0; i < DECISIONS && !game.status(state).over; i++) {
        const seat = game.status(state).toAct[0]!;
        const legal = game.legalMoves(state, seat);
        const view = game.view(state, { role: "seat", seat });
        // The same decision without a time limit (its clock only counts): how far the node limits let it go.
        const untimed = tickingClock(Number.MAX_SAFE_INTEGER);
        bot.choose(view, legal, new SeededRandom(i), untimed);
        mostUntimed = Math.max(mostUntimed, untimed.reads());
        const timed = tickingClock(BUDGET);
        const move = bot.choose(view, legal, new SeededRandom(i), timed);
        expect(legal.map((m) => JSON.stringify(m))).toContain(JSON.stringify(move));
        // The start, one read per node until the deadline is passed, and the one node that passes it.
        expect(timed.reads()).toBeLessThanOrEqual(BUDGET + 3);
        const r = game.apply(state, seat, move, random);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
      // The budget cut real work short: untimed, some decision searched past it.
      expect(mostUntimed).toBeGreaterThan(BUDGET + 3);
    },
  );

  it("a budget that never runs out changes nothing: the node limits alone decide", () => {
    const game = games.takat as AnyGame;
    const bot = bots.takat?.strong as AnyBot;
    const random = new SeededRandom(5);
    const setup = game.setup(["a", "b"], game.defaultOptions(), random);
    if (!setup.ok) throw new Error(setup.error.code);
    const seat = game.status(setup.state).toAct[0]!;
    const legal = game.legalMoves(setup.state, seat);
    const view = game.view(setup.state, { role: "seat", seat });
    const plain = bot.choose(view, legal, new SeededRandom(1));
    const generous = bot.choose(view, legal, new SeededRandom(1), tickingClock(Number.MAX_SAFE_INTEGER));
    expect(generous).toEqual(plain);
  });
});
