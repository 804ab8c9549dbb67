/**
 * The table flow players expect, on the standalone page (issue 27): when a match ends, each window
 * shows who won and each seat's net; each seated player votes with "Play again" (a spectator sees
 * the votes and no button); the last vote deals the table again with the same seats, in every tab,
 * in English (German: tests/soak/browser/german.soak.test.ts). The GM gives a seat to another user mid-game. Screenshots in
 * test-results/play-again-*.png and seat-user.png.
 */
import { describe, expect, it } from "vitest";
import { playAgainFlow } from "./play-again";
import { RESULTS, openPages, serveStandalone, tabsIn, seatGame } from "./standalone";
import { SUPER_SIMPLIFIED, superSimplifiedWindow } from "./super-simplified";

const table = serveStandalone();
const GAME = SUPER_SIMPLIFIED;
const win = superSimplifiedWindow;

describe("standalone page: a seat given to another user", () => {
  it("the GM gives Han's seat to player3 mid-game, confirmed; player3 then plays it", async () => {
    const tabs = await tabsIn(table(), "en");
    const [gm, han, other] = await openPages(tabs, ["user=gm&botDelay=0", "user=player1", "user=player3"]);
    await seatGame(gm!, GAME, { player1: "Han", player2: "Greedo" });
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
  // Four tabs and a whole match by clicking: more than the default on a busy two-core machine. The
  // same flow in German: tests/soak/browser/german.soak.test.ts.
  it("both players vote to play again and the table is dealt again for them (en)", async () => {
    await playAgainFlow(table(), "en");
  }, 240_000);
});
