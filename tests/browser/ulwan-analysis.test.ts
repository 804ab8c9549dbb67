/**
 * The Ulwan family's analysis option in real Chromium: a spectator watches two bots play Finkel's
 * Ur with the win-chance bar moving, while a seated player at another table with analysis on neither
 * sees the bar nor receives the chances. Screenshots in test-results/. The review after a bots' game
 * played to its end (Finkel's Ur's and Ulwan's) is in tests/soak/browser/ulwan-review.soak.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, serveStandalone } from "./standalone";
import { createAnalysisTable as createTable } from "./ulwan-analysis";

const table = serveStandalone();

let gm: Page;
let zuckuss: Page;

const win = (page: Page, game = "ulwan-finkel") => page.locator(`[data-window][data-game="${game}"]`);

/** Opens a page as `user`, recording every packet of the tab channel addressed to that user. */
async function openRecording(user: string): Promise<Page> {
  const page = await table().context.newPage();
  await page.addInitScript((me: string) => {
    const received: string[] = [];
    (window as unknown as { received: string[] }).received = received;
    const Original = window.BroadcastChannel;
    window.BroadcastChannel = class extends Original {
      constructor(name: string) {
        super(name);
        this.addEventListener("message", (ev: MessageEvent<{ to?: string }>) => {
          if (ev.data?.to === me) received.push(JSON.stringify(ev.data));
        });
      }
    };
  }, user);
  await page.goto(`${table().url}?user=${user}`);
  await page.waitForSelector("[data-user]");
  return page;
}

const received = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { received: string[] }).received);

describe("standalone table: the Ulwan analysis option", () => {
  it("a spectator sees the win chances move; a seated player never gets the chances", async () => {
    // The bots move every 150 ms while the spectator watches the bar.
    gm = await table().open("user=gm&botDelay=150");
    const han = await openRecording("player1");
    zuckuss = await openRecording("Zuckuss");

    // A table of two bots, then a table where Han plays a bot: both with analysis on.
    await createTable(gm, ["bot", "bot"]);
    await expect.poll(() => gm.locator("[data-table-row]").count()).toBe(1);
    await createTable(gm, ["player1", "bot"]);
    await expect.poll(() => gm.locator("[data-table-row]").count()).toBe(2);

    // Han opens his table and rolls: no bar in his window.
    await han.bringToFront();
    await han.locator("[data-table-row]").last().locator('[data-page-action="table-open"]').click();
    await win(han).waitFor();
    const hanRoll = win(han).locator('[data-action="roll"]');
    if ((await hanRoll.count()) > 0) await hanRoll.click();
    await han.screenshot({ path: `${RESULTS}/ulwan-analysis-player.png` });
    expect(await han.locator("[data-win-bar]").count()).toBe(0);
    await expectAccessible(han, `${RESULTS}/ulwan-analysis-player.png`);

    // Zuckuss, a spectator, watches the bots: the bar is there and its value changes during play.
    await zuckuss.bringToFront();
    await zuckuss.locator("[data-table-row]").first().locator('[data-page-action="table-open"]').click();
    const meter = win(zuckuss).locator("[data-win-bar] meter");
    await meter.waitFor();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const pct = await meter.getAttribute("data-win-chance").catch(() => null);
          if (pct !== null) seen.add(pct);
          return seen.size;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBeGreaterThan(2);
    for (const pct of seen) expect(Number(pct)).toBeGreaterThanOrEqual(0);
    for (const pct of seen) expect(Number(pct)).toBeLessThanOrEqual(100);
    await zuckuss.screenshot({ path: `${RESULTS}/ulwan-analysis-spectator.png` });
    await expectAccessible(zuckuss, `${RESULTS}/ulwan-analysis-spectator.png`);

    // During play Han's page received views of his table, none of them with win chances.
    expect(await han.locator("[data-win-bar]").count()).toBe(0);
    // (He may watch the bots' table, where he is not seated: those views may carry them.)
    const atHisTable = (await received(han)).filter((p) => p.includes('"userId":"player1"'));
    expect(atHisTable.length).toBeGreaterThan(0);
    expect(atHisTable.filter((p) => p.includes("winChances")).length).toBe(0);
    // The spectator's did carry them.
    expect((await received(zuckuss)).some((p) => p.includes("winChances"))).toBe(true);
  }, 120_000);
});
