/**
 * Game night: an illegal click on a board says why (Seven Ulwan, by clicking; the scenario and its
 * dice: illegal-clicks.ts). In English here; in German in german.test.ts.
 */
import { describe, it } from "vitest";
import { illegalClicks } from "./illegal-clicks";
import { serveStandalone } from "./standalone";

const table = serveStandalone();

describe("game night: an illegal click says why", () => {
  it("Seven Ulwan: the rules' refusal, the square the piece cannot reach, a click out of turn; a good move clears it", async () => {
    await illegalClicks(table(), "en");
  });
});
