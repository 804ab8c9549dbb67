/**
 * Every game's window in every view, at 1024×768: the GM creates a table of each game of the
 * registry (player1 in the first seat, bots in the others) and the GM, the player and a spectator
 * look at it. Each page passes axe-core, fits, draws its symbols as SVG (no font's glyph) and is
 * screenshot in test-results/. On a wide screen the windows stand side by side, can be minimised
 * or closed for good (both kept after a reload), and a window that opens is scrolled into view.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { expectAccessible } from "./axe";
import { RESULTS, openPages, serveStandalone, tabsIn } from "./standalone";

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
        // The whole page for the player; the GM's and the spectator's window alone (their pages' other
        // regions are the lobby's and the ledger's, checked above).
        const scope = who === "player" ? undefined : `[data-window][data-game="${gameId}"]`;
        await expectAccessible(page, `${gameId}, ${who}`, scope).catch((e: Error) => problems.push(e.message));
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

describe("the page's windows: a grid, minimised, closed for good, the newest in view (issue 27)", () => {
  it("windows stand side by side at 1920 px, stay minimised or closed after a reload, and a new one is in view", async () => {
    const tabs = await tabsIn(table(), "en");
    const [host, seated] = (await openPages(tabs, ["user=gm&botDelay=100000", "user=player1"])) as [Page, Page];
    await seated.setViewportSize({ width: 1920, height: 1080 });
    // A game without credits: the same player sits at three tables at once.
    const gameId = "takat";
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      await host.bringToFront();
      await host.selectOption('select[name="gameId"]', gameId);
      const seats = await host.locator("[data-lobby-seat]").count();
      await host.selectOption('select[name="seat0.kind"]', "person");
      await host.selectOption('select[name="seat0.userId"]', "player1");
      // Each table's seat named apart: windows of one game are told apart by their players (landmarks).
      await host.fill('input[name="seat0.name"]', `Tova ${n + 1}`);
      for (let i = 1; i < seats; i++) await host.selectOption(`select[name="seat${i}.kind"]`, "bot");
      await host.click('[data-page-action="lobby-create"]');
      await expect.poll(() => seated.locator("[data-window]").count()).toBe(n + 1);
      ids.push((await seated.locator("[data-window]").last().getAttribute("data-window")) ?? "");
    }
    await seated.bringToFront();
    const windowOf = (id: string) => seated.locator(`[data-window="${id}"]`);
    const inView = (id: string) =>
      windowOf(id).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      });
    // The newest window opened by itself in view.
    expect(await inView(ids[2]!)).toBe(true);
    const [first, second] = [await windowOf(ids[0]!).boundingBox(), await windowOf(ids[1]!).boundingBox()];
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    await seated.screenshot({ path: `${RESULTS}/windows-grid-1920.png` });

    // Minimised: the bar alone, also after a reload; the same button brings the window back.
    await windowOf(ids[0]!).locator('[data-page-action="table-minimise"]').click();
    await expect.poll(() => windowOf(ids[0]!).locator(".cantina-window-body").isHidden()).toBe(true);
    // Closed: gone, also after a reload.
    await windowOf(ids[1]!).locator('[data-page-action="table-close"]').click();
    await expect.poll(() => windowOf(ids[1]!).count()).toBe(0);
    await seated.reload();
    await windowOf(ids[2]!).waitFor();
    expect(await windowOf(ids[1]!).count()).toBe(0);
    expect(await windowOf(ids[0]!).locator(".cantina-window-body").isHidden()).toBe(true);
    expect(await windowOf(ids[0]!).locator('[data-page-action="table-minimise"]').getAttribute("aria-expanded")).toBe(
      "false",
    );
    await expectAccessible(seated, "the page with a minimised window");
    await windowOf(ids[0]!).locator('[data-page-action="table-minimise"]').click();
    await expect.poll(() => windowOf(ids[0]!).locator(".cantina-window-body").isVisible()).toBe(true);

    // The table list opens the closed window again, in view.
    await seated.locator(`[data-page-action="table-open"][data-table-id="${ids[1]}"]`).click();
    await windowOf(ids[1]!).waitFor();
    expect(await inView(ids[1]!)).toBe(true);
    await host.close();
    await seated.close();
  });
});
