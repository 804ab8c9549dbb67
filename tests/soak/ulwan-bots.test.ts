/**
 * Soak: Ulwan's strong bot against greedy over SOAK_GAMES games (default 40, scaled by SOAK_SCALE;
 * docs/bots.md's figure is 2,000: `SOAK_GAMES=2000`), on the core simulation harness `npm run sim` uses.
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, type AnyGame, simulate, wilson } from "../../src/rules/core";
import { ulwan } from "../../src/rules/ulwan";
import { greedyUlwanBot, strongUlwanBot } from "../../src/rules/ulwan/bots";
import { soakCount } from "./counts";

// The soak suite's count convention (SOAK_GAMES exact, SOAK_SCALE scaled); 20 keeps the interval meaningful.
const GAMES = soakCount(40, "SOAK_GAMES", 20);

describe("Ulwan bot strength (soak)", () => {
  it(
    `strong wins about 96% against greedy (docs/bots.md: 1,910 of 2,000), over ${GAMES} games`,
    () => {
      const stats = simulate(ulwan as unknown as AnyGame, [strongUlwanBot as AnyBot, greedyUlwanBot as AnyBot], {
        games: GAMES,
        seed: 1,
      });
      const won = stats.wins[0] ?? 0;
      const ci = wilson(won, GAMES);
      console.log(`strong ${won} / ${GAMES} against greedy (95% CI ${ci.low.toFixed(3)}-${ci.high.toFixed(3)})`);
      expect(stats.unfinished).toBe(0);
      // Not measurably weaker than docs/bots.md's 95.5%, and clearly the stronger bot.
      expect(ci.high).toBeGreaterThanOrEqual(0.955);
      expect(ci.low).toBeGreaterThan(0.7);
    },
    5_000 + GAMES * 2_000,
  );
});
