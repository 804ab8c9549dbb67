/**
 * The README's "Your first game night", its eight steps in the README's order with the page's defaults,
 * in English (the scenario is tests/browser/walkthrough.ts; the soak suite walks it in German).
 */
import { describe, it } from "vitest";
import { serveStandalone } from "./standalone";
import { walkthrough } from "./walkthrough";

const table = serveStandalone();

describe("the README's first game night", () => {
  it("walks its eight steps in English: the head, Tables, Event ledger, New table, the windows, while it runs, the end, below the panels", async () => {
    await walkthrough(table(), "en");
  });
});
