/**
 * The unequal-forces bots over many games, sides fixed: the strong bot wins at least 75% of all the
 * games (draws count as not won) on each side of each game, and the balancing options (compulsory
 * Command moves, the Rebel losing when immobilized, the Por'rika scoring) are measured strong against
 * strong and printed. Run by hand (CI's scaled soak run excludes it); the docs' figures come from
 * `npm run sim` (scripts/sim-figures.sh). Counts: SOAK_GAMES / SOAK_SCALE (counts.ts).
 */
import { describe, expect, it } from "vitest";
import type { AnyBot, AnyGame } from "../../src/rules/core";
import {
  type SideStats,
  defiance,
  defianceBots,
  describeSides,
  playSides,
  porrika,
  porrikaBots,
  takat,
  takatBots,
} from "../../src/rules/unequal";
import { soakCount } from "./counts";

const families: readonly {
  game: AnyGame;
  bots: Readonly<Record<"strong" | "weak", unknown>>;
  sides: [string, string];
  full: number;
}[] = [
  { game: takat as unknown as AnyGame, bots: takatBots, sides: ["White", "Black"], full: 100 },
  { game: porrika as unknown as AnyGame, bots: porrikaBots, sides: ["Schelati", "Ser'ra"], full: 100 },
  { game: defiance as unknown as AnyGame, bots: defianceBots, sides: ["Rebel", "Imperium"], full: 60 },
];

const bot = (b: unknown): AnyBot => b as AnyBot;

describe("unequal forces: the strong bot beats the weak on each side", () => {
  for (const f of families) {
    // Fewer than 40 games leave a 75% claim to chance.
    const games = soakCount(f.full, "SOAK_GAMES", 40);
    for (const side of [0, 1] as const) {
      it(`${f.game.id}: strong as ${f.sides[side]} wins at least 75% of ${games} games against weak`, () => {
        const [a, b] = side === 0 ? [f.bots.strong, f.bots.weak] : [f.bots.weak, f.bots.strong];
        const st: SideStats = playSides(f.game, bot(a), bot(b), games, 1300 + side);
        console.log(describeSides(`${f.game.id} ${side === 0 ? "strong vs weak" : "weak vs strong"}`, f.sides, st));
        // Draws (repetition, the move limit) are games the strong bot did not win.
        expect(st.wins[side] / st.games).toBeGreaterThanOrEqual(0.75);
      });
    }
  }
});

describe("unequal forces: the balancing options, strong against strong", () => {
  const runs: { f: (typeof families)[number]; title: string; options?: unknown; full: number }[] = [
    {
      f: families[1]!,
      title: "porrika with scoring",
      options: { ...porrika.defaultOptions(), scoring: true },
      full: 100,
    },
    { f: families[2]!, title: "defiance-and-domain", full: 40 },
    {
      f: families[2]!,
      title: "defiance-and-domain, compulsory Command moves",
      options: { ...defiance.defaultOptions(), compulsoryCommand: true },
      full: 40,
    },
    {
      f: families[2]!,
      title: "defiance-and-domain, Rebel loses when immobilized",
      options: { ...defiance.defaultOptions(), rebelLosesImmobilized: true },
      full: 40,
    },
  ];
  for (const r of runs) {
    const games = soakCount(r.full, "SOAK_GAMES", 10);
    it(`${r.title}: ${games} games, strong against strong`, () => {
      const st = playSides(r.f.game, bot(r.f.bots.strong), bot(r.f.bots.strong), games, 7700, r.options);
      console.log(describeSides(r.title, r.f.sides, st));
      expect(st.wins[0] + st.wins[1] + st.draws).toBe(games);
      expect(st.limitHits).toBeLessThanOrEqual(st.draws);
      // The scoring hands out points only for a decided game: at most 4 (free Ser'ra) or 5 a game.
      if (r.title.includes("scoring")) {
        expect(st.points[1]).toBe(5 * st.wins[1]);
        expect(st.points[0]).toBeLessThanOrEqual(4 * st.wins[0]);
      }
    });
  }
});
