/**
 * Game night, "Seeing what happens", in real Chromium (the same texts in German: german.test.ts): a
 * spectator with a name of their own (Zuckuss) gets live updates; chat lines name their table, the
 * GM filters them by table, private lines say so in words, an ended table's lines stay; a bet that
 * is not a whole number, negative or missing says what is wrong, and the error clears with the
 * next good action; a lobby error names the seats typed in the lobby and clears on a change; the
 * turn cue (badge, tab title, its flash behind other tabs, the sound toggle); a reload restores one
 * window per table; the page works 1024 px wide. Screenshots in test-results/night-*.png.
 *
 * Dice (the GM page's `?dice=`): table 1 order Han 90, Lando 60; hands Han 15, Lando 20; then
 * table 2's order Greedo 80, Bossk 40.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, serveStandalone } from "./standalone";

const table = serveStandalone();

/** A browser context of its own (its own localStorage and BroadcastChannel): one evening per test. */
const evening = (width = 1400) => table().newContext({ width });

const t = {
  game: "Sabacc: Super Simplified (Electrum Circuit)",
  private: "Private",
  ended: "ended",
  endedBy: (table: string) => `The GM ended the table ${table}.`,
  endedLine: "The GM ended this table.",
  missing: "Enter an amount in credits.",
  notWhole: "12.5 is not a whole number",
  tooSmall: "-5 is too little",
  turn: "Your turn",
} as const;
const lang = "en";

const win = (page: Page, players: string) =>
  page.locator("[data-window]").filter({ has: page.locator(`[id^="cantina-window-title"]`, { hasText: players }) });

async function createTable(
  gm: Page,
  seats: readonly { user: string; name: string }[],
  options: Readonly<Record<string, string>> = {},
): Promise<void> {
  await gm.selectOption('select[name="gameId"]', "sabacc-super-simplified");
  await gm.selectOption('select[name="seatCount"]', String(seats.length));
  for (const [i, s] of seats.entries()) {
    await gm.selectOption(`select[name="seat${i}.userId"]`, s.user);
    await gm.fill(`input[name="seat${i}.name"]`, s.name);
  }
  for (const [name, value] of Object.entries(options)) await gm.fill(`[name="option.${name}"]`, value);
  await gm.click('[data-page-action="lobby-create"]');
}

