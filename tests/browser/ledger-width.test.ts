/**
 * The ledger's standings in the standalone page's side panel at 1024 px (issue 27: words broke
 * mid-word): no header, amount or "(… at a table)" word is split across lines, and the table stays
 * inside its 220 px panel, in English and German. Screenshots in test-results/ledger-1024-*.png.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, joinEvent, serveStandalone } from "./standalone";

const table = serveStandalone();

/** Each word of the standings' headers and amounts that the browser laid out on more than one line. */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const cells = document.querySelectorAll("[data-standings] thead th, [data-standings] td");
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

describe("the ledger's standings at 1024 px", () => {
  for (const lang of ["en", "de"] as const) {
    it(`no word of the standings breaks mid-word and the table fits its panel (${lang})`, async () => {
      const night = await table().newContext({ lang, width: 1024 });
      const gm = await night.open("user=gm&botDelay=0");
      await gm.setViewportSize({ width: 1024, height: 768 });
      // Two players at a table (their credits partly "at a table"), and two more participants.
      await gm.selectOption('select[name="gameId"]', "sabacc-super-simplified");
      await gm.selectOption('select[name="seatCount"]', "2");
      await gm.selectOption('select[name="seat0.userId"]', "player1");
      await gm.fill('input[name="seat0.name"]', "Han");
      await gm.selectOption('select[name="seat1.userId"]', "player2");
      await gm.fill('input[name="seat1.name"]', "Lando");
      await gm.click('[data-page-action="lobby-create"]');
      for (const [account, name] of [
        ["rey", "Rey"],
        ["zuckuss", "Zuckuss"],
      ]) {
        await joinEvent(gm, account!, name!);
      }
      await expect.poll(() => gm.locator("[data-standings] .cantina-at-table").count()).toBeGreaterThan(0);
      expect(await brokenWords(gm)).toEqual([]);
      const fits = await gm.evaluate(() => {
        const standings = document.querySelector<HTMLElement>("[data-standings]")!;
        const panel = standings.closest<HTMLElement>(".cantina-ledger") ?? standings.parentElement!;
        return {
          table: standings.getBoundingClientRect().right,
          panel: panel.getBoundingClientRect().right,
          page: document.documentElement.scrollWidth,
        };
      });
      expect(fits.table).toBeLessThanOrEqual(fits.panel);
      expect(fits.page).toBeLessThanOrEqual(1024);
      await gm.locator("[data-standings]").screenshot({ path: `${RESULTS}/ledger-1024-${lang}.png` });
      await night.context.close();
    });
  }
});
