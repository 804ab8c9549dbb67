/** Soak: all 50 Ubongo task cards regenerate from their seed exactly as shipped in cards.json (run npm run cards:ubongo after changing the generator). */
import { describe, expect, it } from "vitest";
import { CARD_SET } from "../../src/rules/ubongo/cards";
import { CARD_SEED, generateCards } from "../../src/rules/ubongo/generate";

describe("Ubongo task cards (soak)", () => {
  it("cards.json is exactly what the generator makes from the seed", { timeout: 120_000 }, () => {
    expect(generateCards(CARD_SEED)).toEqual(CARD_SET);
  });
});
