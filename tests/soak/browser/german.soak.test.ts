/**
 * Soak (browser): scenarios the default suite plays in English, here in German (`?lang=de`): a
 * 30-seat table's first round fits the page (night-thirty.test.ts), a match's money in chat, the
 * window and the ledger (money.test.ts), the play-again vote (table-flow.test.ts), an illegal click
 * on Seven Ulwan's board (night-board.test.ts) and the README's first game night (walkthrough.test.ts). Moved here from tests/browser/german.test.ts and
 * table-flow.test.ts: their German strings are the unit tests' too.
 */
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../../browser/axe";
import { illegalClicks } from "../../browser/illegal-clicks";
import { moneyMatch } from "../../browser/money-match";
import { playAgainFlow } from "../../browser/play-again";
import { RESULTS, serveStandalone } from "../../browser/standalone";
import { SEATS, clickMazTurns, openThirtySeats, scrollToWindow } from "../../browser/thirty-seats";
import { walkthrough } from "../../browser/walkthrough";

const table = serveStandalone();

describe("the standalone page's game nights in German", () => {
  it("a 30-seat table's first round in German: the window, lobby and chat fit the page", async () => {
    const tabs = await table().newContext({ lang: "de" });
    const gm = await tabs.open("user=gm&botDelay=0");
    const window = await openThirtySeats(gm, `${RESULTS}/night-thirty-lobby-de.png`);
    const lines = gm.locator("[data-chat-line]");
    await clickMazTurns(window, async () => (await lines.count()) > SEATS);
    expect(await gm.locator("[data-chat-table-label]").first().textContent()).toContain("+27");
    expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
    await scrollToWindow(gm, window);
    await gm.screenshot({ path: `${RESULTS}/night-thirty-window-de.png` });
    await expectAccessible(gm, `${RESULTS}/night-thirty-window-de.png`);
    await tabs.context.close();
  });

  it("a match against a bot on the house's stake: its money in chat, the window and the ledger in German", async () => {
    await moneyMatch(table(), "de");
  });

  it("both players vote to play again and the table is dealt again for them (de)", async () => {
    await playAgainFlow(table(), "de");
  }, 240_000);

  it("Seven Ulwan: an illegal click says why in German; a good move clears it", async () => {
    await illegalClicks(table(), "de");
  });

  it("the README's first game night, its eight steps with the page's defaults, in German", async () => {
    await walkthrough(table(), "de");
  });
});
