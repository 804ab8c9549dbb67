/**
 * Seven Ulwan's window in the standalone table, for the browser tests that play it by clicking
 * (ulwan, night-board): the scripted dice, the board's squares, its buttons and two-click moves,
 * and the opening both tests play.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { clickPlayed, settled } from "./standalone";

/** The GM page's `?dice=` for 4d2>2 rolls of these many successes: four d2 results each (2 = success). */
export function rollDice(rolls: readonly number[]): number[] {
  return rolls.flatMap((n) => [1, 2, 3, 4].map((i) => (i <= n ? 2 : 1)));
}

/** The rolls of `playOpening`: A 4, 4, 4, B 4, A 1, B 4. */
export const OPENING_ROLLS = [4, 4, 4, 4, 1, 4] as const;

export const win = (page: Page) => page.locator('[data-window][data-game="seven-ulwan"]');
export const square = (page: Page, id: string) => win(page).locator(`[data-board] [data-square="${id}"]`);

/** Background tabs get few animation frames, and clicks wait for them: act in the front tab, all tabs in step. */
export async function front(page: Page): Promise<void> {
  await page.bringToFront();
  await settled(page);
}

export async function roll(page: Page): Promise<void> {
  await front(page);
  await clickPlayed(win(page), win(page).locator('[data-action="roll"]'));
}

export async function action(page: Page, name: string): Promise<void> {
  await front(page);
  await clickPlayed(win(page), win(page).locator(`[data-action="${name}"]`));
}

/** The board's two clicks: a piece (or the waiting pieces), then a square marked as its destination. */
export async function move(page: Page, from: string, to: string): Promise<void> {
  await front(page);
  await square(page, from).and(page.locator("[data-selectable]")).click();
  await expect.poll(() => square(page, to).getAttribute("data-destination")).toBe("");
  await clickPlayed(win(page), square(page, to));
}

/**
 * The opening on OPENING_ROLLS: A enters on a1 (a Cresh) and buys the extra roll, a1 → d2 (a Cresh)
 * and buys again, d2 → h2; B enters on a3 and declines; A h2 → h1 (A's Forn); B a3 → d2 and declines.
 */
export async function playOpening(a: Page, b: Page): Promise<void> {
  await roll(a);
  await move(a, "hand", "a1");
  await action(a, "buy-roll");
  await roll(a);
  await move(a, "a1", "d2");
  await action(a, "buy-roll");
  await roll(a);
  await move(a, "d2", "h2");
  await roll(b);
  await move(b, "hand", "a3");
  await action(b, "decline");
  await roll(a);
  await move(a, "h2", "h1");
  await roll(b);
  await move(b, "a3", "d2");
  await action(b, "decline");
}
