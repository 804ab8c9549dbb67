/**
 * Feel on the standalone page: the sound toggle is labelled and works from the keyboard, and a roll
 * is shown rolling onto the host's result (not for a player who asks for less motion).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, clickPlayed, openGmAndTwoPlayers, seatPeople, serveStandalone, settled } from "./standalone";

const table = serveStandalone();

/**
 * Records each die that starts rolling: its text then and its animation (none with reduced motion),
 * in the windows (`rolled`) and in the chat (`chatRolled`: each die of a new roll line).
 */
async function recordRolls(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Seen = { text: string; animation: string }[];
    const seen: Seen = [];
    const chat: Seen = [];
    Object.assign(window, { rolled: seen, chatRolled: chat });
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        if (r.attributeName === "class" && el.classList.contains("cantina-die-rolling"))
          (el.closest("[data-window]") ? seen : chat).push({
            text: el.textContent ?? "",
            animation: el.getAnimations().length > 0 ? "tumble" : "none",
          });
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["class"] });
  });
}

type Rolled = { text: string; animation: string }[];
const rolled = (page: Page) => page.evaluate(() => (window as unknown as { rolled: Rolled }).rolled);
const chatRolled = (page: Page) => page.evaluate(() => (window as unknown as { chatRolled: Rolled }).chatRolled);

describe("feel: sounds and dice", () => {
  it("the sound toggle has a label and is switched with the keyboard; a roll tumbles onto the host's result", async () => {
    const { gm, first: ana, second: bo } = await openGmAndTwoPlayers(table());
    await bo.emulateMedia({ reducedMotion: "reduce" });
    // The toggle: a checkbox named by its label, off by default, Space turns it on and off again.
    await ana.bringToFront();
    const toggle = ana.getByRole("checkbox", { name: "Sounds: my turn, dice, cards, a win or a loss" });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.focus();
    await ana.keyboard.press("Space");
    expect(await ana.evaluate(() => localStorage.getItem("cantina-games:turn-sound"))).toBe("on");
    await ana.keyboard.press("Space");
    expect(await ana.evaluate(() => localStorage.getItem("cantina-games:turn-sound"))).toBe("off");

    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', "ulwan");
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.click('[data-page-action="lobby-create"]');
    const anaWin = ana.locator('[data-window][data-game="ulwan"]').last();
    await anaWin.waitFor();
    await bo.locator('[data-window][data-game="ulwan"]').last().waitFor();
    for (const page of [ana, bo]) await recordRolls(page);
    await ana.bringToFront();
    // Every tab at the same version first: an update arriving during the click could take the button away.
    await settled(ana);
    await clickPlayed(anaWin, anaWin.locator('[data-action="roll"]'));
    // The result is the host's (in the window at once); the dice tumble onto it, for Bo without motion.
    const result = anaWin.locator("[data-roll]");
    await result.waitFor();
    const total = (await result.getAttribute("data-roll")) ?? "";
    // The window draws the roll as its four coins, as many marked as the total counts; they tumble
    // onto their faces. (A window redrawn while the dice tumble may start them again: on the same faces.)
    const coins = anaWin.locator("[data-roll] [data-die-face]");
    expect(await coins.count()).toBe(4);
    expect(await anaWin.locator('[data-roll] [data-die-face][data-success="true"]').count()).toBe(Number(total));
    await expect.poll(async () => (await rolled(ana)).length).toBeGreaterThanOrEqual(4);
    for (const r of await rolled(ana))
      expect(r).toEqual({ text: expect.stringMatching(/^[12]$/), animation: "tumble" });
    // Bo's window shows the same result, and no die of his tumbles.
    await expect
      .poll(() => bo.locator('[data-window][data-game="ulwan"] [data-roll]').getAttribute("data-roll"))
      .toBe(total);
    expect(await rolled(bo)).toEqual([]);
    // The roll's line in chat: its four coins tumble too (each showing its own face), not for Bo.
    await expect.poll(async () => (await chatRolled(ana)).length).toBeGreaterThanOrEqual(4);
    for (const r of await chatRolled(ana))
      expect(r).toEqual({ text: expect.stringMatching(/^[12]$/), animation: "tumble" });
    expect(await chatRolled(bo)).toEqual([]);
    await ana.screenshot({ path: `${RESULTS}/feel-ulwan-roll.png` });
    // Bo's window without motion: the coins at rest on their faces.
    await bo.screenshot({ path: `${RESULTS}/feel-ulwan-roll-still.png` });
  });
});
