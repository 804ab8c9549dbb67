/**
 * Money a player can follow, clicked through in real Chromium on the standalone page: the GM opens
 * an event and adds a player and a spectator, the lobby offers no second "starting credits" and a
 * bot's stake from the house; the match's end posts its money in chat and the window shows net
 * figures; the ledger reads as sentences with table names and exports as CSV; a spectator's long
 * bet on a bots' match stays in the betting panel with its payout after the match. In English and
 * in German (`?lang=de`).
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, serveStandalone } from "./standalone";

const table = serveStandalone();

/** The GM opens an event and adds participants, through the ledger's forms. */
async function openEvent(gm: Page, name: string, credits: number, people: readonly [string, string][]) {
  await gm.fill('[data-event-form] input[name="name"]', name);
  await gm.fill('[data-event-form] input[name="startingCredits"]', String(credits));
  await gm.click('[data-event-form] [data-action="eventCreate"]');
  for (const [user, character] of people) {
    await expect.poll(() => gm.locator("[data-join-form]").count()).toBe(1);
    await gm.selectOption('[data-join-form] select[name="account"]', user);
    await gm.fill('[data-join-form] input[name="name"]', character);
    await gm.click('[data-join-form] [data-action="eventJoin"]');
    await expect.poll(() => gm.locator(`[data-standings] [data-account="${user}"]`).count()).toBe(1);
  }
}

/** Plays a Sabacc seat by clicking whatever it may do (never folding), until its window shows the result. */
async function playSabacc(page: Page) {
  for (let i = 0; i < 60; i++) {
    if ((await page.locator("[data-window] [data-net]").count()) > 0) return;
    const win = page.locator("[data-window]");
    for (const action of ["roll-order", "roll-hand", "keep"]) {
      const button = win.locator(`button[data-action="${action}"]:not([disabled])`);
      if ((await button.count()) > 0) {
        await button.first().click();
        break;
      }
    }
    const bet = win.locator('button[data-action="bet"]:not([data-amount]):not([disabled])');
    if ((await bet.count()) > 0) {
      await win.locator('input[name="amount"]').fill("10");
      await bet.click();
    }
    await page.waitForTimeout(150);
  }
  throw new Error("the match did not end");
}

describe("money a player can follow (standalone page)", () => {
  for (const lang of ["en", "de"] as const) {
    it(`a match against a bot on the house's stake, its money in chat, the window and the ledger (${lang})`, async () => {
      const de = lang === "de";
      const q = de ? "&lang=de" : "";
      const gm = await table().open(`user=gm&botDelay=0${q}`);
      const greedo = await table().open(`user=player1${q}`);
      await openEvent(gm, de ? "Nova-Abend" : "Nova night", 500, [["player1", "Greedo"]]);

      // The lobby: one starting credits (the event's), and a bot's stake from the house.
      await gm.selectOption('select[name="gameId"]', "sabacc-super-simplified");
      await expect.poll(() => gm.locator('input[name="option.defaultCredits"]').count()).toBe(0);
      await gm.selectOption('select[name="seat0.userId"]', "player1");
      await gm.fill('input[name="seat0.name"]', "Greedo");
      await gm.selectOption('select[name="seat1.kind"]', "bot");
      await gm.fill('input[name="seat1.stake"]', "200");
      await gm.fill('input[name="seat1.name"]', "Droid");
      expect(await gm.locator("[data-lobby-credits]").textContent()).toContain(
        de ? "Einsatz aus der Kasse des Hauses" : "a stake from the house's purse",
      );
      await gm.locator(".cantina-lobby-seats").screenshot({ path: `${RESULTS}/money-lobby-${lang}.png` });
      await gm.click('[data-page-action="lobby-create"]');

      await playSabacc(greedo);
      // Chat: the winner and each seat's net change (signed), the bot's stake back to the house.
      const summary = greedo.locator("[data-chat-line]", { hasText: de ? "Partie vorbei" : "Match over" });
      await expect.poll(() => summary.count()).toBe(1);
      expect(await summary.textContent()).toMatch(/Greedo [+−±]\d+, Droid [+−±]\d+/);
      const stake = de ? "Droid hat mit einem Einsatz von 200 vom Haus gespielt" : "Droid played on a stake of 200";
      await expect.poll(() => greedo.locator("[data-chat-line]", { hasText: stake }).count()).toBe(1);
      // The window: net, not gross.
      const nets = await greedo
        .locator("[data-window] [data-net]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-net")));
      expect(nets.length).toBe(2);
      for (const net of nets) expect(net).toMatch(/^[+−±]\d+$/);
      await greedo.screenshot({ path: `${RESULTS}/money-match-end-${lang}.png` });

      // The ledger as sentences with signs and table names, never an id.
      const history = gm.locator(".cantina-ledger-history");
      const tableName = de ? "Tisch 1 (" : "Table 1 (";
      await expect
        .poll(() => history.textContent())
        .toContain(de ? "Das Haus hat Droid an Tisch 1" : "The house staked Droid with 200 credits at Table 1 (");
      const text = (await history.textContent()) ?? "";
      expect(text).toContain(tableName);
      expect(text).toMatch(de ? /Greedo ist von Tisch 1 .* zurückgekommen/ : /Greedo came back from Table 1 /);
      expect(text).not.toMatch(/\bt[a-z0-9]{6,}\b|player1|seat-\d/);
      await gm.locator("[data-ledger]").screenshot({ path: `${RESULTS}/money-ledger-${lang}.png` });
      // Greedo follows his own money: his entries, as sentences, under his balance.
      await greedo.locator("[data-my-history] summary").first().click();
      await expect
        .poll(() => greedo.locator("[data-my-history]").first().textContent())
        .toMatch(de ? /Greedo ist von Tisch 1 .* zurückgekommen/ : /Greedo came back from Table 1 /);
      expect(await greedo.locator("[data-my-history]").first().textContent()).not.toContain("Droid");
      await greedo.locator("[data-ledger]").screenshot({ path: `${RESULTS}/money-player-ledger-${lang}.png` });

      // The GM downloads the event's ledger as CSV.
      const [download] = await Promise.all([
        gm.waitForEvent("download"),
        gm.click('[data-ledger] [data-action="ledgerCsv"]'),
      ]);
      expect(download.suggestedFilename()).toBe(de ? "Nova-Abend.csv" : "Nova-night.csv");
      const csv = readFileSync((await download.path())!, "utf8");
      expect(csv.split("\r\n")[0]).toBe(
        de ? "Zeit,Konto,Credits,Glück/Macht,Tisch,Eintrag" : "Time,Account,Credits,Luck/Force,Table,Entry",
      );
      expect(csv).toContain("Greedo");
      // The finished table is taken away, so the next evening starts clean; its money stays in the ledger.
      await gm.click('[data-page-action="table-end"]');
      await gm.locator('dialog.cantina-confirm [data-confirm="yes"]').click();
      await expect.poll(() => gm.locator("[data-table-row]").count()).toBe(0);
      await Promise.all([gm.close(), greedo.close()]);
    });
  }

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
