/**
 * Replays in real Chromium: a Sabacc table and an Ulwan table are finished by bots (the player's seat
 * handed to a bot by the GM), then replayed as the GM (every hand) and as the player (their own hand
 * only, others hidden), stepped and slid through, played, exported and imported again; a tampered
 * file is refused with its reason. Screenshots in test-results/. An Ulwan table replayed at the
 * fastest speed to its end: tests/soak/browser/replay-ulwan.soak.test.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { finishWithBots as finishWithBotsAs, replayStep } from "./replays";
import { RESULTS, openPages, serveStandalone } from "./standalone";

const table = serveStandalone();
let gm: Page;
let han: Page;

const replayWin = (page: Page) => page.locator("[data-replay-window]");
const step = (page: Page) => replayStep(page, replayWin);
const hiddenHands = (page: Page) => replayWin(page).locator('[data-replay-board] [data-hand="hidden"]').count();
const finishWithBots = (gameId: string, seats: number) => finishWithBotsAs(gm, gameId, seats);

describe("replays", () => {
  it("replays a Sabacc table as the GM and as the player, exports and imports it", async () => {
    [gm, han] = (await openPages(table(), ["user=gm&botDelay=0", "user=player1"])) as [Page, Page];
    await finishWithBots("sabacc-super-simplified", 3);
    const row = gm.locator("[data-replay-row]").first();
    await row.waitFor({ timeout: 20_000 });
    await row.locator('[data-replay-action="open"]').click();
    await expect.poll(() => step(gm)).toBe(0);

    // As Han (chosen by the GM): step forward until another seat's hand is hidden from him.
    await gm.selectOption("[data-replay-viewer-choice]", { label: "Han" });
    const last = Number(await replayWin(gm).locator("[data-replay-slider]").getAttribute("max"));
    expect(last).toBeGreaterThan(3);
    let hiddenAt = -1;
    for (let i = 1; i <= last && hiddenAt < 0; i++) {
      await replayWin(gm).locator('[data-replay-action="forward"]').click();
      await expect.poll(() => step(gm)).toBe(i);
      if ((await hiddenHands(gm)) > 0) hiddenAt = i;
    }
    expect(hiddenAt).toBeGreaterThan(0);
    await gm.screenshot({ path: `${RESULTS}/replay-sabacc-as-player.png` });
    // The GM's own eyes at the same step: no hand hidden.
    await gm.selectOption("[data-replay-viewer-choice]", "gm");
    expect(await hiddenHands(gm)).toBe(0);
    await gm.screenshot({ path: `${RESULTS}/replay-sabacc-as-gm.png` });
    await expectAccessible(gm, `${RESULTS}/replay-sabacc-as-gm.png`);
    // Back, and the slider to the end.
    await replayWin(gm).locator('[data-replay-action="back"]').click();
    await expect.poll(() => step(gm)).toBe(hiddenAt - 1);
    await replayWin(gm).locator("[data-replay-slider]").fill(String(last));
    await expect.poll(() => step(gm)).toBe(last);
    await expect.poll(() => replayWin(gm).locator('[data-replay-action="forward"]').isDisabled()).toBe(true);

    // The player's page lists the table they sat at and shows it through their own seat only.
    await han.bringToFront();
    const hanRow = han.locator("[data-replay-row]").first();
    await hanRow.waitFor({ timeout: 10_000 });
    expect(await hanRow.locator('[data-replay-action="export"]').count()).toBe(0);
    await hanRow.locator('[data-replay-action="open"]').click();
    expect(await han.locator("[data-replay-viewer-choice]").count()).toBe(0);
    expect(await replayWin(han).locator("[data-replay-viewer]").textContent()).toBe("Han");
    await replayWin(han).locator("[data-replay-slider]").fill(String(hiddenAt));
    await expect.poll(() => step(han)).toBe(hiddenAt);
    expect(await hiddenHands(han)).toBeGreaterThan(0);
    await han.screenshot({ path: `${RESULTS}/replay-sabacc-player-page.png` });
    await expectAccessible(han, `${RESULTS}/replay-sabacc-player-page.png`);

    // Export, then import the file again; a tampered copy is refused with its reason.
    await gm.bringToFront();
    const [download] = await Promise.all([
      gm.waitForEvent("download"),
      replayWin(gm).locator('[data-replay-action="export"]').click(),
    ]);
    const file = `${RESULTS}/replay-sabacc-record.json`;
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, "utf8")) as { record: { log: { dice: number[] }[] } };
    const tampered = structuredClone(exported);
    const entry = tampered.record.log.find((e, i) => i > 0 && e.dice.length > 0);
    if (!entry) throw new Error("no dice in the record");
    entry.dice = entry.dice.map((d) => (d === 1 ? 2 : 1));
    writeFileSync(`${RESULTS}/replay-sabacc-tampered.json`, JSON.stringify(tampered));
    await gm.setInputFiles("[data-replay-import]", `${RESULTS}/replay-sabacc-tampered.json`);
    await expect.poll(() => gm.locator("[data-replay-error]").textContent()).toContain("does not replay");
    await gm.screenshot({ path: `${RESULTS}/replay-import-refused.png` });
    await gm.setInputFiles("[data-replay-import]", file);
    await expect.poll(() => gm.locator("[data-replay-error]").textContent()).toBe("");
    await expect.poll(() => step(gm)).toBe(0);
    expect(await gm.locator("[data-replay-row]").filter({ hasText: "Imported" }).count()).toBe(1);
  });
});
