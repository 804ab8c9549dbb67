/**
 * The README's "Your first game night", walked in one language (walkthrough.test.ts in English,
 * tests/soak/browser/german.soak.test.ts in German): its eight steps in the README's order and names, at 1024 px,
 * with the page's defaults, checking what each step promises. Games are not played to their end.
 * Screenshots: test-results/walkthrough-<step>-<lang>.png.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { RESULTS, type Standalone, joinEvent } from "./standalone";

type Lang = "en" | "de";

const SABACC = "sabacc-super-simplified";
const TRUE_SABACC = "sabacc-true";
const SEVEN_ULWAN = "seven-ulwan";

const win = (page: Page, game: string): Locator => page.locator(`[data-window][data-game="${game}"]`).first();
const op = (page: Page, game: string, name: string): Locator => win(page, game).locator(`[data-op="${name}"]`).first();

/** Answers the page's confirmation dialog with "yes". */
async function confirmYes(page: Page): Promise<void> {
  const dialog = page.locator("dialog.cantina-confirm[open]");
  await expect.poll(() => dialog.count()).toBe(1);
  await dialog.locator('[data-confirm="yes"]').click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/** The lobby: a game, its number of seats, each seat a user (a person) or "bot"; options left as they are. */
async function fillLobby(gm: Page, game: string, seats: readonly string[]): Promise<void> {
  await gm.bringToFront();
  await gm.selectOption('select[name="gameId"]', game);
  await gm.selectOption('select[name="seatCount"]', String(seats.length));
  for (const [i, who] of seats.entries()) {
    if (who === "bot") {
      await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
    } else {
      await gm.selectOption(`select[name="seat${i}.kind"]`, "person");
      await gm.selectOption(`select[name="seat${i}.userId"]`, who);
    }
  }
}

/** Opens the table the lobby describes: no error line, and the table appears under Tables. */
async function openTable(gm: Page, game: string): Promise<void> {
  const rows = await gm.locator("[data-table-row]").count();
  await gm.click('[data-page-action="lobby-create"]');
  await expect
    .poll(() => gm.locator("[data-table-row]").count(), { message: `${game}: the table appears` })
    .toBe(rows + 1);
  expect((await gm.locator("[data-lobby-error]").textContent())?.trim() ?? "", `${game}: the lobby's error`).toBe("");
}

/** A seated player's own window opens by itself on their page. */
async function seesOwnWindow(page: Page, game: string): Promise<void> {
  await expect.poll(() => win(page, game).count(), { message: `${game}: the player's window` }).toBe(1);
}

/** Walks the README's eight steps in `lang`, at the README's width (1024 px), in a browser context of its own. */
export async function walkthrough(table: Standalone, lang: Lang): Promise<void> {
  const t = (lang === "de" ? de : en).CANTINA;
  const shot = (page: Page, step: string) => page.screenshot({ path: `${RESULTS}/walkthrough-${step}-${lang}.png` });
  const tabs = await table.newContext({ lang, width: 1024 });

  // 1. The head: who you are, the players' pages, Dark theme, the Language switch (English, Deutsch).
  const gm = await tabs.open("user=gm");
  const head = gm.locator(".cantina-page-head");
  expect(await head.innerText()).toContain(t.Lobby.SwitchUser);
  expect(await head.locator("a").allInnerTexts()).toEqual(expect.arrayContaining(["player1", "player6"]));
  expect(await head.locator("select[data-language-switch] option").allInnerTexts()).toEqual(["English", "Deutsch"]);
  expect(await head.locator("select[data-language-switch]").inputValue()).toBe(lang);
  expect(await head.locator("[data-theme-toggle]").count()).toBe(1);
  // The players open their pages in tabs of the same browser (only those the steps use); rey watches.
  const [p1, p2, p3, p4, rey] = [
    await tabs.open("user=player1"),
    await tabs.open("user=player2"),
    await tabs.open("user=player3"),
    await tabs.open("user=player4"),
    await tabs.open("user=rey"),
  ] as const;
  await expect.poll(() => rey.locator("[data-user]").first().innerText()).toContain("rey");
  await shot(gm, "1-head");

  // 2. Tables, the first panel: none yet.
  await gm.bringToFront();
  expect(await gm.locator('[data-region="tables"]').innerText()).toContain(t.Lobby.NoTables);

  // 3. Event ledger: an event "Game night" with its default starting credits; rey added as a participant.
  await gm.fill('[data-event-form] input[name="name"]', "Game night");
  const credits = await gm.inputValue('[data-event-form] input[name="startingCredits"]');
  expect(Number(credits)).toBeGreaterThan(0);
  await gm.click('[data-event-form] [data-action="eventCreate"]');
  await expect.poll(() => gm.locator("[data-lobby]").innerText()).toContain("Game night");
  await joinEvent(gm, "rey", "Rey");
  await shot(gm, "3-ledger");

  // 4. New table: Sabacc (Super Simplified: player1, player2 and a bot), True Sabacc (player3 and a bot),
  // each option explained under its field, and Seven Ulwan (player4 against a bot) with Spectator betting.
  await fillLobby(gm, SABACC, ["player1", "player2", "bot"]);
  await openTable(gm, SABACC);
  await fillLobby(gm, TRUE_SABACC, ["player3", "bot"]);
  const lobbyText = await gm.locator("[data-lobby]").innerText();
  for (const hint of [t.Options.roundLimitHint, t.Options.mainAnteHint]) expect(lobbyText).toContain(hint);
  await shot(gm, "4-new-table");
  await openTable(gm, TRUE_SABACC);
  await fillLobby(gm, SEVEN_ULWAN, ["player4", "bot"]);
  await gm.locator('[data-lobby] input[name="betting"]').check();
  await openTable(gm, SEVEN_ULWAN);

  // 5. The windows: a seated player's opens by itself; How to play in each; the GM's Table controls
  // (Pause, Hand … to a bot), each told to the player; a watcher opens a table from Tables and bets.
  await seesOwnWindow(p1, SABACC);
  await seesOwnWindow(p2, SABACC);
  await seesOwnWindow(p3, TRUE_SABACC);
  await seesOwnWindow(p4, SEVEN_ULWAN);
  expect(await win(p3, SABACC).count(), "player3 has no seat at the Sabacc table").toBe(0);
  await p1.bringToFront();
  await shot(p1, "5-windows");
  await rey.bringToFront();
  await rey.locator('[data-page-action="table-open"]').last().click(); // the newest table: Seven Ulwan
  for (const [page, game] of [
    [p1, SABACC],
    [p3, TRUE_SABACC],
    [p4, SEVEN_ULWAN],
    [rey, SEVEN_ULWAN],
  ] as const) {
    await page.bringToFront();
    await win(page, game).locator('[data-action="tableHelp"]').click();
    await expect
      .poll(() => win(page, game).locator("[data-help]").count(), { message: `${game}: How to play` })
      .toBe(1);
  }
  await shot(p1, "5-help");
  await gm.bringToFront();
  await op(gm, SABACC, "pause").click();
  await expect.poll(() => win(p1, SABACC).innerText()).toContain(t.TableOps.Paused);
  await shot(p1, "5-paused");
  await op(gm, SABACC, "resume").click();
  await expect.poll(() => win(p1, SABACC).innerText()).not.toContain(t.TableOps.Paused);
  const toBot = op(gm, SABACC, "seat-bot");
  const name = (await toBot.getAttribute("data-name")) ?? "";
  await toBot.click();
  const awayLine = t.TableOps.Away.replace("{name}", name);
  await expect.poll(() => win(p1, SABACC).innerText()).toContain(awayLine);
  await shot(p1, "5-away");
  await rey.bringToFront();
  const pool = win(rey, SEVEN_ULWAN).locator("[data-pool]").first();
  await pool.locator('input[name^="bet-"]').fill("100");
  await pool.locator('[data-page-action="side-bet"]').first().click();
  await expect.poll(() => pool.locator("[data-my-stake]").first().getAttribute("data-my-stake")).toBe("100");
  await expect.poll(() => win(gm, SEVEN_ULWAN).locator("[data-watchers]").innerText()).toContain("rey");
  await shot(rey, "5-bet");

  // 6. While it runs: the player whose seat a bot took presses I'm back. (A move kept while the GM's
  // tab is closed needs the player's clock held: tests/browser/game-night.test.ts plays it.)
  await p1.bringToFront();
  const back = win(p1, SABACC).locator('button[data-op="back"]');
  await expect.poll(() => back.innerText()).toBe(t.Time.ImBack);
  await back.click();
  await expect.poll(() => win(p1, SABACC).innerText()).not.toContain(awayLine);
  await expect.poll(() => win(gm, SABACC).locator(`[data-op="seat-player"][data-name="${name}"]`).count()).toBe(0);

  // 7. The end of a match: the GM's Deal again needs no vote; End the table; the ledger's Standings
  // show every participant, rey's balance less the 100 staked.
  await gm.bringToFront();
  await op(gm, SABACC, "rematch").click();
  await confirmYes(gm);
  await seesOwnWindow(p1, SABACC);
  await op(gm, SABACC, "end").click();
  await confirmYes(gm);
  await expect.poll(() => win(gm, SABACC).count()).toBe(0);
  const standings = gm.locator("[data-standings]");
  for (const user of ["player1", "player2", "player3", "player4", "rey"])
    await expect
      .poll(() => standings.locator(`[data-account="${user}"]`).count(), { message: `${user} in the standings` })
      .toBe(1);
  const reyCredits = await standings.locator('[data-account="rey"]').innerText();
  expect(reyCredits.replace(/[.,\u00a0\u202f]/g, "")).toContain(String(Number(credits) - 100));
  await gm.locator("[data-ledger]").screenshot({ path: `${RESULTS}/walkthrough-7-ledger-${lang}.png` });

  // 8. Below the panels: the Balance lab, Chat (the ended table's lines marked so) and Replays.
  expect(await gm.locator('[data-page-action="lab-open"]').innerText()).toBe(t.Lab.Open);
  await expect
    .poll(() => p1.locator("[data-chat-table-label]").allInnerTexts())
    .toEqual(expect.arrayContaining([expect.stringContaining(lang === "de" ? "(beendet)" : "(ended)")]));
  expect(await p1.locator('[data-region="chat"]').innerText()).toContain(t.Chat.Title);
  expect(await p1.locator("#cantina-replays").innerText()).toContain(t.Replay.Title);
  await p1.bringToFront();
  await shot(p1, "8-chat");
  await tabs.context.close();
}
