/**
 * Ulwan bots: every level plays only legal moves in all three games (offers, Dorn purchases and
 * Esk moves included). The strong bot's margin over the greedy one is in the soak suite
 * (tests/soak/bots.soak.test.ts, tests/soak/ulwan-bots.test.ts); the full figure (2,000 games)
 * comes from `npm run sim`; see docs/rules/ulwan.md.
 */
import { describe, expect, it } from "vitest";
import { bots } from "../../../src/games";
import { SeededRandom } from "../../../src/rules/core";
import { ulwanBotLevels } from "../../../src/rules/ulwan/bots";
import { type UlwanMove, sevenUlwan, ulwan, ulwanFinkel } from "../../../src/rules/ulwan";
import { rollN, setPieces, startUlwan, step } from "./helpers";

describe("Ulwan bots", () => {
  it("are registered for the three games with at least two strengths, strong first", () => {
    for (const id of ["ulwan", "ulwan-finkel", "seven-ulwan"])
      expect(Object.keys(bots[id] ?? {})).toEqual(["strong", "careful", "greedy", "expert", "perfect"]);
  });

  it("every level chooses a legal move in every game", () => {
    for (const game of [ulwan, ulwanFinkel, sevenUlwan] as const) {
      for (const [level, bot] of Object.entries(ulwanBotLevels)) {
        const random = new SeededRandom(level.length * 7 + game.id.length);
        const setup = (game as typeof sevenUlwan).setup(["a", "b"], game.defaultOptions() as never, random);
        if (!setup.ok) throw new Error(setup.error.code);
        let s = setup.state;
        // expert and perfect search three rolls deep in Ulwan: fewer moves keep the test short (expert.test.ts has more).
        const moves = level === "expert" || level === "perfect" ? 12 : 150;
        for (let n = 0; n < moves && s.phase !== "over"; n++) {
          const seat = s.seats[s.turn];
          const legal = game.legalMoves(s, seat);
          const move = bot.choose(game.view(s, { role: "seat", seat }), legal, random);
          if (!legal.some((m) => JSON.stringify(m) === JSON.stringify(move)))
            throw new Error(`${level} chose ${JSON.stringify(move)}, not a legal move`);
          const r = game.apply(s, seat, move as UlwanMove, random);
          if (!r.ok) throw new Error(r.error.code);
          s = r.state;
        }
      }
    }
  });

  it("rule: Cresh's extra roll is a choice: every level takes Ulwan's free extra roll", () => {
    let s = rollN(setPieces(startUlwan(), ["b2"], ["a2"]), 2).state;
    s = step(s, { type: "move", from: "b2" }).state; // onto d2, a Cresh: roll again or end the turn
    const legal = ulwan.legalMoves(s, s.seats[0]);
    expect(legal).toEqual([{ type: "roll" }, { type: "decline" }]);
    for (const bot of Object.values(ulwanBotLevels)) {
      expect(bot.choose(ulwan.view(s, { role: "seat", seat: s.seats[0] }), legal, new SeededRandom(1))).toEqual({
        type: "roll",
      });
    }
  });
});
