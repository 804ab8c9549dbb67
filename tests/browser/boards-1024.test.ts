/**
 * Every board game's window at 1024×768, as a player sees it at the start and after a few moves
 * made by clicking (a bot answers each): screenshots in test-results/boards-1024-<game>-*.png, for
 * a person to look at the boards at a glance (issue 27). Each game is a table apart.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, serveStandalone, settled } from "./standalone";

const table = serveStandalone();

const BOARD_GAMES = ["ulwan", "ulwan-finkel", "seven-ulwan", "hununga", "defiance-and-domain", "porrika", "takat"];

const win = (page: Page, game: string) => page.locator(`[data-window][data-game="${game}"]`).last();

/** One move by clicking if the board offers one: a roll first where the window has one, else a source and its destination. */
async function clickAMove(page: Page, game: string): Promise<boolean> {
  await settled(page);
  const roll = win(page, game).locator('[data-action="roll"]:not([disabled])');
  if ((await roll.count()) > 0) {
    await roll.first().click();
    return true;
  }
  const board = win(page, game).locator("[data-board]");
  const sources = board.locator("[data-selectable]");
  const n = await sources.count();
  for (let i = 0; i < n; i++) {
    // A redraw (the roll's answer, the other side's move) may have left fewer sources than counted.
    if (i >= (await sources.count())) break;
    await settled(page);
    const clicked = await sources
      .nth(i)
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!clicked) continue;
    const dests = board.locator("[data-destination]");
    if ((await dests.count()) === 0) continue;
    await dests.first().click();
    const choice = win(page, game).locator("[data-choice]:visible");
    if ((await choice.count()) > 0) await choice.first().click();
    return true;
  }
  // Defiance and Domain: a turn's second half may be to leave the Commands where they stand.
  const stay = win(page, game).locator('[data-action="stay"]');
  if ((await stay.count()) > 0) {
    await stay.first().click();
    return true;
  }
  return false;
}

/** Whether the player can do something now (or the game is over). */
async function canAct(page: Page, game: string): Promise<boolean> {
  const w = win(page, game);
  const offered = await w
    .locator("[data-selectable], [data-action='roll']:not([disabled]), [data-action='stay']")
    .count();
  return offered > 0 || (await w.locator("[data-status]").textContent())?.includes("won") === true;
}

describe("every board game's window at 1024×768", () => {
  for (const game of BOARD_GAMES)
    it(`${game}: the board at the start and after a few moves`, async () => {
      const tabs = await table().newContext();
      const gm = await tabs.open("user=gm&botDelay=0");
      const ana = await tabs.open("user=player1");
      await ana.setViewportSize({ width: 1024, height: 768 });
      await gm.bringToFront();
      await gm.selectOption('select[name="gameId"]', game);
      await gm.selectOption('select[name="seat0.kind"]', "person");
      await gm.selectOption('select[name="seat0.userId"]', "player1");
      await gm.fill('input[name="seat0.name"]', "Ana");
      await gm.selectOption('select[name="seat1.kind"]', "bot");
      await gm.click('[data-page-action="lobby-create"]');
      await win(ana, game).waitFor();
      await ana.bringToFront();
      await ana.screenshot({ path: `${RESULTS}/boards-1024-${game}-start.png` });
      for (let i = 0; i < 4; i++) {
        // Wait for the bot's answer: the window offers the player something to click again.
        // (Seven Ulwan may leave the player nothing to click for a while: then the screenshot is taken as it is.)
        let ready = false;
        for (let wait = 0; wait < 60 && !ready; wait++) {
          ready = await canAct(ana, game);
          if (!ready) await ana.waitForTimeout(250);
        }
        if (!ready || !(await clickAMove(ana, game))) break;
      }
      await ana.screenshot({ path: `${RESULTS}/boards-1024-${game}-play.png` });
      expect(await win(ana, game).locator("[data-board]").count()).toBeGreaterThan(0);
      await tabs.context.close();
    });
});
