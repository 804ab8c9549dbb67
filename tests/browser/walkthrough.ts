/**
 * The README's "Your first game night", walked literally in one language (issue 27; walkthrough.test.ts
 * runs it in English, tests/soak/browser/german.soak.test.ts in German): each of its five steps with the page's defaults (the event's
 * starting credits, the games' options, spectator betting as the lobby offers it), checking what the
 * step promises. Games are not played to their end. Screenshots: test-results/walkthrough-<step>-<lang>.png.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { RESULTS, type Standalone } from "./standalone";

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

/** Walks the README's five steps in `lang`, in a browser context of its own. */
export async function walkthrough(table: Standalone, lang: Lang): Promise<void> {
  const t = (lang === "de" ? de : en).CANTINA;
  const shot = (page: Page, step: string) => page.screenshot({ path: `${RESULTS}/walkthrough-${step}-${lang}.png` });
  const tabs = await table.newContext({ lang });

  // 1. The GM's page; in the Event ledger, an event "Game night" with its default starting credits.
  const gm = await tabs.open("user=gm");
  await gm.fill('[data-event-form] input[name="name"]', "Game night");
  const credits = await gm.inputValue('[data-event-form] input[name="startingCredits"]');
  expect(Number(credits)).toBeGreaterThan(0);
  await gm.click('[data-event-form] [data-action="eventCreate"]');
  await expect.poll(() => gm.locator("[data-lobby]").innerText()).toContain("Game night");
  await shot(gm, "1");

  // 2. Players open their tabs (only those the steps use); rey watches.
  const [p1, p2, p3, p4, rey] = [
    await tabs.open("user=player1"),
    await tabs.open("user=player2"),
    await tabs.open("user=player3"),
    await tabs.open("user=player4"),
    await tabs.open("user=rey"),
  ] as const;
  await expect.poll(() => rey.locator("[data-user]").first().innerText()).toContain("rey");
  await shot(rey, "2");

  // 3. A Sabacc table (Super Simplified: player1, player2 and a bot) and a True Sabacc table
  // (player3 and a bot); each option explains itself under its field.
  await fillLobby(gm, SABACC, ["player1", "player2", "bot"]);
  await openTable(gm, SABACC);
  await fillLobby(gm, TRUE_SABACC, ["player3", "bot"]);
  const lobbyText = await gm.locator("[data-lobby]").innerText();
  for (const hint of [t.Options.roundLimitHint, t.Options.mainAnteHint]) expect(lobbyText).toContain(hint);
  await shot(gm, "3-lobby");
  await openTable(gm, TRUE_SABACC);
  await seesOwnWindow(p1, SABACC);
  await seesOwnWindow(p2, SABACC);
  await seesOwnWindow(p3, TRUE_SABACC);
  expect(await win(p3, SABACC).count(), "player3 has no seat at the Sabacc table").toBe(0);
  await p1.bringToFront();
  await shot(p1, "3");

  // 4. Seven Ulwan (player4 against a bot) with Spectator betting ticked; the watcher, added to the
  // event in the ledger first, opens it from Tables and bets.
  await fillLobby(gm, SEVEN_ULWAN, ["player4", "bot"]);
  const betting = gm.locator('[data-lobby] input[name="betting"]');
  await betting.check();
  await openTable(gm, SEVEN_ULWAN);
  await seesOwnWindow(p4, SEVEN_ULWAN);
  await gm.fill('[data-join-form] input[name="account"]', "rey");
  await gm.fill('[data-join-form] input[name="name"]', "Rey");
  await gm.click('[data-join-form] [data-action="eventJoin"]');
  await expect.poll(() => gm.locator('[data-standings] [data-account="rey"]').count()).toBe(1);
  await rey.bringToFront();
  await rey.locator('[data-page-action="table-open"]').last().click(); // the newest table: Seven Ulwan
  const pool = win(rey, SEVEN_ULWAN).locator("[data-pool]").first();
  await pool.locator('input[name^="bet-"]').fill("100");
  await pool.locator('[data-page-action="side-bet"]').first().click();
  await expect.poll(() => pool.locator("[data-my-stake]").first().getAttribute("data-my-stake")).toBe("100");
  await shot(rey, "4");

  // 5. How to play in each window; the GM's Pause, Hand … to a bot (and back), Deal again and End the
  // table, each told to the player; the ledger shows the standings.
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
  await gm.bringToFront();
  await win(gm, SABACC).locator(`[data-op="seat-player"][data-name="${name}"]`).click();
  await expect.poll(() => win(p1, SABACC).innerText()).not.toContain(awayLine);
  await op(gm, SABACC, "rematch").click();
  await confirmYes(gm);
  await seesOwnWindow(p1, SABACC);
  await op(gm, SABACC, "end").click();
  await confirmYes(gm);
  await expect.poll(() => win(gm, SABACC).count()).toBe(0);
  await expect
    .poll(() => p1.locator("[data-chat-table-label]").allInnerTexts())
    .toEqual(expect.arrayContaining([expect.stringContaining(lang === "de" ? "(beendet)" : "(ended)")]));
  await shot(p1, "5-ended");
  const standings = gm.locator("[data-standings]");
  for (const user of ["player1", "player2", "player3", "player4", "rey"])
    await expect
      .poll(() => standings.locator(`[data-account="${user}"]`).count(), { message: `${user} in the standings` })
      .toBe(1);
  // Rey's bet came out of Rey's balance: the starting credits less the 100 staked.
  const reyCredits = await standings.locator('[data-account="rey"]').innerText();
  expect(reyCredits.replace(/[.,\u00a0\u202f]/g, "")).toContain(String(Number(credits) - 100));
  await gm.locator("[data-ledger]").screenshot({ path: `${RESULTS}/walkthrough-5-ledger-${lang}.png` });
  await tabs.context.close();
}
