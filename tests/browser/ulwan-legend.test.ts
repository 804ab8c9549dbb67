/**
 * The Ulwan family's tile legend at 1024×768 (issue 33, "Boards read first"): folded to one line of
 * swatches and tile names under the board, its effects on demand, so that a player's window is the
 * board, the dice and the players rather than a page of rules. One table, a player and a bot.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, seatPeople, serveStandalone, settled } from "./standalone";

const table = serveStandalone();
const GAME = "seven-ulwan";
const win = (page: Page) => page.locator(`[data-window][data-game="${GAME}"]`).last();

describe("Seven Ulwan's tile legend at 1024×768", () => {
  it("is one short folded line naming every tile; opening it shows what each tile does", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    const ana = await tabs.open("user=player1");
    await ana.setViewportSize({ width: 1024, height: 768 });
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana" });
    await gm.selectOption('select[name="seat1.kind"]', "bot");
    await gm.click('[data-page-action="lobby-create"]');
    await win(ana).waitFor();
    await ana.bringToFront();
    await settled(ana);

    const legend = win(ana).locator(".cantina-ulwan-legend");
    const effect = legend.locator("li").first();
    // Folded: the seven tile kinds' swatches and names in at most two short lines, no effect text.
    const folded = await legend.boundingBox();
    expect(folded?.height ?? Infinity).toBeLessThan(64);
    await expect.poll(() => effect.isVisible()).toBe(false);
    const line = (await legend.locator("summary").textContent()) ?? "";
    for (const name of ["Cresh", "Dorn", "Besh", "Aurek", "Esk", "Forn"]) expect(line).toContain(name);
    await ana.screenshot({ path: `${RESULTS}/ulwan-legend-folded.png` });

    // On demand: the whole legend, each tile with what it does.
    await legend.locator("summary").click();
    await expect.poll(() => effect.isVisible()).toBe(true);
    expect(await legend.locator("li").count()).toBeGreaterThanOrEqual(6);
    expect(await legend.locator("li").filter({ hasText: "Cresh (gold)" }).textContent()).toMatch(
      /extra roll|another roll/,
    );
    await expectAccessible(ana, "Seven Ulwan's legend, open", `[data-window][data-game="${GAME}"]`);
  });
});
