/**
 * The README's "Your first game night" (issue 27), step by step with the page's defaults, in English
 * and German: the scenario is tests/browser/walkthrough.ts.
 */
import { describe, it } from "vitest";
import { serveStandalone } from "./standalone";
import { walkthrough } from "./walkthrough";

const table = serveStandalone();

describe("the README's first game night", () => {
  it("walks its five steps in English", async () => {
    await walkthrough(table(), "en");
  });

  it("walks its five steps in German", async () => {
    await walkthrough(table(), "de");
  });
});
