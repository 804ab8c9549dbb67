/** Ubongo task card faces: each side's SVG draws its board square for square and its three tile rows; the deck data. */
import { describe, expect, it } from "vitest";
import { cardSideSvg, faceName, ubongoCardSvgs, ubongoDeckData } from "../../src/apps/ubongo/cards";
import { CARDS, LEVELS } from "../../src/rules/ubongo/cards";
import { boardCells } from "../../src/rules/ubongo/tiling";

describe("Ubongo card faces", () => {
  it("draw every white square of the board and the three rows of tiles of each side", () => {
    for (const card of CARDS) {
      for (const level of LEVELS) {
        const svg = cardSideSvg(card, level);
        const squares = [...svg.matchAll(/data-square="(\d+),(\d+)"/g)].map((m) => `${m[1]},${m[2]}`);
        expect(squares.sort()).toEqual(
          boardCells(card[level].board)
            .map((c) => `${c.x},${c.y}`)
            .sort(),
        );
        const rows = [...svg.matchAll(/data-tiles="([a-z ]+)"/g)].map((m) => m[1]);
        expect(rows).toEqual(card[level].rows.map((r) => r.join(" ")));
      }
    }
  });

  it("make a deck of 50 cards with a blue and a red face each, every face a file", () => {
    const files = ubongoCardSvgs(CARDS);
    expect(Object.keys(files)).toHaveLength(101);
    const deck = ubongoDeckData(CARDS, "modules/x/assets/ubongo", (c, l) => `${c.id} ${l ?? ""}`) as {
      cards: { faces: { img: string }[] }[];
    };
    expect(deck.cards).toHaveLength(50);
    for (const [i, card] of deck.cards.entries()) {
      expect(card.faces.map((f) => f.img)).toEqual(
        LEVELS.map((l) => `modules/x/assets/ubongo/${faceName(CARDS[i]!, l)}.svg`),
      );
      for (const l of LEVELS) expect(files[faceName(CARDS[i]!, l)]).toContain("<?xml");
    }
  });
});
