/**
 * Money a player can follow, clicked through on the standalone page, in one language (money.test.ts
 * plays it in English, german.test.ts in German): the GM opens an event and adds a player, the lobby
 * offers no second "starting credits" and a bot's stake from the house; the match's end posts its
 * money in chat and the window shows net figures; the ledger reads as sentences with table names
 * and exports as CSV. Screenshots in test-results/money-*.png.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { RESULTS, type Standalone, joinEvent } from "./standalone";
import { clickWhatIsOffered } from "./super-simplified";

/** The GM opens an event and adds participants, through the ledger's forms. */
export async function openEvent(gm: Page, name: string, credits: number, people: readonly [string, string][]) {
  await gm.fill('[data-event-form] input[name="name"]', name);
  await gm.fill('[data-event-form] input[name="startingCredits"]', String(credits));
  await gm.click('[data-event-form] [data-action="eventCreate"]');
  for (const [user, character] of people) {
    await expect.poll(() => gm.locator("[data-join-form]").count()).toBe(1);
    await joinEvent(gm, user, character);
  }
}

/** Plays a Sabacc seat by clicking whatever it may do (never folding), until its window shows the result. */
async function playSabacc(page: Page) {
  for (let i = 0; i < 60; i++) {
    if ((await page.locator("[data-window] [data-net]").count()) > 0) return;
    await clickWhatIsOffered(page.locator("[data-window]"));
    await page.waitForTimeout(150);
  }
  throw new Error("the match did not end");
}

/** Plays the scenario in a browser context of its own (a table apart), its pages in `lang`. */
export async function moneyMatch(table: Standalone, lang: "en" | "de"): Promise<void> {
  const tabs = await table.newContext();
  const de = lang === "de";
  const q = de ? "&lang=de" : "";
  const gm = await tabs.open(`user=gm&botDelay=0${q}`);
  const greedo = await tabs.open(`user=player1${q}`);
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
  // Saved through Playwright's connection (the worker's Chromium is a remote browser to this file).
  const file = `${RESULTS}/money-ledger-${lang}.csv`;
  await download.saveAs(file);
  const csv = readFileSync(file, "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    de ? "Zeit,Konto,Credits,Glück/Macht,Tisch,Eintrag" : "Time,Account,Credits,Luck/Force,Table,Entry",
  );
  expect(csv).toContain("Greedo");
  // The finished table is taken away, so the next evening starts clean; its money stays in the ledger.
  await gm.click('[data-page-action="table-end"]');
  await gm.locator('dialog.cantina-confirm [data-confirm="yes"]').click();
  await expect.poll(() => gm.locator("[data-table-row]").count()).toBe(0);
  await tabs.context.close();
}
