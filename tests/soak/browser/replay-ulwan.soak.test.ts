/**
 * Soak (browser): an Ulwan table finished by bots, replayed as the GM at the fastest speed to its end
 * and as the player. Moved here from tests/browser/replay.test.ts (which replays a Sabacc table): a
 * bots' Ulwan game played to its end is long; replays are the unit tests' too (tests/apps/replay.test.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { finishWithBots as finishWithBotsAs, replayStep } from "../../browser/replays";
import { RESULTS, openPages, serveStandalone } from "../../browser/standalone";

const table = serveStandalone();
let gm: Page;
let han: Page;
const replayWin = (page: Page) => page.locator("[data-replay-window]");
const step = (page: Page) => replayStep(page, replayWin);
const finishWithBots = (gameId: string, seats: number) => finishWithBotsAs(gm, gameId, seats);

describe("replays, to the end", () => {
  it("replays an Ulwan table, played at the fastest speed to its end", async () => {
    [gm, han] = (await openPages(table(), ["user=gm&botDelay=0", "user=player1"])) as [Page, Page];
    await finishWithBots("ulwan", 2);
    const row = gm.locator("[data-replay-row]").filter({ hasText: "Ulwan" }).first();
    // The bots play a whole Ulwan game first: on a busy machine that can take more than half a minute.
    await row.waitFor({ timeout: 150_000 });
    await row.locator('[data-replay-action="open"]').click();
    const last = Number(await replayWin(gm).locator("[data-replay-slider]").getAttribute("max"));
    await replayWin(gm)
      .locator("[data-replay-slider]")
      .fill(String(Math.max(0, last - 4)));
    await gm.selectOption("[data-replay-speed]", "250");
    await replayWin(gm).locator('[data-replay-action="play"]').click();
    await expect.poll(() => step(gm), { timeout: 10_000 }).toBe(last);
    await expect.poll(() => replayWin(gm).locator('[data-replay-action="play"]').isDisabled()).toBe(true);
    await gm.screenshot({ path: `${RESULTS}/replay-ulwan-gm.png` });
    await han.bringToFront();
    const hanRow = han.locator("[data-replay-row]").filter({ hasText: "Ulwan" }).first();
    await hanRow.waitFor({ timeout: 10_000 });
    await hanRow.locator('[data-replay-action="open"]').click();
    await replayWin(han).locator('[data-replay-action="last"]').click();
    await expect.poll(() => step(han)).toBe(last);
    await han.screenshot({ path: `${RESULTS}/replay-ulwan-player.png` });
  }, 240_000);
});
