/**
 * Soak (browser): a 30-seat Super Simplified Sabacc table played to its end in real Chromium, Maz
 * (the GM) clicking his turns and 29 bots playing theirs, in English and German; the match ends with
 * a winner and the page stays no wider than its window. Moved here from tests/browser/night-thirty
 * (which opens the table and plays its first round): the rules of a 30-seat match are the unit
 * tests' (tests/rules/sabacc/super-simplified.test.ts, "no player signup limit").
 */
import { describe, expect, it } from "vitest";
import { RESULTS, serveStandalone } from "../../browser/standalone";
import { SEATS, clickMazTurns, openThirtySeats } from "../../browser/thirty-seats";

const table = serveStandalone();

for (const lang of ["en", "de"] as const) {
  describe(`Super Simplified Sabacc with 30 seats, to the end (${lang})`, () => {
    it("the GM and 29 bots play a 30-seat match to a winner; chat and page stay usable", async () => {
      const tabs = await table().newContext({ lang });
      const gm = await tabs.open("user=gm&botDelay=0");
      const window = await openThirtySeats(gm);
      await clickMazTurns(window, async () => (await window.locator("[data-winner]").count()) > 0);
      expect(await gm.locator("[data-chat-line]").count()).toBeGreaterThan(SEATS);
      expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
      await gm.screenshot({ path: `${RESULTS}/soak-night-thirty-end-${lang}.png`, fullPage: true });
      await tabs.context.close();
    }, 300_000);
  });
}
