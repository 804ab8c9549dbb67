/**
 * The play-again flow of issue 27 on the standalone page: Han and Greedo play Super Simplified Sabacc
 * to its end by clicking; the end panel shows the winner and each seat's net; each votes "Play again"
 * (a spectator sees the votes and no button); the last vote deals the table again in every tab.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { expectAccessible } from "./axe";
import { RESULTS, type Standalone, openPages, tabsIn, seatGame } from "./standalone";
import { SUPER_SIMPLIFIED, playToTheEnd, superSimplifiedWindow as win } from "./super-simplified";

const GAME = SUPER_SIMPLIFIED;

/** Plays the flow in `lang` in a browser context of its own (screenshots test-results/play-again-end-<lang>.png). */
export async function playAgainFlow(table: Standalone, lang: "en" | "de"): Promise<void> {
  const dict = lang === "de" ? de : en;
  const words = dict.CANTINA.PlayAgain;
  const tabs = await tabsIn(table, lang);
  const [gm, han, greedo, watcher] = await openPages(tabs, [
    "user=gm&botDelay=0",
    "user=player1",
    "user=player2",
    "user=player3",
  ]);
  await seatGame(gm!, GAME, { player1: "Han", player2: "Greedo" });
  await gm!.click('[data-page-action="lobby-create"]');
  await expect.poll(() => win(han!).count()).toBe(1);
  await expect.poll(() => win(greedo!).count()).toBe(1);
  await playToTheEnd([han!, greedo!]);

  const panel = win(han!).locator("[data-end-summary]");
  expect(await panel.locator("h3").textContent()).toBe(words.Title);
  // Who won, the game's own line says; the panel stars the winner's row.
  expect(await panel.locator(".cantina-end-won th").first().textContent()).toMatch(/Han|Greedo/);
  const nets = await panel.locator("[data-end-net]").allTextContents();
  // The money column: each seat's signed net (a split pot that moved nothing has none).
  expect([0, 2]).toContain(nets.length);
  for (const net of nets) expect(net).toMatch(/^[+−±]\d+$/);
  await han!.screenshot({ path: `${RESULTS}/play-again-end-${lang}.png` });

  const vote = (page: Page) => win(page).locator('[data-op="play-again"]');
  const oldTable = await win(han!).getAttribute("data-window");
  await vote(han!).click();
  // Han's vote shows everywhere; he is offered no second vote, a spectator none at all.
  const counted = words.Votes.replace("{votes}", "1").replace("{voters}", "2");
  await expect.poll(() => win(greedo!).locator("[data-play-again-votes]").textContent()).toContain(counted);
  await expect.poll(() => vote(han!).count()).toBe(0);
  await watcher!.click(`[data-page-action="table-open"][data-table-id="${oldTable}"]`);
  await expect.poll(() => win(watcher!).locator("[data-play-again-votes]").textContent()).toContain(counted);
  expect(await vote(watcher!).count()).toBe(0);
  if (lang === "en") await expectAccessible(han!, `[data-window="${oldTable}"]`);

  await vote(greedo!).click();
  // The last vote deals again: a new table with the same seats, the old one gone, in each player's tab.
  for (const page of [han!, greedo!]) {
    await expect.poll(() => page.locator(`[data-window="${oldTable}"]`).count()).toBe(0);
    await expect.poll(() => win(page).count()).toBe(1);
    expect(await win(page).locator("[data-end-summary]").count()).toBe(0);
  }
  expect(await win(han!).getAttribute("data-window")).not.toBe(oldTable);
  await tabs.context.close();
}
