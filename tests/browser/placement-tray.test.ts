/**
 * The placement tray in real Chromium (tests/browser/board-demo.html): every tray tile is drawn at
 * one square size, whatever its rows and columns, so a domino and a three-row tile compare as they
 * will on the board (issue 33; before, each tile was scaled to the button's fixed height).
 */
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectChromium } from "./standalone";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  await page.goto(`${inject("standaloneUrl")}tests/browser/board-demo.html`);
  await page.waitForSelector("body[data-ready]");
});

afterAll(async () => {
  await browser?.close();
});

describe("placement tray", () => {
  it("draws every tray tile's squares at the same size, tiles of one, two and three rows alike", async () => {
    const squares = await page.locator('[data-demo="placement"] [data-tile]').evaluateAll((buttons) =>
      buttons.map((b) => {
        const svg = b.querySelector("svg") as SVGSVGElement;
        const box = svg.getBoundingClientRect();
        const rects = [...svg.querySelectorAll("rect")];
        const rows = new Set(rects.map((r) => r.getAttribute("y"))).size;
        const cols = new Set(rects.map((r) => r.getAttribute("x"))).size;
        return { rows, across: box.width / (cols + 0.2), down: box.height / (rows + 0.2) };
      }),
    );
    // The demo's tray holds tiles of different heights, else the test would prove nothing.
    expect(new Set(squares.map((s) => s.rows)).size).toBeGreaterThan(1);
    const size = squares[0]!.down;
    expect(size).toBeGreaterThanOrEqual(16);
    for (const s of squares) {
      expect(Math.abs(s.down - size)).toBeLessThan(0.5);
      expect(Math.abs(s.across - size)).toBeLessThan(0.5);
    }
  });
});
