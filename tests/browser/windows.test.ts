/**
 * Every game's window in every view, at 1024×768: the GM creates a table of each game of the
 * registry (player1 in the first seat, bots in the others) and the GM, the player and a spectator
 * look at it. Each page passes axe-core, fits, draws its symbols as SVG (no font's glyph) and is
 * screenshot in test-results/.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { expectAccessible } from "./axe";
import { RESULTS, openPages, serveStandalone } from "./standalone";

const table = serveStandalone();
let gm: Page;
let player: Page;
let spectator: Page;

const SMALL = { width: 1024, height: 768 };

/** What sticks out sideways: the page, or a window, panel or board wider than its box. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`page ${document.documentElement.scrollWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>("[data-window], [data-region], [data-board]"))
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(
          `${el.dataset.window ? "window" : (el.dataset.region ?? "board")} ${el.scrollWidth}>${el.clientWidth}`,
        );
    return out;
  });
}

/**
 * The characters of a window's text outside Latin (with its extensions), general punctuation and the
 * four plain arrows (←↑→↓, in every text font): symbols such as ⛰, ● or ⚀, which show as empty boxes
 * without a font that has them (issue 17).
 */
function symbolCharacters(el: Element): string[] {
  return [...new Set(el.textContent?.match(/[^\t\n\r\u0020-\u024f\u2000-\u206f\u2190-\u2193]/gu) ?? [])];
}

beforeAll(async () => {
  // Bots never move here: each window is looked at as the table opens.
  [gm, player, spectator] = (await openPages(table(), ["user=gm&botDelay=100000", "user=player1", "user=player3"])) as [
    Page,
    Page,
    Page,
  ];
  for (const page of [gm, player, spectator]) await page.setViewportSize(SMALL);
});

describe("every window of every game, at 1024×768", () => {
  it("the lobby and the ledger pass axe-core", async () => {
    await gm.bringToFront();
    await expectAccessible(gm, "the GM's lobby");
    await expectAccessible(player, "a player's page");
    await gm.screenshot({ path: `${RESULTS}/small-lobby.png` });
    expect.soft(await overflows(gm)).toEqual([]);
  });

  for (const gameId of Object.keys(games)) {
    it(`${gameId}: the GM's, the player's and a spectator's window pass axe-core and fit`, async () => {
      await gm.bringToFront();
      await gm.selectOption('select[name="gameId"]', gameId);
      const seats = await gm.locator("[data-lobby-seat]").count();
      await gm.selectOption('select[name="seat0.kind"]', "person");
      await gm.selectOption('select[name="seat0.userId"]', "player1");
      for (let i = 1; i < seats; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
      // Small antes, so that the ledger's starting credits pay them at every table.
      for (const ante of await gm.locator('input[name^="option."][name$="Ante"]').all()) await ante.fill("10");
      await gm.click('[data-page-action="lobby-create"]');
      const lobbyError = await gm.locator("[data-lobby-error]").textContent();
      expect(lobbyError?.trim() ?? "", `${gameId}: the lobby's error`).toBe("");
      const gameWindow = (page: Page) => page.locator(`[data-window][data-game="${gameId}"]`).last();
      await gameWindow(gm).waitFor();
      await gameWindow(player).waitFor();
      await spectator.bringToFront();
      await spectator.locator('[data-page-action="table-open"]').last().click();
      await gameWindow(spectator).waitFor();
      const problems: string[] = [];
      for (const [page, who] of [
        [gm, "gm"],
        [player, "player"],
        [spectator, "spectator"],
      ] as const) {
        await page.bringToFront();
        await gameWindow(page).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${RESULTS}/small-${gameId}-${who}.png` });
        await expectAccessible(page, `${gameId}, ${who}`).catch((e: Error) => problems.push(e.message));
        for (const o of await overflows(page)) problems.push(`${who}: overflow ${o}`);
        const glyphs = await gameWindow(page).evaluate(symbolCharacters);
        if (glyphs.length > 0) problems.push(`${who}: symbols drawn with a font: ${glyphs.join(" ")}`);
        if (who === "player") {
          // A player's own controls are on screen without scrolling the page, before and after a roll
          // (the dice and the moves it offers take room too).
          const controlsBottom = async () => {
            await page.evaluate(() => window.scrollTo(0, 0));
            return gameWindow(page)
              .locator(".cantina-controls")
              .first()
              .evaluate((el) => el.getBoundingClientRect().bottom);
          };
          const bottom = await controlsBottom();
          if (bottom > SMALL.height) problems.push(`player: controls end at ${bottom} px, below the fold`);
          const roll = gameWindow(page).locator('.cantina-controls [data-action="roll"]');
          if ((await roll.count()) > 0) {
            const status = gameWindow(page).locator("[data-status]").first();
            const before = await status.textContent();
            await roll.first().click();
            await expect.poll(() => status.textContent()).not.toBe(before);
            const rolled = await controlsBottom();
            const shown = await gameWindow(page).evaluate(symbolCharacters);
            if (shown.length > 0) problems.push(`player, after a roll: symbols drawn with a font: ${shown.join(" ")}`);
            if (rolled > SMALL.height) problems.push(`player: after a roll, controls end at ${rolled} px`);
            await page.screenshot({ path: `${RESULTS}/small-${gameId}-player-rolled.png` });
          }
        }
      }
      // Close the windows again so that the next game's window is the one on screen.
      for (const page of [gm, player, spectator])
        await gameWindow(page).locator('[data-page-action="table-close"]').click();
      // End the table: its seats' purses go back to the ledger for the next game.
      await gm.bringToFront();
      await gm.locator('[data-page-action="table-end"]').last().click();
      await gm.locator('dialog.cantina-confirm [data-confirm="yes"]').click();
      await gm.locator(".cantina-confirm").waitFor({ state: "detached" });
      expect(problems).toEqual([]);
    });
  }
});
