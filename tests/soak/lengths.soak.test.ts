/**
 * The length test over whole random matches of every game (issue 10; the unit test plays the long
 * games' first moves only): every sealed message and stored record a client can see has the length
 * its public facts give, so none depends on a hidden value. docs/security.md, "What lengths reveal".
 */
import { describe, it } from "vitest";
import { type Seen, expectPublicLengths, playMatch } from "../helpers/lengths-match";

const GAMES = [
  "sabacc-true",
  "sabacc-simplified",
  "sabacc-super-simplified",
  "ulwan",
  "ulwan-finkel",
  "seven-ulwan",
  "ubongo",
  "hununga",
  "defiance-and-domain",
  "porrika",
  "takat",
];

describe("no secret in a sealed message's length, over whole matches", () => {
  it.each(GAMES)("%s: every length comes from public facts only", async (gameId) => {
    for (const seed of [11, 12]) {
      const seen: Seen[] = [];
      await playMatch(gameId, seed, seen);
      expectPublicLengths(seen);
    }
  });
});
