/**
 * Every board game's window at 1024×768 as a player sees it, at the start and after a few moves made by
 * clicking (a bot answers each): pieces of 24 px or more, the board and the controls on screen unscrolled
 * (issue 27); screenshots in test-results/boards-1024-<game>-*.png to look at. Each game a table apart.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, serveStandalone, settled } from "./standalone";

const table = serveStandalone();

const BOARD_GAMES = ["ulwan", "ulwan-finkel", "seven-ulwan", "hununga", "defiance-and-domain", "porrika", "takat"];

const SMALL = { width: 1024, height: 768 };
/** The games whose window sets its side column beside the board at 1024 px. */
const NARROW_COLUMN = ["hununga", "defiance-and-domain", "porrika"];
/** The smallest piece that reads at a glance (issue 27: Por'rika's were about 10 px). */
const MIN_PIECE_PX = 24;

const win = (page: Page, game: string) => page.locator(`[data-window][data-game="${game}"]`).last();

/**
 * Waits until the window has no request under way (`aria-busy`, src/apps/table/sending.ts): until
 * then it shows the board as it was before the player's last click, and a redraw may take a clicked
 * source or destination away.
 */
async function notBusy(page: Page, game: string): Promise<void> {
  await expect.poll(() => win(page, game).getAttribute("aria-busy")).toBeNull();
}

/** Every tab shows the table at the same version (no update on its way) and this window sends nothing. */
async function readyToClick(page: Page, game: string): Promise<void> {
  await settled(page);
  await notBusy(page, game);
}

/** One move by clicking if the board offers one: a roll first where the window has one, else a source and its destination. */
async function clickAMove(page: Page, game: string): Promise<boolean> {
  await readyToClick(page, game);
  const roll = win(page, game).locator('[data-action="roll"]:not([disabled])');
  if ((await roll.count()) > 0) {
    await roll.first().click();
    return true;
  }
  const board = win(page, game).locator("[data-board]");
  const sources = board.locator("[data-selectable]");
  const n = await sources.count();
  for (let i = 0; i < n; i++) {
    // A redraw (the roll's answer, the other side's move) may have left fewer sources than counted.
    await readyToClick(page, game);
    if (i >= (await sources.count())) break;
    const clicked = await sources
      .nth(i)
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!clicked) continue;
    const dests = board.locator("[data-destination]");
    if ((await dests.count()) === 0) continue;
    await readyToClick(page, game);
    await dests.first().click({ timeout: 5_000 });
    const choice = win(page, game).locator("[data-choice]:visible");
    if ((await choice.count()) > 0) await choice.first().click();
    return true;
  }
  // Defiance and Domain: a turn's second half may be to leave the Commands where they stand.
  const stay = win(page, game).locator('[data-action="stay"]');
  if ((await stay.count()) > 0) {
    await stay.first().click();
    return true;
  }
  return false;
}

/**
 * What a player sees of the window without scrolling the page: each piece's drawn box (its kind,
 * width, height in px) and where the board's drawing and the controls end.
 */
async function seen(page: Page, game: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return win(page, game).evaluate((el) => {
    const pieces = [...el.querySelectorAll("[data-board-surface] .cantina-piece")].map((g) => {
      const box = g.getBoundingClientRect();
      return { kind: g.getAttribute("class") ?? "", width: box.width, height: box.height };
    });
    const bottom = (selector: string) => el.querySelector(selector)?.getBoundingClientRect().bottom ?? Infinity;
    // A player's line (the unequal-forces games) reads as words: what follows the name goes on from
    // the name's line, not as a column of its own beside it.
    let hangingIndents = 0;
    const brokenLines = [...el.querySelectorAll(".cantina-unequal-player strong")].flatMap((name) => {
      const rest = name.nextSibling;
      if (!rest) return [];
      const range = document.createRange();
      range.selectNodeContents(rest);
      const after = range.getClientRects()[0];
      const box = name.getBoundingClientRect();
      return after && (Math.abs(after.top - box.top) > 2 || after.left - box.right > 8)
        ? [
            `${name.textContent}: "${rest.textContent}" starts at ${after.left},${after.top}, the name ends at ${box.right},${box.top}`,
          ]
        : [];
    });
    // "Moves played": each move's text begins on its number's line, even in a narrow column.
    for (const move of el.querySelectorAll(".cantina-history-move")) {
      const number = move.querySelector(".cantina-history-number")?.getBoundingClientRect();
      const text = move.querySelector(".cantina-history-line")?.getClientRects()[0];
      if (number && text && Math.abs(text.top - number.top) > 2)
        brokenLines.push(`move ${move.textContent?.trim().slice(0, 30)}: its text starts under its number`);
      // Under a hanging indent: the first line's text starts where its wrapped lines start (a space
      // after the number pushed the first line in, seen in the gallery's narrow columns).
      const rects = [...move.querySelectorAll(".cantina-history-line")].flatMap((line) => [...line.getClientRects()]);
      const first = rects[0];
      const wrapped = rects.filter((r) => first && r.top > first.top + 2);
      const wrappedLeft = Math.min(...wrapped.map((r) => r.left));
      if (first && wrapped.length > 0) {
        hangingIndents++;
        if (Math.abs(first.left - wrappedLeft) > 1)
          brokenLines.push(
            `move ${move.textContent?.trim().slice(0, 30)}: its first line starts at ${first.left}, the next at ${wrappedLeft}`,
          );
      }
    }
    // The facings' question sits inside its frame, not across the frame's top border (two lines did).
    const facings = el.querySelector(".cantina-unequal-facings fieldset");
    const question = facings?.querySelector("legend");
    if (facings && question) {
      const frame = facings.getBoundingClientRect();
      const border = parseFloat(getComputedStyle(facings).borderTopWidth);
      if (question.getBoundingClientRect().top < frame.top + border)
        brokenLines.push("the facings' question is drawn across its frame's top border");
    }
    // Defiance's facings read as a compass: north above south, west left of east, on the centre's lines.
    const facing = (dir: number) =>
      el.querySelector(`input[name="facing"][value="${dir}"]`)?.closest("label")?.getBoundingClientRect();
    const [north, east, south, west] = [0, 2, 4, 6].map(facing);
    if (north && east && south && west) {
      const compass = north.bottom <= east.top && east.bottom <= south.top && west.right <= north.left;
      const aligned = Math.abs(north.left - south.left) < 2 && Math.abs(west.top - east.top) < 2;
      if (!compass || !aligned) brokenLines.push("the facings are not laid out as a compass");
    }
    return {
      pieces,
      brokenLines,
      hangingIndents,
      boardBottom: bottom("[data-board-surface]"),
      controlsBottom: bottom(".cantina-controls"),
    };
  });
}

