/**
 * Replays in the standalone page, for the browser tests that look at them (replay and its soak run):
 * a table finished by bots, and the replay window's step.
 */
import type { Locator, Page } from "playwright-core";

/** The step the replay window shows. */
export async function replayStep(page: Page, replayWin: (page: Page) => Locator): Promise<number> {
  return Number(await replayWin(page).getAttribute("data-step"));
}

/** The GM sets up a table of the player and bots (`options`: the form's option fields), then hands the player's seat to a bot: bots finish it. */
export async function finishWithBots(
  gm: Page,
  gameId: string,
  seats: number,
  options: Readonly<Record<string, string>> = {},
): Promise<void> {
  await gm.bringToFront();
  await gm.selectOption('select[name="gameId"]', gameId);
  await gm.selectOption('select[name="seatCount"]', String(seats));
  for (const [key, value] of Object.entries(options)) await gm.fill(`input[name="option.${key}"]`, value);
  await gm.selectOption('select[name="seat0.userId"]', "player1");
  await gm.fill('input[name="seat0.name"]', "Han");
  for (let i = 1; i < seats; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  await gm.click('[data-page-action="lobby-create"]');
  const row = gm.locator("[data-table-row]").last();
  await row.locator('[data-page-action="table-open"]').click();
  await gm.locator('[data-window] [data-op="seat-bot"]').first().click();
}
