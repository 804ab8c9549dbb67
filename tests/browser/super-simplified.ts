/**
 * Super Simplified Sabacc played by clicking, for the browser tests that need a match to its end:
 * each player's window, and every player's moves (never folding) until the end panel shows.
 */
import type { Locator, Page } from "playwright-core";

export const SUPER_SIMPLIFIED = "sabacc-super-simplified";

/** A page's window of the Super Simplified Sabacc table. */
export const superSimplifiedWindow = (page: Page) => page.locator(`[data-window][data-game="${SUPER_SIMPLIFIED}"]`);

/** Clicks whatever either player may do (never folding) until their windows show the end panel. */
export async function playToTheEnd(players: readonly Page[]): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if ((await superSimplifiedWindow(players[0]!).locator("[data-end-summary]").count()) > 0) return;
    for (const page of players) await clickWhatIsOffered(superSimplifiedWindow(page));
    await players[0]!.waitForTimeout(100);
  }
  throw new Error("the match did not end");
}

/** In one player's window: a roll or a keep if offered, then a bet of 10 if offered (never a fold). */
export async function clickWhatIsOffered(w: Locator): Promise<void> {
  for (const action of ["roll-order", "roll-hand", "keep"]) {
    const button = w.locator(`button[data-action="${action}"]:not([disabled])`);
    if ((await button.count()) > 0) {
      await button.first().click();
      break;
    }
  }
  const bet = w.locator('button[data-action="bet"]:not([data-amount]):not([disabled])');
  if ((await bet.count()) > 0) {
    await w.locator('input[name="amount"]').fill("10");
    await bet.click();
  }
}