/** What a player at 1024×768 could not read or reach: pieces under 24 px, the board or the controls below the fold. */
async function unreadable(page: Page, game: string, when: string): Promise<string[]> {
  const { pieces, brokenLines, hangingIndents, boardBottom, controlsBottom } = await seen(page, game);
  const problems: string[] = brokenLines.map((line) => `${when}: ${line}`);
  // The games whose moves played stand in the narrow column beside the board: there a move wraps.
  if (when !== "start" && NARROW_COLUMN.includes(game) && hangingIndents === 0)
    problems.push(`${when}: no move of the moves played wraps, so their indent was not checked`);
  const small = pieces.filter((p) => Math.min(p.width, p.height) < MIN_PIECE_PX);
  const least = small.sort((a, b) => Math.min(a.width, a.height) - Math.min(b.width, b.height))[0];
  if (least)
    problems.push(
      `${when}: ${small.length} of ${pieces.length} pieces under ${MIN_PIECE_PX} px, the smallest ` +
        `${least.kind} ${least.width.toFixed(1)}×${least.height.toFixed(1)} px`,
    );
  if (boardBottom > SMALL.height) problems.push(`${when}: the board ends at ${boardBottom} px`);
  if (controlsBottom > SMALL.height) problems.push(`${when}: the controls end at ${controlsBottom} px`);
  return problems;
}

/** Whether the player can do something now (or the game is over). */
async function canAct(page: Page, game: string): Promise<boolean> {
  const w = win(page, game);
  const offered = await w
    .locator("[data-selectable], [data-action='roll']:not([disabled]), [data-action='stay']")
    .count();
  return offered > 0 || (await w.locator("[data-status]").textContent())?.includes("won") === true;
}

describe("every board game's window at 1024×768", () => {
  for (const game of BOARD_GAMES)
    it(`${game}: the board at the start and after a few moves`, async () => {
      const tabs = await table().newContext();
      const gm = await tabs.open("user=gm&botDelay=0");
      const ana = await tabs.open("user=player1");
      await ana.setViewportSize(SMALL);
      await gm.bringToFront();
      await gm.selectOption('select[name="gameId"]', game);
      await gm.selectOption('select[name="seat0.kind"]', "person");
      await gm.selectOption('select[name="seat0.userId"]', "player1");
      await gm.fill('input[name="seat0.name"]', "Ana");
      await gm.selectOption('select[name="seat1.kind"]', "bot");
      await gm.click('[data-page-action="lobby-create"]');
      await win(ana, game).waitFor();
      await ana.bringToFront();
      await readyToClick(ana, game);
      await ana.screenshot({ path: `${RESULTS}/boards-1024-${game}-start.png` });
      const problems = await unreadable(ana, game, "start");
      for (let i = 0; i < 4; i++) {
        // Wait for the bot's answer: the window offers the player something to click again.
        // (Seven Ulwan may leave the player nothing to click for a while: then the screenshot is taken as it is.)
        let ready = false;
        for (let wait = 0; wait < 60 && !ready; wait++) {
          ready = await canAct(ana, game);
          if (!ready) await ana.waitForTimeout(250);
        }
        if (!ready || !(await clickAMove(ana, game))) break;
      }
      await readyToClick(ana, game);
      await ana.screenshot({ path: `${RESULTS}/boards-1024-${game}-play.png` });
      problems.push(...(await unreadable(ana, game, "after a few moves")));
      expect(await win(ana, game).locator("[data-board] .cantina-piece").count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await tabs.context.close();
    });
});
