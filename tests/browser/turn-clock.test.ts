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

  it("while no GM hosts a turn clock stands: the countdown stops, and a GM back starts the running turn afresh", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0", (page) => page.clock.install());
    const ana = await tabs.open("user=player1");
    const bo = await tabs.open("user=player2");
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.fill('input[name="turnSeconds"]', "30");
    await gm.click('[data-page-action="lobby-create"]');
    await expect.poll(() => win(ana).locator("[data-countdown-ends-at]").count()).toBe(1);
    await expect.poll(async () => (await myTurn(ana)) || (await myTurn(bo))).toBe(true);
    const mover = (await myTurn(ana)) ? ana : bo;
    const left = win(mover).locator("[data-countdown-time]");
    await gm.close({ runBeforeUnload: true });
    await expect.poll(() => mover.locator("[data-host-missing]").isVisible()).toBe(true);
    const standing = await left.textContent();
    // Two minutes without a GM (the context's clock, every tab's): the countdown stands where it was.
    await mover.clock.fastForward(120_000);
    await mover.clock.runFor(2_000);
    expect(await left.textContent()).toBe(standing);
    // The GM is back: the turn that ran starts afresh; nobody is marked away for the time without a GM.
    const back = await tabs.open("user=gm&botDelay=0");
    const backAt = await back.evaluate(() => Date.now());
    const endsAt = async () =>
      Number(await win(mover).locator("[data-countdown-ends-at]").getAttribute("data-countdown-ends-at"));
    await expect.poll(endsAt).toBeGreaterThanOrEqual(backAt + 25_000);
    expect(await win(mover).locator("[data-away-mark]").count()).toBe(0);
    expect(await myTurn(mover)).toBe(true);
    await tabs.context.close();
  });

  it("a player whose seat a bot took after their time ran out takes it back with I'm back", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0", (page) => page.clock.install());
    const ana = await tabs.open("user=player1");
    const bo = await tabs.open("user=player2");
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.fill('input[name="turnSeconds"]', "30");
    await gm.fill('input[name="botAfterSeconds"]', "10");
    await gm.click('[data-page-action="lobby-create"]');
    await expect.poll(() => win(bo).locator("[data-countdown-ends-at]").count()).toBe(1);
    await expect.poll(async () => (await myTurn(ana)) || (await myTurn(bo))).toBe(true);
    const late = (await myTurn(ana)) ? ana : bo;
    const name = late === ana ? "Ana" : "Bo";
    const title = win(late).locator('[id^="cantina-window-title-"]');
    expect(await title.textContent()).toContain(name);
    // Thirty seconds: marked away; ten more: the table's bot takes the seat, and the player watches.
    await gm.clock.fastForward(30_000);
    await expect.poll(() => win(late).locator("[data-away-mark]").count()).toBe(1);
    await gm.clock.fastForward(10_000);
    await expect.poll(() => title.textContent()).toContain("Spectator");
    // Their window offers the seat back; one click and it is theirs again.
    const imBack = win(late).locator('button[data-op="back"]');
    await expect.poll(() => imBack.count()).toBe(1);
    expect(await imBack.textContent()).toBe("I'm back");
    await late.bringToFront();
    await imBack.click();
    await expect.poll(() => title.textContent()).toContain(name);
    await expect.poll(() => imBack.count()).toBe(0);
    await tabs.context.close();
  });

  it("a finished table shows no away mark, turn clock or chances of winning, and folds to its result after the live tables", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0", (page) => page.clock.install());
    const han = await tabs.open("user=player1");
    await gm.bringToFront();
    // Ulwan with one piece each, a turn clock and the chances of winning; Han against a bot.
    await gm.selectOption('select[name="gameId"]', "ulwan");
    await gm.fill('input[name="option.pieces"]', "1");
    await gm.check('input[name="option.analysis"]');
    await seatPeople(gm, { player1: "Han" });
    await gm.selectOption('select[name="seat1.kind"]', "bot");
    await gm.fill('input[name="turnSeconds"]', "30");
    await gm.fill('input[name="botAfterSeconds"]', "5");
    await gm.click('[data-page-action="lobby-create"]');
    const hanWin = han.locator("[data-window]").first();
    await expect.poll(() => hanWin.locator("[data-countdown-ends-at]").count()).toBe(1);
    // Han's time runs out, then a bot takes his seat: the bots play the match to its end.
    await gm.clock.fastForward(30_000);
    await expect.poll(() => hanWin.locator("[data-away-mark]").count()).toBe(1);
    await gm.clock.fastForward(5_000);
    await expect.poll(() => hanWin.locator("[data-end-summary]").count(), { timeout: 60_000 }).toBe(1);
    for (const page of [han, gm]) {
      const window = page.locator("[data-window]").first();
      expect(await window.locator("[data-away-mark]").count()).toBe(0);
      expect(await window.locator(".cantina-turn-clock").count()).toBe(0);
      expect(await window.locator("[data-countdown-ends-at]").count()).toBe(0);
      expect(await window.locator('button[data-op="back"]').count()).toBe(0);
      expect(await window.locator("[data-win-bar]").count()).toBe(0);
    }
    await han.screenshot({ path: `${RESULTS}/turn-clock-finished.png` });
    // A table opened after it, still playing, is listed first; the finished one folds to one line.
    await seatPeople(gm, { player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');
    const rows = gm.locator("[data-table-row]");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute("data-table-over")).toBeNull();
    expect(await rows.nth(1).getAttribute("data-table-over")).toBe("");
    expect(await rows.nth(1).locator(".cantina-table-info").textContent()).toMatch(
      /^Ulwan Finished – (won by .+|nobody won)\.$/,
    );
    await tabs.context.close();
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
