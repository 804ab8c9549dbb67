/**
 * Turn clocks on the standalone table (issue 27): the GM sets seconds per turn in the lobby; the
 * player to act sees their time; when it runs out (the GM page's clock, held by Playwright, is
 * moved on: no waiting) they are marked away, the table's bot plays that turn, and they say "I'm
 * back"; the GM marks the other player away and skips their turn. Take-backs: where the GM allows
 * them, a player's clicked move is taken back from the window's button. Screenshots in test-results/.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();
const GAME = "takat";
const win = (page: Page) => page.locator(`[data-window][data-game="${GAME}"]`).last();
const myTurn = async (page: Page) => ((await win(page).getAttribute("class")) ?? "").includes("is-my-turn");

describe("standalone table: turn clocks", () => {
  it("a turn run out marks the player away and is played for them; I'm back; the GM marks away and skips", async () => {
    const gm = await table().open("user=gm&botDelay=0", (page) => page.clock.install());
    const ana = await table().open("user=player1");
    const bo = await table().open("user=player2");
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.fill('input[name="turnSeconds"]', "2");
    await gm.click('[data-page-action="lobby-create"]');
    // Below the minimum: refused with the bounds named, and nothing opens.
    await expect.poll(() => gm.locator("[data-lobby-error]").textContent()).toContain("5");
    await gm.fill('input[name="turnSeconds"]', "30");
    await gm.click('[data-page-action="lobby-create"]');
    expect((await gm.locator("[data-lobby-error]").textContent())?.trim() ?? "").toBe("");
    await win(ana).waitFor();
    await win(bo).waitFor();
    await expect.poll(() => win(ana).locator(".cantina-turn-clock").textContent()).toContain("30");
    // The first player's time shows, named, on everyone's window.
    await expect.poll(() => win(bo).locator("[data-countdown-ends-at]").count()).toBe(1);
    expect(await win(ana).locator("[data-away-mark]").count()).toBe(0);

    const awayPage = (await myTurn(ana)) ? ana : bo;
    const otherPage = awayPage === ana ? bo : ana;
    expect(await myTurn(otherPage)).toBe(false);

    // Thirty seconds on the host's clock: the player to act is marked away and their turn played.
    await gm.clock.fastForward(30_000);
    await expect.poll(() => win(ana).locator("[data-away-mark]").count()).toBe(1);
    await expect.poll(() => win(bo).locator("[data-away-mark]").count()).toBe(1);
    await expect.poll(() => myTurn(otherPage)).toBe(true);
    expect(await myTurn(awayPage)).toBe(false);
    expect(await win(awayPage).locator('button[data-op="back"]').count()).toBe(1);
    await awayPage.screenshot({ path: `${RESULTS}/turn-clock-away.png` });

    // The player says they are back: the mark goes, for everyone.
    await awayPage.bringToFront();
    await win(awayPage).locator('button[data-op="back"]').click();
    await expect.poll(() => win(otherPage).locator("[data-away-mark]").count()).toBe(0);

    // The GM marks the player to act away, then skips their turn: the table moves on.
    await gm.bringToFront();
    const gmWin = win(gm);
    const toAct = otherPage === ana ? "Ana" : "Bo";
    await gmWin.getByRole("button", { name: new RegExp(`^(Mark ${toAct} away)$`) }).click();
    await expect.poll(() => win(otherPage).locator("[data-away-mark]").count()).toBe(1);
    await gmWin.getByRole("button", { name: `Skip ${toAct}'s turn` }).click();
    await expect.poll(() => myTurn(awayPage)).toBe(true);
    expect(await myTurn(otherPage)).toBe(false);
    expect(await win(otherPage).locator('button[data-op="back"]').count()).toBe(1);
  });

  it("where the GM allows take-backs, a player takes back a clicked move and plays again", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    const ana = await tabs.open("user=player1");
    const bo = await tabs.open("user=player2");
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.check('input[name="undo"]');
    await gm.click('[data-page-action="lobby-create"]');
    await win(ana).waitFor();
    await win(bo).waitFor();
    await expect.poll(async () => (await myTurn(ana)) || (await myTurn(bo))).toBe(true);
    const mover = (await myTurn(ana)) ? ana : bo;
    const other = mover === ana ? bo : ana;
    expect(await win(mover).locator('button[data-op="undo"]').count()).toBe(0);
    await mover.bringToFront();
    const board = win(mover).locator("[data-board]");
    const sources = board.locator("[data-selectable]");
    await expect.poll(() => sources.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await sources.count()); i++) {
      await sources.nth(i).click();
      const dests = board.locator("[data-destination]");
      if ((await dests.count()) === 0) continue;
      await dests.first().click();
      break;
    }
    await expect.poll(() => myTurn(other)).toBe(true);
    // Only the mover is offered the take-back; the other player is not.
    await expect.poll(() => win(mover).locator('button[data-op="undo"]').count()).toBe(1);
    expect(await win(other).locator('button[data-op="undo"]').count()).toBe(0);
    await mover.screenshot({ path: `${RESULTS}/undo-offered.png` });
    await win(mover).locator('button[data-op="undo"]').click();
    await expect.poll(() => myTurn(mover)).toBe(true);
    expect(await myTurn(other)).toBe(false);
    await expect.poll(() => win(mover).locator('button[data-op="undo"]').count()).toBe(0);
    await expect
      .poll(() => other.locator("[data-chat-line]").last().textContent())
      .toContain(mover === ana ? "Ana took back their move." : "Bo took back their move.");
  });
});
