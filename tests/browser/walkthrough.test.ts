/**
 * The README's "Your first game night" (issue 27), step by step with the page's defaults, in English
 * (the scenario is tests/browser/walkthrough.ts; german.test.ts walks it in German, so that the two
 * runs, about a minute each, go side by side in the browser suite).
 */
import { describe, it } from "vitest";
import { serveStandalone } from "./standalone";
import { walkthrough } from "./walkthrough";

const table = serveStandalone();

describe("the README's first game night", () => {
  it("walks its five steps in English", async () => {
    await walkthrough(table(), "en");
  });
});
