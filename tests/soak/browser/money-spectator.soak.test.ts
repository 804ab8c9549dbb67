/**
 * Soak (browser): money a spectator can follow, to the end of a bots' Seven Ulwan match in real
 * Chromium. The GM opens an event and a table of two bots with betting on; Watto (German) bets on
 * both seats in the long winner pool while the GM page's clock stands still (Playwright's clock: the
 * bots wait), then the bots play the match out; the pool settles and his stakes, payout and totals
 * stay in the betting panel; the antes, the bots' stakes and the pools are in chat in both
 * languages. Moved here from tests/browser/money.test.ts: the pools' and antes' rules are the unit
 * tests' (tests/rules/ulwan/spectator-betting.test.ts, tests/table/books.test.ts), and a bots' match
 * played to its end is long.
 */
import { describe, expect, it } from "vitest";
import { openEvent } from "../../browser/money-match";
import { RESULTS, serveStandalone } from "../../browser/standalone";

const table = serveStandalone();

describe("money a spectator can follow, to the end of a bots' match", () => {
  it("a spectator bets on both seats of a bots' Seven Ulwan match and sees stakes and payout after it; antes and tile payments in chat", async () => {
    const gm = await table().open("user=gm&botDelay=0", (page) => page.clock.install());
    // Watto reads German, the GM English: both see the same money in their own language.
    const watto = await table().open("user=player3&lang=de");
    await openEvent(gm, "Boonta eve", 500, [["player3", "Watto"]]);
    await gm.selectOption('select[name="gameId"]', "seven-ulwan");
    await gm.selectOption('select[name="seat0.kind"]', "bot");
    await gm.fill('input[name="seat0.name"]', "Droid");
    await gm.selectOption('select[name="seat1.kind"]', "bot");
    await gm.fill('input[name="seat1.name"]', "Astromech");
    await gm.fill('input[name="seat1.stake"]', "400");
    const betting = gm.locator('input[name="betting"]');
    if (!(await betting.isChecked())) await betting.check();
    // The GM page's clock stands still while Watto bets: the bots (no delay) wait for it, then play on at once.
    await gm.clock.pauseAt(Date.now() + 1000);
    await gm.click('[data-page-action="lobby-create"]');

    // Watto opens the table and bets 20 on each seat in the winner pool (a long bet) while it is open.
    await watto.locator('[data-page-action="table-open"]').first().click();
    const pool = watto.locator('[data-betting] [data-pool="long-winner"]');
    for (const seat of ["seat-1", "seat-2"]) {
      await pool.locator('input[name="bet-long-winner"]').fill("20");
      await pool.locator(`button[data-outcome="${seat}"]`).click();
      await expect.poll(() => pool.locator(`[data-outcome="${seat}"] [data-my-stake]`).count()).toBe(1);
    }

    await gm.clock.resume();

    // After the match: the long pool, his stakes, his payout and his totals stay in the panel.
    await expect.poll(() => pool.getAttribute("data-pool-status"), { timeout: 180_000, interval: 500 }).toBe("settled");
    await expect.poll(() => pool.locator("[data-my-payout]").count()).toBe(1);
    expect(await pool.locator("[data-my-stake]").count()).toBe(2);
    expect(await watto.locator("[data-my-totals]").getAttribute("data-my-totals")).toMatch(/^[−±+]\d+$/);
    // Chat: the antes paid to bring pieces in, the bots' stakes back to the house, the pools.
    const chatDe = (await watto.locator("[data-chat-line]").allTextContents()).join("\n");
    expect(chatDe).toMatch(/zahlt den Einsatz von \d+ Credits und bringt eine neue Figur/);
    expect(chatDe).toContain("Astromech hat mit einem Einsatz von 400 vom Haus gespielt");
    expect(chatDe).toMatch(/Zuschauertöpfe: \d+ gesetzt/);
    expect(await watto.locator("[data-my-totals]").textContent()).toMatch(/Deine Wetten an diesem Tisch: 40 gesetzt/);
    await expect
      .poll(async () => (await gm.locator("[data-chat-line]").allTextContents()).join("\n"))
      .toMatch(/pays the \d+-credit ante and brings a new piece/);
    const chatEn = (await gm.locator("[data-chat-line]").allTextContents()).join("\n");
    expect(chatEn).toContain("Astromech played on a stake of 400 from the house");
    expect(chatEn).toMatch(/Spectator pools: \d+ staked/);
    await watto.screenshot({ path: `${RESULTS}/money-spectator-after-match-de.png` });
    await gm.click('[data-page-action="table-end"]');
    await gm.locator('dialog.cantina-confirm [data-confirm="yes"]').click();
    await Promise.all([gm.close(), watto.close()]);
  }, 200_000);
});
