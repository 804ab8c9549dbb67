/**
 * Soak (browser): the analysis review after a bots' game: a spectator watches two bots play Finkel's
 * Ur, then Ulwan, to its end (the GM page's clock runs the bots at once) and sees the review, which
 * fits a 1024-pixel page. Moved here from tests/browser/ulwan-analysis.test.ts (which keeps the
 * win-chance bar and its secrecy): a bots' game played to its end is long, and the review's lines
 * are the unit tests' (tests/rules/ulwan).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../../browser/axe";
import { RESULTS, runClockUntil, serveStandalone } from "../../browser/standalone";
import { createAnalysisTable as createTable } from "../../browser/ulwan-analysis";

const table = serveStandalone();
const win = (page: Page, game: string) => page.locator(`[data-window][data-game="${game}"]`);

describe("the Ulwan analysis option: the review after the game", () => {
  it("Finkel's Ur: the spectator sees the review after a bots' game, inside a 1024-pixel page", async () => {
    // A browser context of its own: the next test's tables are apart.
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=150", (page) => page.clock.install());
    const zuckuss = await tabs.open("user=Zuckuss");
    await createTable(gm, ["bot", "bot"]);
    await expect.poll(() => gm.locator("[data-table-row]").count()).toBe(1);
    await zuckuss.bringToFront();
    await zuckuss.locator("[data-table-row]").last().locator('[data-page-action="table-open"]').click();
    const window = win(zuckuss, "ulwan-finkel");
    await window.waitFor();
    // After the game: the review table, one row per move that had a choice.
    const review = window.locator("[data-review]");
    await runClockUntil(gm, async () => (await review.count()) > 0);
    expect(await review.locator("[data-review-line]").count()).toBeGreaterThan(0);
    await zuckuss.setViewportSize({ width: 1024, height: 768 });
    const overflow = await window.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The review table and the bar lie inside the 1024-pixel page, scrolled by nothing sideways.
    for (const part of [review.locator("table"), window.locator("[data-win-bar]")]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
    }
    expect(await zuckuss.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await zuckuss.screenshot({ path: `${RESULTS}/ulwan-analysis-review.png`, fullPage: true });
    await expectAccessible(zuckuss, `${RESULTS}/ulwan-analysis-review.png`);
    await tabs.context.close();
  }, 240_000);

  it("Ulwan's rules get the review too: the spectator sees it after a bots' game", async () => {
    const gm = await table().open("user=gm&botDelay=150", (page) => page.clock.install());
    const zuckuss = await table().open("user=Zuckuss");
    await createTable(gm, ["bot", "bot"], "ulwan");
    await expect.poll(() => gm.locator("[data-table-row]").count()).toBe(1);
    await zuckuss.bringToFront();
    await zuckuss.locator("[data-table-row]").last().locator('[data-page-action="table-open"]').click();
    await win(zuckuss, "ulwan").waitFor();
    const review = win(zuckuss, "ulwan").locator("[data-review]");
    await runClockUntil(gm, async () => (await review.count()) > 0);
    expect(await review.locator("[data-review-line]").count()).toBeGreaterThan(0);
    await zuckuss.screenshot({ path: `${RESULTS}/ulwan-analysis-review-ulwan.png`, fullPage: true });
    await expectAccessible(zuckuss, `${RESULTS}/ulwan-analysis-review-ulwan.png`);
  }, 240_000);
});
