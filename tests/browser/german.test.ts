/**
 * The standalone page in German (`?lang=de`), each scenario once (the English files play them in
 * English): the lobby and a Sabacc table's window speak German, and without the parameter the page
 * stays English; game night's texts (the turn cue, private lines, table labels, an ended table, a
 * bet's errors: night.test.ts in English). A 30-seat table's first round, a match's money,
 * play-again, an illegal click on a board (illegal-clicks.ts) and the README's first game night
 * (walkthrough.ts) in German: tests/soak/browser/german.soak.test.ts.
 * Screenshots: test-results/standalone-de.png, night-*-de.png.
 * night-cheat.test.ts looks at its finished table in German.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { expectAccessible } from "./axe";
import { RESULTS, seatPeople, serveStandalone, sevenUlwanWithGreedo, seatGame } from "./standalone";

const table = serveStandalone();

const text = (page: Page) => page.locator("body").innerText();

describe("standalone page: ?lang=de", () => {
  it("shows the lobby and a Sabacc table in German", async () => {
    const gm = await table().open("user=gm&lang=de&botDelay=0");
    expect(await gm.getAttribute("html", "lang")).toBe("de");
    expect(await text(gm)).toContain(de.CANTINA.Lobby.Title);

    await gm.selectOption('select[name="seatCount"]', "2");
    await seatPeople(gm, { player1: "Han", gm: "Maz" });
    await gm.click('[data-page-action="lobby-create"]');

    await expect.poll(() => gm.locator("[data-window]").innerText()).toContain(de.CANTINA.Sabacc.Status.Order);
    await gm.screenshot({ path: `${RESULTS}/standalone-de.png` });
    expect(await text(gm)).not.toContain(en.CANTINA.Sabacc.Status.Order);
  });

  it("the spectator betting panel in German: its words, and each bet button's whole label", async () => {
    const tabs = await table().newContext({ width: 1024 });
    const gm = await tabs.open("user=gm&lang=de&botDelay=0");
    await sevenUlwanWithGreedo(gm);
    const greedo = await tabs.open("user=player3&lang=de");
    await greedo.locator('[data-page-action="table-open"]').first().click();
    const pool = greedo
      .locator('[data-window][data-game="seven-ulwan"]')
      .last()
      .locator('.cantina-pool[data-pool="long-winner"]');
    await pool.waitFor();
    expect(await pool.locator("[data-pool-total]").textContent()).toBe(de.CANTINA.GameNight.Betting.PoolEmpty);
    const cut = await pool
      .locator('[data-page-action="side-bet"]')
      .evaluateAll((buttons) => buttons.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent));
    expect(cut).toEqual([]);
    expect(await pool.locator('[data-page-action="side-bet"]').first().textContent()).toBe(de.CANTINA.Betting.Place);
    await greedo.screenshot({ path: `${RESULTS}/betting-de.png` });
  });

  it("stays English without the parameter", async () => {
    const player = await table().open("user=player1");
    expect(await player.getAttribute("html", "lang")).toBe("en");
    await expect.poll(() => text(player)).toContain(en.CANTINA.Sabacc.Status.Order);
  });
});

describe("game night in German", () => {
  const win = (page: Page) => page.locator("[data-window]").first();

  it("the turn cue, a private line, the table's label, a bet's errors and an ended table's lines speak German", async () => {
    const night = await table().newContext({ lang: "de" });
    const gm = await night.open("user=gm&dice=90,60,15,20&botDelay=0");
    const han = await night.open("user=player1");
    const lando = await night.open("user=player2");
    await gm.bringToFront();
    await seatGame(gm, "sabacc-super-simplified", { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');

    // Han's turn: the badge and the tab title.
    await expect.poll(() => win(han).locator("[data-my-turn]").textContent()).toBe("Du bist dran");
    await expect.poll(() => han.title()).toContain("(1) Du bist dran");
    await han.screenshot({ path: `${RESULTS}/night-turn-cue-de.png` });
    await expectAccessible(han, `${RESULTS}/night-turn-cue-de.png`);
    await han.bringToFront();
    await win(han).locator('[data-action="roll-order"]').click();
    await lando.bringToFront();
    await win(lando).locator('[data-action="roll-order"]').click();
    // Han's hand roll is private: Lando's line says so in words; every line names the table in German.
    await han.bringToFront();
    await win(han).locator('[data-action="roll-hand"]').click();
    const privateLine = lando.locator("[data-chat-line].private").last();
    await expect.poll(() => privateLine.locator("[data-chat-private]").textContent()).toContain("Privat");
    const label = "Sabacc: Super-Vereinfacht (Electrum Circuit) · Han, Lando";
    expect(await lando.locator("[data-chat-table-label]").first().textContent()).toContain(label);
    await lando.screenshot({ path: `${RESULTS}/night-spectator-de.png` });
    await expectAccessible(lando, `${RESULTS}/night-spectator-de.png`);

    // A bet that is not a whole number, negative or missing says what is wrong, in German.
    await win(han).locator('[data-action="keep"]').click();
    await lando.bringToFront();
    await win(lando).locator('[data-action="roll-hand"]').click();
    await win(lando).locator('[data-action="keep"]').click();
    await han.bringToFront();
    const amount = win(han).locator('input[name="amount"]');
    await amount.waitFor();
    for (const [typed, says] of [
      ["12.5", "12.5 ist keine ganze Zahl"],
      ["-5", "-5 ist zu wenig"],
      ["", "Gib einen Betrag in Credits ein."],
    ] as const) {
      await amount.fill(typed);
      await win(han).locator('[data-action="bet"]:not([data-amount])').click();
      await expect.poll(() => win(han).locator("[data-error]").textContent()).toContain(says);
    }
    await han.screenshot({ path: `${RESULTS}/night-bet-error-de.png` });
    await expectAccessible(han, `${RESULTS}/night-bet-error-de.png`);

    // The GM ends the table: its lines stay, marked as ended.
    await gm.bringToFront();
    await gm.locator('[data-page-action="table-end"]').first().click();
    await gm.locator('dialog.cantina-confirm [data-confirm="yes"]').click();
    await expect
      .poll(() => gm.locator("[data-chat-table-label]").first().textContent())
      .toContain(`${label} (beendet)`);
    await gm.screenshot({ path: `${RESULTS}/night-chat-ended-de.png` });
    await night.context.close();
  });
});
