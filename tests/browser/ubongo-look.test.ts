/**
 * Ubongo's window look in real Chromium, on a page holding only the game's stylesheet and its table
 * template (issue 33): the scores stand as player panels on the dark ground, not a bare table, and the
 * Moon fills its box as the die's other symbols do. Screenshot in test-results/.
 */
import { readFileSync } from "node:fs";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerGlyphs, symbolSvg } from "../../src/apps/core/symbols";
import { SYMBOL_GLYPHS } from "../../src/apps/ubongo/cards";
import { UBONGO_GLYPHS } from "../../src/apps/ubongo/glyphs";
import { renderTemplate } from "../foundry/handlebars";
import { RESULTS, connectChromium } from "./standalone";

registerGlyphs(UBONGO_GLYPHS);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectChromium();
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const table = renderTemplate("ubongo/table.hbs", {
    ubongo: {
      nameKey: "CANTINA.Ubongo.Name.ubongo",
      players: 2,
      race: true,
      round: 2,
      rounds: 9,
      scores: [
        { name: "Rey", score: 4, place: 1, me: true, winner: true },
        { name: "Finn", score: 2, place: 0, me: false, winner: false },
      ],
    },
  });
  const glyphs = Object.entries(SYMBOL_GLYPHS)
    .map(([name, glyph]) => `<span data-glyph="${name}">${symbolSvg(glyph)}</span>`)
    .join("");
  const css = ["ubongo.css", "board.css", "placement.css"].map((f) => readFileSync(`styles/${f}`, "utf8")).join("");
  await page.setContent(
    `<!doctype html><html lang="en"><head><style>${css}</style></head>` +
      `<body><div class="cantina-games">${table}<p style="font-size:48px">${glyphs}</p></div></body></html>`,
  );
});

afterAll(async () => {
  await browser?.close();
});

describe("Ubongo's look", () => {
  it("shows each player's score on a lighter, rounded panel, the winner's tinted apart", async () => {
    const cell = async (name: string) =>
      page.locator("tr[data-score] th", { hasText: name }).evaluate((e) => ({
        bg: getComputedStyle(e).backgroundColor,
        radius: getComputedStyle(e).borderTopLeftRadius,
      }));
    const rey = await cell("Rey");
    const finn = await cell("Finn");
    for (const c of [rey, finn]) {
      expect(c.bg).not.toBe("rgba(0, 0, 0, 0)");
      expect(parseFloat(c.radius)).toBeGreaterThan(0);
    }
    expect(rey.bg).not.toBe(finn.bg);
  });

  it("draws the Moon about as large as the die's other symbols (it filled under half its box)", async () => {
    const extents = await page.locator("[data-glyph]").evaluateAll((spans) =>
      spans.map((s) => {
        const box = (s.querySelector("svg") as SVGSVGElement).getBBox();
        return { name: s.getAttribute("data-glyph"), side: Math.min(box.width, box.height) };
      }),
    );
    await page.screenshot({ path: `${RESULTS}/ubongo-look.png` });
    const moon = extents.find((e) => e.name === "moon");
    expect(moon).toBeDefined();
    // The viewBox is 24 units square; the other symbols span 19 to 22 of them.
    expect(moon!.side).toBeGreaterThanOrEqual(15);
  });
});
