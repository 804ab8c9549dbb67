/**
 * Super Simplified Sabacc has "no player signup limit for this tier of play": a table of 30 seats
 * (the GM and 29 bots) opened from the lobby; its first round runs (Maz clicking his turns, the bots
 * playing theirs) while the lobby, the window and the chat stay usable. Screenshots in
 * test-results/night-thirty-*.png. The same table in German: german.test.ts; played to its end:
 * tests/soak/browser/night-thirty.soak.test.ts (a 30-seat match's rules: tests/rules/sabacc).
 */
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, serveStandalone } from "./standalone";
import { SEATS, clickMazTurns, openThirtySeats, scrollToWindow } from "./thirty-seats";

const table = serveStandalone();

describe("Super Simplified Sabacc with 30 seats", () => {
  it("the GM opens a 30-seat table with 29 bots and plays its first round by clicking; window, lobby and chat stay usable", async () => {
    const gm = await table().open("user=gm&botDelay=0");
    const window = await openThirtySeats(gm, `${RESULTS}/night-thirty-lobby-en.png`);
    // Every seat's order roll, then the hands: more chat lines than seats.
    const lines = gm.locator("[data-chat-line]");
    await clickMazTurns(window, async () => (await lines.count()) > SEATS);
    // The chat names the table once per line, short: three players and "+27".
    const label = await gm.locator("[data-chat-table-label]").first().textContent();
    expect(label).toContain("+27");
    // Nothing wider than the page.
    expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
    await scrollToWindow(gm, window);
    await gm.screenshot({ path: `${RESULTS}/night-thirty-window-en.png` });
    await gm.screenshot({ path: `${RESULTS}/night-thirty-page-en.png`, fullPage: true });
    await expectAccessible(gm, `${RESULTS}/night-thirty-window-en.png`);
  });
});
