/**
 * True Sabacc's window in the standalone table, for the browser tests that play it by clicking
 * (sabacc-true, night-cheat): the dice that deal chosen cards, the window's seats and buttons, a
 * click that waits for the move's result, and the betting rounds in which nobody does anything.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./standalone";
import { DECK_IDS } from "../../src/rules/sabacc/deck";

/** The GM page's `?dice=` for a plan: numbers are dice as they are; a card id is the 1d(N) that deals it from the remaining deck. */
export function dice(plan: readonly (number | string)[]): number[] {
  const deck = [...DECK_IDS];
  return plan.map((d) => {
    if (typeof d === "number") return d;
    const i = deck.indexOf(d);
    deck.splice(i, 1);
    return i + 1;
  });
}

export const win = (page: Page): Locator => page.locator("[data-window]").first();
export const seat = (page: Page, s: string): Locator => win(page).locator(`[data-seat="${s}"]`);
export const button = (action: string, extra = ""): string => `[data-action="${action}"]${extra}`;

/** The window's markup, without the buttons' disabled state (set while a move is on its way). */
async function markup(page: Page): Promise<string> {
  return (await win(page).innerHTML()).replace(/ disabled=""/g, "");
}

/** Clicks in the front tab and waits until the window shows the move's result. */
export async function act(page: Page, selector: string): Promise<void> {
  await page.bringToFront();
  await settled(page);
  const target = win(page).locator(selector);
  await target.waitFor();
  const before = await markup(page);
  await target.click();
  await expect.poll(() => markup(page), { timeout: 10_000 }).not.toBe(before);
}

/** Both stand and lock nothing (the last round locks before it bets). */
export async function standAndLockNothing(first: Page, second: Page): Promise<void> {
  await act(first, button("stand"));
  await act(second, button("stand"));
  await act(first, button("lock", "[data-none]"));
  await act(second, button("lock", "[data-none]"));
}

/** A round in which nobody does anything: both stand, both check (bet 0), both lock nothing. */
export async function quietRound(first: Page, second: Page): Promise<void> {
  await act(first, button("stand"));
  await act(second, button("stand"));
  await checkBoth(first, second);
  await act(first, button("lock", "[data-none]"));
  await act(second, button("lock", "[data-none]"));
}

/** Both bet 0, the first player first. */
export async function checkBoth(first: Page, second: Page): Promise<void> {
  await act(first, button("bet", '[data-amount="0"]'));
  await act(second, button("bet", '[data-amount="0"]'));
}
