/**
 * Super Simplified Sabacc has "no player signup limit for this tier of play": a table of 30 seats
 * (the GM and 29 bots) opened from the lobby, played by clicking through the GM's turns while the
 * bots play theirs; the lobby, the window and the chat stay usable. Screenshots in
 * test-results/night-thirty-*.png (English and German).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, type Standalone, startStandalone } from "./standalone";

const SEATS = 30;
let table: Standalone;

beforeAll(async () => {
  table = await startStandalone();
});

afterAll(async () => {
  await table?.close();
});

const win = (page: Page) => page.locator('[data-window][data-game="sabacc-super-simplified"]');

for (const lang of ["en", "de"] as const) {
  describe(`Super Simplified Sabacc with 30 seats (${lang})`, () => {
    it("the GM opens a 30-seat table with 29 bots and plays it through by clicking; window, lobby and chat stay usable", async () => {
      const context = await table.browser.newContext({ viewport: { width: 1400, height: 900 } });
      const gm = await context.newPage();
      await gm.goto(`${table.url}?user=gm&lang=${lang}&botDelay=0`);
      await gm.waitForSelector("[data-lobby]");

      await gm.selectOption('select[name="gameId"]', "sabacc-super-simplified");
      // The lobby offers 30 seats and more.
      expect(await gm.locator('select[name="seatCount"] option[value="30"]').count()).toBe(1);
      await gm.selectOption('select[name="seatCount"]', String(SEATS));
      await gm.selectOption('select[name="seat0.userId"]', "gm");
      await gm.fill('input[name="seat0.name"]', "Maz");
      for (let i = 1; i < SEATS; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
      expect(await gm.locator("[data-lobby-seat]").count()).toBe(SEATS);
      await gm.screenshot({ path: `${RESULTS}/night-thirty-lobby-${lang}.png` });
      await gm.click('[data-page-action="lobby-create"]');
      expect(await gm.locator("[data-lobby-error]").textContent()).toBe("");

      const window = win(gm);
      await expect.poll(() => window.locator('[data-seat]:not([data-action="tableOp"])').count()).toBe(SEATS);
      // Maz plays his turns by clicking whatever his window offers (rolling again after a tied order
      // roll, which 30 players make likely); the bots play theirs; the match ends with a winner.
      const deadline = Date.now() + 90_000;
      while ((await window.locator("[data-winner]").count()) === 0) {
        expect(Date.now()).toBeLessThan(deadline);
        for (const action of ["roll-order", "roll-hand", "keep", "bet"]) {
          const button = window.locator(`[data-action="${action}"]:not([data-amount])`);
          if ((await button.count()) > 0 && (await button.isEnabled())) await button.click().catch(() => undefined);
        }
        await gm.waitForTimeout(200);
      }
      // The chat names the table once per line, short: three players and "+27".
      const label = await gm.locator("[data-chat-table-label]").first().textContent();
      expect(label).toContain("+27");
      expect(await gm.locator("[data-chat-line]").count()).toBeGreaterThan(SEATS);
      // Nothing wider than the page.
      expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
      await window.scrollIntoViewIfNeeded();
      await gm.screenshot({ path: `${RESULTS}/night-thirty-window-${lang}.png` });
      await gm.screenshot({ path: `${RESULTS}/night-thirty-page-${lang}.png`, fullPage: true });
      await expectAccessible(gm, `${RESULTS}/night-thirty-window-${lang}.png`);
      await context.close();
    });
  });
}
