/**
 * The seat lobby and the watchers list on the standalone page (issue 27): the GM opens a table whose
 * invited players sit down themselves; it waits, then starts when the second sits down and is played
 * (its first moves); a spectator who opens the window sees itself listed. Screenshots in test-results/seat-lobby-*.png.
 */
import { describe, expect, it } from "vitest";
import { RESULTS, openPages, serveStandalone, settled, tabsIn, seatGame } from "./standalone";
import { SUPER_SIMPLIFIED, superSimplifiedWindow } from "./super-simplified";

const table = serveStandalone();
const GAME = SUPER_SIMPLIFIED;
const win = superSimplifiedWindow;

describe("standalone page: the seat lobby and the watchers list", () => {
  it("invited players sit down themselves, the table starts with the second and is played; a watcher sees itself listed", async () => {
    const tabs = await tabsIn(table(), "en");
    const [gm, han, lando, watcher] = await openPages(tabs, [
      "user=gm&botDelay=0",
      "user=player1",
      "user=player2",
      "user=player3",
    ]);
    await seatGame(gm!, GAME, { player1: "Han", player2: "Lando" });
    await gm!.check('input[name="sitDown"]');
    await gm!.click('[data-page-action="lobby-create"]');
    // Each invited player's window opens on the lobby; the table waits for both.
    await expect.poll(() => win(han!).locator("[data-lobby-waiting]").textContent()).toContain("Waiting for 2 players");
    await expect.poll(() => win(gm!).locator('[data-op="lobby-start"]').count()).toBe(1);
    expect(await win(han!).locator('button[data-action="roll-order"]').count()).toBe(0);
    // The watcher opens the table from the list and is listed to everyone who has it open.
    await watcher!.locator('[data-page-action="table-open"]').first().click();
    await expect.poll(() => win(watcher!).locator("[data-watchers]").textContent()).toContain("player3");
    await expect.poll(() => win(han!).locator("[data-watchers]").textContent()).toContain("player3");
    await win(han!).locator('[data-lobby-seat="seat-1"] [data-op="sit-down"]').click();
    await expect
      .poll(() => win(lando!).locator("[data-lobby-waiting]").textContent())
      .toContain("Waiting for 1 player");
    await expect
      .poll(() => win(lando!).locator('[data-lobby-seat="seat-1"]').getAttribute("data-lobby-state"))
      .toBe("seated");
    await lando!.screenshot({ path: `${RESULTS}/seat-lobby-waiting.png` });
    await win(lando!).locator('[data-lobby-seat="seat-2"] [data-op="sit-down"]').click();
    // The last sit-down starts the game in every tab.
    await expect.poll(() => win(han!).locator("[data-seat-lobby]").count()).toBe(0);
    await expect.poll(() => win(watcher!).locator("[data-seat-lobby]").count()).toBe(0);
    // The seated players play it (a whole match to its end: table-flow.test.ts plays one).
    for (const player of [han!, lando!]) {
      await player.bringToFront();
      await settled(player);
      await win(player).locator('button[data-action="roll-order"]').click();
      await expect.poll(() => win(player).locator('button[data-action="roll-order"]').count()).toBe(0);
    }
    expect(await win(watcher!).locator("[data-watchers]").textContent()).toContain("player3");
    await watcher!.screenshot({ path: `${RESULTS}/seat-lobby-watcher.png` });
    await tabs.context.close();
  });
});
