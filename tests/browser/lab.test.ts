/**
 * The balance lab in real Chromium: the GM opens it from the page's button, picks a two-player game
 * with bots, a bot per side and a few games, runs them (progress, then the figures by side), cancels a
 * longer run, and the page passes axe-core; a player's page has no lab. Screenshot in test-results/.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, serveStandalone } from "./standalone";

const table = serveStandalone();
let gm: Page;

const lab = (page: Page) => page.locator("[data-lab]");

beforeAll(async () => {
  gm = await table().open("user=gm");
});

describe("balance lab (GM)", () => {
  it("is not offered to a player", async () => {
    const player = await table().open("user=player1");
    expect(await player.locator('[data-page-action="lab-open"]').count()).toBe(0);
    await player.close();
  });

  it("runs a small batch and shows each side's figures", async () => {
    await gm.bringToFront();
    await gm.locator('[data-page-action="lab-open"]').click();
    await expect.poll(() => lab(gm).isVisible()).toBe(true);
    // A fast game with a "weak" level: Takat once the unequal-forces games are registered, else Hununga.
    const ids = await lab(gm)
      .locator('select[name="gameId"] option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const game = ids.includes("takat") ? "takat" : "hununga";
    expect(ids).toContain(game);
    await lab(gm).locator('select[name="gameId"]').selectOption(game);
    await expect.poll(() => lab(gm).locator('select[name="gameId"]').inputValue()).toBe(game);
    await lab(gm).locator('select[name="bot0"]').selectOption("weak");
    await lab(gm).locator('select[name="bot1"]').selectOption("weak");
    await lab(gm).locator('input[name="games"]').fill("4");
    await lab(gm).locator('button[data-action="labRun"]').click();
    await expect
      .poll(() => lab(gm).locator("[data-lab-status]").textContent(), { timeout: 60_000 })
      .toContain("4 of 4 games played. Done.");
    const rows = lab(gm).locator("[data-lab-side]");
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toMatch(/weak[\s\S]*\d+\.\d% \(\d+\.\d% to \d+\.\d%\)/);
    expect(await lab(gm).locator("[data-lab-summary]").textContent()).toMatch(/Draws: \d+\. Move limit hit: \d+/);
    await expectAccessible(gm, "the balance lab");
    await lab(gm).screenshot({ path: `${RESULTS}/lab.png` });
  });

  it("cancels a longer run between chunks", async () => {
    await lab(gm).locator('input[name="games"]').fill("5000");
    await lab(gm).locator('button[data-action="labRun"]').click();
    await expect.poll(() => lab(gm).locator('button[data-action="labCancel"]').isEnabled()).toBe(true);
    await lab(gm).locator('button[data-action="labCancel"]').click();
    await expect.poll(() => lab(gm).locator("[data-lab-status]").textContent()).toContain("Cancelled.");
    const status = (await lab(gm).locator("[data-lab-status]").textContent()) ?? "";
    const played = Number(/(\d+) of 5000/.exec(status)?.[1]);
    expect(played).toBeLessThan(5000);
    expect(await lab(gm).locator('button[data-action="labRun"]').isEnabled()).toBe(true);
  });
});
