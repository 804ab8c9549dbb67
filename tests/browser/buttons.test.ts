/**
 * One button style everywhere (issue 33, "one look"): every button of the page and of every game's
 * window, in the light and the dark theme, wears the shared look (the page's font, rounded corners,
 * the theme's colours), never the browser's own grey, outset one. The board's drawn places (cells,
 * points) and the tiles are drawings that take clicks, not buttons to look at: they are left out.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();

/** Buttons that are drawn things (a board's cells and points, a placement's tiles), not controls. */
const DRAWN = ".cantina-cell, .cantina-point, [data-tile]";

const rowIds = (gm: Page): Promise<string[]> =>
  gm.$$eval("[data-table-row]", (rows) => rows.map((r) => r.getAttribute("data-table-row") ?? ""));

/** A bot in seat `i`, with a stake above any game's ante where the seat takes one. */
async function botIn(gm: Page, i: number): Promise<void> {
  await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  const stake = gm.locator(`input[name="seat${i}.stake"]`);
  if ((await stake.count()) > 0) await stake.fill("5000");
}

/** Every game's table, a player seated first and bots in the other seats, its window open on the GM's page; who sits where. */
async function openEveryGame(gm: Page): Promise<Map<string, string>> {
  const games = await gm.$$eval('select[name="gameId"] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
  const seated = new Map<string, string>();
  for (const [i, game] of games.entries()) {
    // Each player's purse pays one or two antes: the tables go round the six players.
    const user = `player${(i % 6) + 1}`;
    seated.set(game, user);
    await gm.selectOption('select[name="gameId"]', game);
    await gm.selectOption('select[name="seat0.kind"]', "person");
    await gm.selectOption('select[name="seat0.userId"]', user);
    const seats = await gm.locator('select[name$=".kind"]').count();
    for (let i = 1; i < seats; i++) await botIn(gm, i);
    const before = await rowIds(gm);
    await gm.click('[data-page-action="lobby-create"]');
    const added = async (): Promise<string | undefined> => (await rowIds(gm)).find((r) => !before.includes(r));
    // An ante above every purse (True Sabacc's): a bot takes the seat, the GM's window still shows.
    await expect
      .poll(async () => (await added()) ?? (await gm.locator("[data-lobby-error]").textContent()))
      .toBeTruthy();
    if (!(await added())) {
      seated.delete(game);
      await botIn(gm, 0);
      await gm.click('[data-page-action="lobby-create"]');
    }
    await expect.poll(added).toBeTruthy();
    const id = await added();
    await gm.locator(`[data-table-row="${id}"] [data-page-action="table-open"]`).click();
    await gm.locator(`[data-window][data-game="${game}"]`).first().waitFor();
  }
  return seated;
}

/** The visible buttons (drawn places left out) that do not wear the shared look, each with why. */
async function offStyle(page: Page): Promise<string[]> {
  return page.evaluate((drawn) => {
    const font = getComputedStyle(document.body).fontFamily;
    const out: string[] = [];
    for (const b of document.querySelectorAll<HTMLButtonElement>("button")) {
      if (b.closest(drawn) || b.getClientRects().length === 0) continue;
      const cs = getComputedStyle(b);
      const why: string[] = [];
      if (cs.fontFamily !== font) why.push(`font ${cs.fontFamily}`);
      if (cs.borderTopStyle === "outset") why.push("the browser's outset border");
      if (cs.backgroundColor === "rgb(239, 239, 239)") why.push("the browser's grey");
      if (cs.borderTopLeftRadius === "0px") why.push("square corners");
      if (cs.cursor !== "pointer" && !b.disabled) why.push(`cursor ${cs.cursor}`);
      if (why.length === 0) continue;
      const where = b.closest("[data-game]")?.getAttribute("data-game") ?? "page";
      const name = (b.getAttribute("aria-label") ?? b.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      out.push(`${where} «${name}» (${b.className || "no class"}): ${why.join(", ")}`);
    }
    // One line per kind of button and fault.
    return [...new Set(out)];
  }, DRAWN);
}

/**
 * The visible selects that do not wear the module's one control look, each with why: the page's font,
 * rounded corners, the theme's control colours (a probe beside each reads them from the variables),
 * the module's own arrow (never the browser's menulist drawing, which ignores the theme).
 */
async function offStyleSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const font = getComputedStyle(document.body).fontFamily;
    const out: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>("select")) {
      if (select.getClientRects().length === 0) continue;
      const probe = document.createElement("span");
      probe.style.cssText = "background: var(--cantina-button); color: var(--cantina-ink); position: absolute;";
      select.after(probe);
      const want = getComputedStyle(probe);
      const cs = getComputedStyle(select);
      const why: string[] = [];
      if (cs.fontFamily !== font) why.push(`font ${cs.fontFamily}`);
      if (cs.borderTopLeftRadius === "0px") why.push("square corners");
      if (cs.backgroundColor !== want.backgroundColor) why.push(`background ${cs.backgroundColor}`);
      if (cs.color !== want.color) why.push(`text ${cs.color}`);
      if (cs.appearance !== "none") why.push(`the browser's ${cs.appearance} drawing`);
      if (cs.cursor !== "pointer" && !select.disabled) why.push(`cursor ${cs.cursor}`);
      probe.remove();
      if (why.length === 0) continue;
      const where = select.closest("[data-game]")?.getAttribute("data-game") ?? "page";
      out.push(`${where} select[name=${select.name || "?"}]: ${why.join(", ")}`);
    }
    return [...new Set(out)];
  });
}

describe("buttons", () => {
  it("every button of the page and of each game's window wears the shared look, in both themes", async () => {
    const gm = await table().open("user=gm&botDelay=600000");
    const seated = await openEveryGame(gm);
    expect(await gm.locator("[data-window][data-game]").count()).toBeGreaterThan(10);
    const pages: [string, Page][] = [["GM", gm]];
    for (const user of new Set(seated.values())) pages.push([user, await table().open(`user=${user}`)]);
    for (const [game, user] of seated)
      await pages
        .find(([who]) => who === user)![1]
        .locator(`[data-window][data-game="${game}"]`)
        .first()
        .waitFor();
    const found: string[] = [];
    for (const [who, page] of pages)
      for (const theme of ["dark", "light"]) {
        await page.evaluate((t) => (document.documentElement.dataset.cantinaTheme = t), theme);
        found.push(...(await offStyle(page)).map((f) => `${who}, ${theme}: ${f}`));
      }
    expect(found).toEqual([]);
  });

  it("every select of the page and of a game's window wears the module's control look, in both themes", async () => {
    const gm = await table().open("user=gm&botDelay=600000");
    await seatPeople(gm, { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');
    await gm.locator('[data-page-action="table-open"]').first().click();
    // The GM's window: the table controls give a seat to a user from a select.
    await gm.locator("[data-window] select").first().waitFor();
    const found: string[] = [];
    for (const theme of ["dark", "light"]) {
      await gm.evaluate((t) => (document.documentElement.dataset.cantinaTheme = t), theme);
      found.push(...(await offStyleSelects(gm)).map((f) => `${theme}: ${f}`));
    }
    expect(found).toEqual([]);
  });
});
