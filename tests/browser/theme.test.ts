/**
 * The standalone page's light and dark themes (styles/theme.css, src/standalone/theme.ts, issue 24):
 * dark by default, the head's toggle works from the keyboard and is kept over a reload, and axe finds
 * no contrast problem in either theme with a game window and its help open. Screenshots in test-results/.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, openGmAndTwoPlayers, serveStandalone, seatGame } from "./standalone";

const table = serveStandalone();

function theme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.cantinaTheme);
}

describe("the standalone page's themes", () => {
  it("is dark by default, switches to light from the keyboard, keeps it, and reads well in both", async () => {
    const { gm, first } = await openGmAndTwoPlayers(table());
    await seatGame(gm, "sabacc-super-simplified", { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');
    const window = first.locator("[data-window]").first();
    await window.waitFor();
    await window.locator('[data-action="tableHelp"]').click();
    await first.locator(".cantina-help").first().waitFor();

    expect(await theme(first)).toBe("dark");
    const toggle = first.locator("[data-theme-toggle]");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await expectAccessible(first, "player1, dark theme");
    await first.screenshot({ path: `${RESULTS}/theme-dark.png`, fullPage: true });

    await toggle.focus();
    await first.keyboard.press("Enter");
    expect(await theme(first)).toBe("light");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    const ground = await first.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(ground).toBe("rgb(243, 239, 226)");
    await expectAccessible(first, "player1, light theme");
    await first.screenshot({ path: `${RESULTS}/theme-light.png`, fullPage: true });

    await first.reload();
    await first.locator("[data-window]").first().waitFor();
    expect(await theme(first)).toBe("light");
    expect(await first.locator("[data-theme-toggle]").getAttribute("aria-pressed")).toBe("false");
    // Another user's page in the same browser shares the choice; ?theme= overrides it for one page.
    expect(await theme(gm)).toBe("dark");
    await gm.goto(gm.url().replace("user=gm", "theme=light&user=gm"));
    expect(await theme(gm)).toBe("light");
  });
});