describe("game night: seeing what happens", () => {
  it("a spectator named Zuckuss follows live; chat names tables, filters, marks private lines, keeps an ended table's lines", async () => {
    const night = await evening();
    const gm = await night.open(`user=gm&lang=${lang}&dice=90,60,15,20,80,40&botDelay=0`);
    const han = await night.open(`user=player1&lang=${lang}`);
    const lando = await night.open(`user=player2&lang=${lang}`);
    const greedo = await night.open(`user=player3&lang=${lang}`);
    const zuckuss = await night.open(`user=Zuckuss&lang=${lang}`);

    await gm.bringToFront();
    await createTable(gm, [
      { user: "player1", name: "Han" },
      { user: "player2", name: "Lando" },
    ]);
    // Zuckuss is no fixed user of the page: the table list reaches them without a reload.
    await expect.poll(() => zuckuss.locator('[data-page-action="table-open"]').count()).toBe(1);
    await zuckuss.bringToFront();
    await zuckuss.locator('[data-page-action="table-open"]').click();
    const watched = win(zuckuss, "Han, Lando");
    await han.bringToFront();
    await win(han, "Han, Lando").locator('[data-action="roll-order"]').click();
    await expect.poll(() => watched.locator('[data-seat="seat-1"] [data-order-rolls]').textContent()).toBe("90");
    await lando.bringToFront();
    await win(lando, "Han, Lando").locator('[data-action="roll-order"]').click();
    await expect.poll(() => watched.locator('[data-seat="seat-2"] [data-order-rolls]').textContent()).toBe("60");
    // Han's hand roll is private: his own line and everyone else's say so in words.
    await han.bringToFront();
    await win(han, "Han, Lando").locator('[data-action="roll-hand"]').click();
    const privateLine = (page: Page) => page.locator("[data-chat-line].private").last();
    await expect.poll(() => privateLine(zuckuss).locator("[data-chat-private]").textContent()).toContain(t.private);
    await expect.poll(() => privateLine(han).textContent()).toContain("15");
    expect(await privateLine(zuckuss).textContent()).not.toContain("15");
    // Every line names its table.
    const label = `${t.game} · Han, Lando`;
    for (const page of [gm, han, zuckuss])
      expect(await page.locator("[data-chat-table-label]").first().textContent()).toContain(label);
    await zuckuss.screenshot({ path: `${RESULTS}/night-spectator-${lang}.png` });
    await expectAccessible(zuckuss, `${RESULTS}/night-spectator-${lang}.png`);

    // A second table: Greedo and Bossk (a bot). Its lines name it; the GM filters by table.
    await gm.bringToFront();
    await gm.selectOption('select[name="seatCount"]', "2");
    await gm.selectOption('select[name="seat1.kind"]', "bot");
    await gm.selectOption('select[name="seat0.userId"]', "player3");
    await gm.fill('input[name="seat0.name"]', "Greedo");
    await gm.fill('input[name="seat1.name"]', "Bossk");
    await gm.click('[data-page-action="lobby-create"]');
    await greedo.bringToFront();
    await win(greedo, "Greedo, Bossk").locator('[data-action="roll-order"]').click();
    const second = `${t.game} · Greedo, Bossk`;
    await expect
      .poll(() => gm.locator("[data-chat-table-label]").allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(second)]));
    await gm.bringToFront();
    const secondId = await gm.locator("[data-window]").last().getAttribute("data-window");
    const firstId = await gm.locator("[data-window]").first().getAttribute("data-window");
    await gm.selectOption("[data-chat-filter]", firstId!);
    const visibleLabels = () => gm.locator("[data-chat-line]:not([hidden]) [data-chat-table-label]").allTextContents();
    expect((await visibleLabels()).every((l) => l.includes(label))).toBe(true);
    expect(await gm.locator(`[data-chat-line][data-chat-table="${secondId}"]:not([hidden])`).count()).toBe(0);
    await gm.screenshot({ path: `${RESULTS}/night-chat-filter-${lang}.png` });
    await expectAccessible(gm, `${RESULTS}/night-chat-filter-${lang}.png`);
    await gm.selectOption("[data-chat-filter]", "");
    expect(await gm.locator(`[data-chat-line][data-chat-table="${secondId}"]:not([hidden])`).count()).toBeGreaterThan(
      0,
    );

    // The GM ends the second table: its lines stay readable, marked as ended.
    await gm.locator(`[data-page-action="table-end"][data-table-id="${secondId}"]`).click();
    await gm.locator('dialog.cantina-confirm [data-confirm="yes"]').click();
    await expect.poll(() => gm.locator(`[data-window="${secondId}"]`).count()).toBe(0);
    await expect
      .poll(() =>
        gm.locator(`[data-chat-line][data-chat-table="${secondId}"] [data-chat-table-label]`).first().textContent(),
      )
      .toContain(`${second} (${t.ended})`);
    await gm.screenshot({ path: `${RESULTS}/night-chat-ended-${lang}.png` });
    // Greedo, who sat there, is told: a notice names the table, and its chat has a line saying so.
    await greedo.bringToFront();
    await expect.poll(() => greedo.locator(`[data-window="${secondId}"]`).count()).toBe(0);
    expect(await greedo.locator("[data-page-notice]").textContent()).toBe(t.endedBy(second));
    expect(await greedo.locator(`[data-chat-line][data-chat-table="${secondId}"]`).last().textContent()).toContain(
      t.endedLine,
    );
    await night.context.close();
  });

  it("a bet says what is wrong with it and the error goes with the next good action; lobby errors belong to the lobby's form", async () => {
    const night = await evening();
    const gm = await night.open(`user=gm&lang=${lang}&dice=90,60,15,20&botDelay=0`);
    const han = await night.open(`user=player1&lang=${lang}`);
    const lando = await night.open(`user=player2&lang=${lang}`);
    await gm.bringToFront();
    // A table nobody can pay for: the lobby's error names the seat as typed, and a change clears it.
    await createTable(
      gm,
      [
        { user: "player3", name: "Greedo" },
        { user: "player4", name: "Bossk" },
      ],
      { ante: "5000" },
    );
    const lobbyError = gm.locator("[data-lobby-error]");
    await expect.poll(() => lobbyError.textContent()).toContain("Greedo");
    expect(await lobbyError.textContent()).not.toContain("seat-1");
    await gm.screenshot({ path: `${RESULTS}/night-lobby-error-${lang}.png` });
    await gm.selectOption('select[name="seatCount"]', "3");
    await expect.poll(() => lobbyError.textContent()).toBe("");

    await createTable(
      gm,
      [
        { user: "player1", name: "Han" },
        { user: "player2", name: "Lando" },
      ],
      { ante: "100" },
    );
    expect(await lobbyError.textContent()).toBe("");
    const hanWin = win(han, "Han, Lando");
    const landoWin = win(lando, "Han, Lando");
    await han.bringToFront();
    await hanWin.locator('[data-action="roll-order"]').click();
    await lando.bringToFront();
    await landoWin.locator('[data-action="roll-order"]').click();
    await han.bringToFront();
    await hanWin.locator('[data-action="roll-hand"]').click();
    await hanWin.locator('[data-action="keep"]').click();
    await lando.bringToFront();
    await landoWin.locator('[data-action="roll-hand"]').click();
    await landoWin.locator('[data-action="keep"]').click();

    await han.bringToFront();
    const amount = hanWin.locator('input[name="amount"]');
    const error = hanWin.locator("[data-error]");
    await amount.waitFor();
    for (const [typed, says] of [
      ["12.5", t.notWhole],
      ["-5", t.tooSmall],
      ["", t.missing],
    ] as const) {
      await amount.fill(typed);
      await hanWin.locator('[data-action="bet"]:not([data-amount])').click();
      await expect.poll(() => error.textContent()).toContain(says);
    }
    await han.screenshot({ path: `${RESULTS}/night-bet-error-${lang}.png` });
    await expectAccessible(han, `${RESULTS}/night-bet-error-${lang}.png`);
    // The error is about Han's bet: Lando's window does not show it.
    expect(await landoWin.locator("[data-error]").textContent()).toBe("");
    await amount.fill("10");
    await hanWin.locator('[data-action="bet"]:not([data-amount])').click();
    await expect.poll(() => hanWin.locator("[data-error]").textContent()).toBe("");
    await night.context.close();
  });

  it("the player whose turn it is sees it (badge, tab title, flashing behind other tabs; a sound if asked); a reload restores one window per table; 1024 px wide", async () => {
    const night = await evening(1024);
    const gm = await night.open(`user=gm&lang=${lang}&dice=90,60&botDelay=0`);
    const han = await night.open(`user=player1&lang=${lang}`);
    const lando = await night.open(`user=player2&lang=${lang}`);
    await gm.bringToFront();
    await createTable(gm, [
      { user: "player1", name: "Han" },
      { user: "player2", name: "Lando" },
    ]);
    const hanWin = win(han, "Han, Lando");
    await expect.poll(() => hanWin.locator("[data-my-turn]").textContent()).toBe(t.turn);
    await expect.poll(() => han.title()).toContain(`(1) ${t.turn}`);
    // Not the GM's turn: no badge, no count in the title.
    expect(await gm.locator("[data-my-turn]").count()).toBe(0);
    expect(await gm.title()).not.toContain(t.turn);
    // The sound is off until the player turns it on (kept in this browser).
    const sound = han.locator("[data-turn-sound]");
    expect(await sound.isChecked()).toBe(false);
    await sound.check();
    expect(await han.evaluate(() => localStorage.getItem("cantina-games:turn-sound"))).toBe("on");
    // Behind other tabs the title flashes.
    await han.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => han.title(), { timeout: 5000 }).toContain("★");
    await han.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => han.title()).toContain(`(1) ${t.turn}`);
    // Han rolls: his turn is over (Lando's is not), the cue goes.
    await han.bringToFront();
    await hanWin.locator('[data-action="roll-order"]').click();
    await expect.poll(() => hanWin.locator("[data-my-turn]").count()).toBe(0);
    expect(await han.title()).not.toContain(t.turn);
    await lando.bringToFront();
    await lando.screenshot({ path: `${RESULTS}/night-turn-cue-${lang}.png` });
    await expectAccessible(lando, `${RESULTS}/night-turn-cue-${lang}.png`);

    // A reload restores one window per table, not one more each time.
    await gm.bringToFront();
    await gm.locator('[data-page-action="table-open"]').click();
    for (const page of [gm, han]) {
      await page.reload();
      await page.waitForSelector("[data-window]");
      await page.reload();
      await page.waitForSelector("[data-window]");
      expect(await page.locator("[data-window]").count()).toBe(1);
    }
    // 1024 px: nothing wider than the page, the window's controls in view.
    for (const page of [gm, han, lando]) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      const box = await page.locator("[data-window]").first().boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
    }
    await gm.screenshot({ path: `${RESULTS}/night-1024-${lang}.png`, fullPage: true });
    await night.context.close();
  });
});
