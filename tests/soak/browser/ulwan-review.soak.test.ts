/**
 * Soak (browser): Ulwan's own rules get the analysis review too: a spectator watches two bots play
 * Ulwan to its end (the GM page's clock runs the bots at once) and sees the review. Moved here from
 * tests/browser/ulwan-analysis.test.ts (which shows the review after a Finkel's Ur game): a bots' game
 * played to its end is long, and the review's lines are the unit tests' (tests/rules/ulwan).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../../browser/axe";
import { RESULTS, runClockUntil, serveStandalone } from "../../browser/standalone";
import { createAnalysisTable as createTable } from "../../browser/ulwan-analysis";

const table = serveStandalone();
const win = (page: Page, game: string) => page.locator(`[data-window][data-game="${game}"]`);

describe("the Ulwan analysis option on Ulwan's own rules", () => {
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
