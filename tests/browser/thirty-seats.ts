/**
 * A Super Simplified Sabacc table of 30 seats (the GM and 29 bots) for the browser tests that open
 * one: night-thirty (English), german (the same table in German) and the soak suite's play to the end.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

export const SEATS = 30;

export const thirtyWindow = (page: Page): Locator => page.locator('[data-window][data-game="sabacc-super-simplified"]');

/** From the GM's lobby: 30 seats, Maz (the GM) in the first, bots in the rest; waits for the window's seats. */
export async function openThirtySeats(gm: Page, screenshot?: string): Promise<Locator> {
  await gm.waitForSelector("[data-lobby]");
  await gm.selectOption('select[name="gameId"]', "sabacc-super-simplified");
  // The lobby offers 30 seats and more.
  expect(await gm.locator('select[name="seatCount"] option[value="30"]').count()).toBe(1);
  await gm.selectOption('select[name="seatCount"]', String(SEATS));
  await gm.selectOption('select[name="seat0.userId"]', "gm");
  await gm.fill('input[name="seat0.name"]', "Maz");
  for (let i = 1; i < SEATS; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  expect(await gm.locator("[data-lobby-seat]").count()).toBe(SEATS);
  if (screenshot) await gm.screenshot({ path: screenshot });
  await gm.click('[data-page-action="lobby-create"]');
  expect(await gm.locator("[data-lobby-error]").textContent()).toBe("");
  const window = thirtyWindow(gm);
  await expect.poll(() => window.locator('[data-seat]:not([data-action="tableOp"])').count()).toBe(SEATS);
  return window;
}

/**
 * Maz clicks whatever his window offers (rolling again after a tied order roll, which 30 players
 * make likely) until `done` holds; the bots play their turns meanwhile.
 */
export async function clickMazTurns(window: Locator, done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) {
    let clicked = false;
    for (const action of ["roll-order", "roll-hand", "keep", "bet"]) {
      const button = window.locator(`[data-action="${action}"]:not([data-amount])`);
      if ((await button.count()) > 0 && (await button.isEnabled())) {
        await button.click().catch(() => undefined);
        clicked = true;
      }
    }
    // Nothing to click: the bots are playing; wait for the window to change before looking again.
    if (!clicked) await window.page().waitForTimeout(100);
  }
}

/**
 * Scrolls the 30-seat window into view to frame a screenshot. Bots keep moving and the window is
 * redrawn under the scroll: a detached element is tried again (the scroll only frames the picture).
 */
export async function scrollToWindow(page: Page, window: Locator): Promise<void> {
  for (let tries = 0; tries < 10; tries++) {
    const scrolled = await window.scrollIntoViewIfNeeded({ timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (scrolled) return;
    await page.waitForTimeout(200);
  }
}
