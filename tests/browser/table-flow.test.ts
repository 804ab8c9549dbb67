/**
 * The table flow players expect, on the standalone page (issue 27): when a match ends, each window
 * shows who won and each seat's net; each seated player votes with "Play again" (a spectator sees
 * the votes and no button); the last vote deals the table again with the same seats, in every tab,
 * in English and German. The GM gives a seat to another user mid-game. Screenshots in
 * test-results/play-again-*.png and seat-user.png.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { expectAccessible } from "./axe";
import { RESULTS, openPages, seatPeople, serveStandalone, tabsIn } from "./standalone";
import { SUPER_SIMPLIFIED, playToTheEnd, superSimplifiedWindow } from "./super-simplified";

const table = serveStandalone();
const GAME = SUPER_SIMPLIFIED;
const win = superSimplifiedWindow;

describe("standalone page: a seat given to another user", () => {
  it("the GM gives Han's seat to player3 mid-game, confirmed; player3 then plays it", async () => {
    const tabs = await tabsIn(table(), "en");
    const [gm, han, other] = await openPages(tabs, ["user=gm&botDelay=0", "user=player1", "user=player3"]);
    await gm!.selectOption('select[name="gameId"]', GAME);
    await gm!.selectOption('select[name="seatCount"]', "2");
    await seatPeople(gm!, { player1: "Han", player2: "Greedo" });
    await gm!.click('[data-page-action="lobby-create"]');
    await expect.poll(() => win(gm!).count()).toBe(1);
    const row = win(gm!).locator('[data-seat-user="seat-1"]');
    await row.locator("select").selectOption("player3");
    await gm!.screenshot({ path: `${RESULTS}/seat-user.png` });
    await row.locator('[data-op="seat-user"]').click();
    await gm!.locator('dialog.cantina-confirm[open] [data-confirm="yes"]').click();
    // player3's tab opens the table as its seat, and may roll for the order; Han's may no more.
    await expect.poll(() => win(other!).locator('button[data-action="roll-order"]').count()).toBe(1);
    await expect.poll(() => win(han!).locator('button[data-action="roll-order"]').count()).toBe(0);
    await tabs.context.close();
  });
});

describe("standalone page: play again", () => {
  for (const [lang, dict] of [
    ["en", en],
    ["de", de],
  ] as const) {
    it(`both players vote to play again and the table is dealt again for them (${lang})`, async () => {
      const words = dict.CANTINA.PlayAgain;
      const tabs = await tabsIn(table(), lang);
      const [gm, han, greedo, watcher] = await openPages(tabs, [
        "user=gm&botDelay=0",
        "user=player1",
        "user=player2",
        "user=player3",
      ]);
      await gm!.selectOption('select[name="gameId"]', GAME);
      await gm!.selectOption('select[name="seatCount"]', "2");
      await seatPeople(gm!, { player1: "Han", player2: "Greedo" });
      await gm!.click('[data-page-action="lobby-create"]');
      await expect.poll(() => win(han!).count()).toBe(1);
      await expect.poll(() => win(greedo!).count()).toBe(1);
      await playToTheEnd([han!, greedo!]);

      const panel = win(han!).locator("[data-end-summary]");
      expect(await panel.locator("h3").textContent()).toBe(words.Title);
      expect(await panel.locator("[data-end-winners]").textContent()).toMatch(/Han|Greedo/);
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
      // Four tabs and a whole match by clicking: more than the default on a busy two-core machine.
    }, 240_000);
  }
});
