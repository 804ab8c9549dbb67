/** The unequal-forces bots choose legal moves for both sides (strength is measured in the soak suite). */
import { describe, expect, it } from "vitest";
import { type AnyBot, type AnyGame, SeededRandom } from "../../../src/rules/core";
import { defiance, defianceBots, porrika, porrikaBots, takat, takatBots } from "../../../src/rules/unequal";

const cases: [AnyGame, Readonly<Record<string, unknown>>][] = [
  [takat as unknown as AnyGame, takatBots],
  [porrika as unknown as AnyGame, porrikaBots],
  [defiance as unknown as AnyGame, defianceBots],
];

describe("unequal-forces bots", () => {
  for (const [game, bots] of cases)
    for (const level of ["strong", "weak"])
      it(`${game.id} ${level}: plays legal moves`, () => {
        const random = new SeededRandom(7);
        const setup = game.setup(["a", "b"], game.defaultOptions(), random);
        if (!setup.ok) throw new Error(setup.error.code);
        let state = setup.state;
        const seen = new Set<string>();
        // The strong level is slow: three decisions are enough to check it plays legally.
        for (let i = 0; i < (level === "weak" ? 12 : 3) && !game.status(state).over; i++) {
          const seat = game.status(state).toAct[0]!;
          seen.add(seat);
          const legal = game.legalMoves(state, seat);
          const move = (bots[level] as AnyBot).choose(game.view(state, { role: "seat", seat }), legal, random);
          expect(legal.map((m) => JSON.stringify(m))).toContain(JSON.stringify(move));
          const r = game.apply(state, seat, move, random);
          if (!r.ok) throw new Error(r.error.code);
          state = r.state;
        }
        if (level === "weak") expect(seen.size).toBe(2);
      });
});
