/** The shipped task cards: regenerated from their seed they come out the same, and every puzzle on them is verified. */
import { describe, expect, it } from "vitest";
import { CARDS, CARD_SET, DIE, LEVELS, TILES_PER_PUZZLE } from "../../../src/rules/ubongo/cards";
import { BAND, CARD_SEED, JEDI_CAP, generateCards } from "../../../src/rules/ubongo/generate";
import { boardArea, coverProblem, solveBoard, solveJedi } from "../../../src/rules/ubongo/tiling";
import { TILES } from "../../../src/rules/ubongo/tiles";

describe("Ubongo task cards", () => {
  it("cards.json is what the generator makes from the seed: its first 8 cards (tests/soak regenerates all 50)", () => {
    // The cards come one after another from one seeded stream, so a prefix regenerates on its own.
    expect(CARD_SET.seed).toBe(CARD_SEED);
    expect(generateCards(CARD_SEED, 8).cards).toEqual(CARD_SET.cards.slice(0, 8));
  });

  it("rule: 50 task cards, a blue side of 3-tile puzzles and a red side of 4-tile puzzles", () => {
    expect(CARDS).toHaveLength(50);
    CARDS.forEach((card, i) => {
      expect(card.id).toBe(i + 1);
      for (const level of LEVELS) {
        const side = card[level];
        expect(side.rows).toHaveLength(3);
        for (const row of side.rows) {
          expect(row).toHaveLength(TILES_PER_PUZZLE[level]);
          expect(new Set(row).size).toBe(row.length);
          expect(row.reduce((a, t) => a + TILES[t].cells.length, 0)).toBe(boardArea(side.board));
        }
        expect(new Set(side.rows.map((r) => r.join())).size).toBe(3);
      }
    });
  });

  it("rule: the die's symbol says light or dark and which tiles: six faces, three light and three dark, one pair per row", () => {
    expect(DIE.map((f) => f.face)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(DIE.filter((f) => f.side === "light").map((f) => f.row)).toEqual([0, 1, 2]);
    expect(DIE.filter((f) => f.side === "dark").map((f) => f.row)).toEqual([0, 1, 2]);
  });

  it("every shipped puzzle is solvable with exactly its tiles on either side by rotation only, within the band", () => {
    for (const card of CARDS) {
      for (const level of LEVELS) {
        const side = card[level];
        side.rows.forEach((row, r) => {
          for (const face of ["light", "dark"] as const) {
            const cap = BAND[level].maxSolutions;
            const found = solveBoard(side.board, row, face, { limit: cap + 1 });
            const where = `card ${card.id} ${level} row ${r} ${face}`;
            expect(found.count, where).toBeGreaterThanOrEqual(1);
            expect(found.count, where).toBeLessThanOrEqual(cap);
            expect(found.count, where).toBe(side.difficulty[r]?.[face].solutions);
            expect(coverProblem(side.board, found.solutions[0] ?? []), where).toBeNull();
            expect(
              found.solutions[0]?.every((p) => p.side === face),
              where,
            ).toBe(true);
          }
        });
      }
    }
  });

  it("every shipped board is solvable under the Jedi Masters rule", () => {
    for (const card of CARDS) {
      for (const level of LEVELS) {
        const found = solveJedi(card[level].board, { limit: JEDI_CAP });
        expect(found.count, `card ${card.id} ${level}`).toBeGreaterThanOrEqual(1);
        expect(found.count).toBe(card[level].jedi.solutions);
      }
    }
  });

  it("all 100 boards differ, even turned or mirrored", () => {
    const keys = CARDS.flatMap((c) => LEVELS.map((l) => c[l].board.join("/")));
    expect(new Set(keys).size).toBe(100);
  });
});
