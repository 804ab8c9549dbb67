/**
 * Seven Ulwan in real Chromium: two player pages play by clicking the board (piece, then a square
 * marked as a destination) through a bounce, a Forn capture, an Esk move and an exact bear-off,
 * while a spectator page bets on a pool from the same window. Screenshots in test-results/.
 *
 * The GM page's `?dice=` scripts the dice; each 4d2>2 roll takes four d2 results (2 = success):
 *   A 4 (enter on a1, a Cresh; buy the roll) 4 (a1→d2, Cresh; buy) 4 (d2→h2)
 *   B 4 (enter on a3; decline)            A 1 (h2→h1: A holds its Forn)
 *   B 4 (a3→d2; decline)                  A 4 (enter a1; buy) 4 (a1→d2: the Forn knocks B off the Cresh; decline)
 *   B 4 (enter a3; buy) 4 (a3→d2 occupied: bounce to e2)
 *   A 3 (d2→g2, an Esk: Esk move g2→h2)   B 0 (no move: passes)   A 2 (h1→off: the exact roll bears off)
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { OPENING_ROLLS, action, front, move, playOpening, roll, rollDice, square, win } from "./seven-ulwan";
import { RESULTS, joinEvent, seatPeople, serveStandalone } from "./standalone";

const ROLLS = [...OPENING_ROLLS, 4, 4, 4, 4, 3, 0, 2];
const DICE = rollDice(ROLLS);

const table = serveStandalone();
let gm: Page;
let aurra: Page;
let bossk: Page;
let watcher: Page;

async function pieceOn(page: Page, id: string): Promise<string | null> {
  return square(page, id).getAttribute("data-piece");
}

describe("standalone table: Seven Ulwan", () => {
  it("two players click through a bounce, a Forn capture, an Esk move and an exact bear-off while a spectator bets", async () => {
    gm = await table().open(`user=gm&dice=${DICE.join(",")}&botDelay=0`);
    await front(gm);
    aurra = await table().open("user=player1");
    bossk = await table().open("user=player2");
    watcher = await table().open("user=player3");

    await gm.selectOption('select[name="gameId"]', "seven-ulwan");
    await seatPeople(gm, { player1: "Aurra", player2: "Bossk" });
    await gm.screenshot({ path: `${RESULTS}/ulwan-lobby.png` });
    await expectAccessible(gm, `${RESULTS}/ulwan-lobby.png`);
    await gm.click('[data-page-action="lobby-create"]');
    // Joining the event is the GM's act: the GM adds the spectator before they can bet.
    await joinEvent(gm, "player3", "Greedo");

    // The spectator opens the table from the list and bets 100 on Aurra to win.
    await front(watcher);
    await watcher.locator('[data-page-action="table-open"]').first().click();
    const winnerPool = win(watcher).locator('[data-pool="long-winner"]');
    await winnerPool.locator('input[name="bet-long-winner"]').fill("100");
    await winnerPool.locator('[data-outcome="seat-1"] [data-page-action="side-bet"]').click();
    await expect
      .poll(() => winnerPool.locator('[data-outcome="seat-1"] [data-my-stake]').getAttribute("data-my-stake"))
      .toBe("100");
    // Players see the pools but cannot bet.
    await expect.poll(() => win(aurra).locator('[data-pool="long-winner"]').count()).toBe(1);
    expect(await win(aurra).locator('[data-page-action="side-bet"]').count()).toBe(0);
    await watcher.screenshot({ path: `${RESULTS}/ulwan-spectator-bet.png` });
    await expectAccessible(watcher, `${RESULTS}/ulwan-spectator-bet.png`);

    // Aurra: 4, a new piece onto a1 (a Cresh), buys the extra roll twice, runs to h2. Bossk: a piece
    // onto a3; declines the extra roll. Aurra: 1, h2 → h1, her Forn. Bossk: a3 → d2, the shared Cresh.
    await playOpening(aurra, bossk);
    await expect.poll(() => pieceOn(aurra, "d2")).toBe("1");
    // Aurra: a new piece, the extra roll, then a1 → d2: holding the Forn, she knocks Bossk off the Cresh.
    await roll(aurra);
    await move(aurra, "hand", "a1");
    await action(aurra, "buy-roll");
    await roll(aurra);
    await move(aurra, "a1", "d2");
    await expect.poll(() => pieceOn(bossk, "d2")).toBe("0");
    expect(await win(bossk).locator('[data-tray="hand"]').getAttribute("data-count")).toBe("7");
    await aurra.screenshot({ path: `${RESULTS}/ulwan-forn-capture.png` });
    await expectAccessible(aurra, `${RESULTS}/ulwan-forn-capture.png`);
    await action(aurra, "decline");
    // Bossk: a piece onto a3, the extra roll, then a3 → d2 occupied: it bounces on to e2.
    await roll(bossk);
    await move(bossk, "hand", "a3");
    await action(bossk, "buy-roll");
    await roll(bossk);
    await move(bossk, "a3", "e2");
    await expect.poll(() => pieceOn(aurra, "e2")).toBe("1");
    expect(await pieceOn(aurra, "d2")).toBe("0");
    await bossk.screenshot({ path: `${RESULTS}/ulwan-bounce.png` });
    await expectAccessible(bossk, `${RESULTS}/ulwan-bounce.png`);
    // Aurra: 3, d2 → g2, an Esk: for 5× the ante, the Esk move g2 → h2.
    await roll(aurra);
    await move(aurra, "d2", "g2");
    await expect.poll(() => win(aurra).locator("[data-status]").textContent()).toContain("Esk");
    await move(aurra, "g2", "h2");
    await expect.poll(() => pieceOn(bossk, "h2")).toBe("0");
    await aurra.screenshot({ path: `${RESULTS}/ulwan-esk.png` });
    await expectAccessible(aurra, `${RESULTS}/ulwan-esk.png`);
    // Bossk rolls 0 and passes; Aurra rolls 2: h1 → off, the exact roll.
    await roll(bossk);
    await roll(aurra);
    await move(aurra, "h1", "off");
    await expect.poll(() => win(bossk).locator('[data-tray="off-0"]').getAttribute("data-count")).toBe("1");
    expect(await pieceOn(aurra, "h1")).toBeNull();

    // Every roll went to chat with its notation, each die and the total.
    const rolls = await gm
      .locator('[data-chat-line][data-notation="4d2>2"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-total"))));
    expect(rolls).toEqual(ROLLS);
    // The spectator still sees the stake; the pot holds what was paid.
    expect(await winnerPool.locator('[data-outcome="seat-1"] [data-my-stake]').getAttribute("data-my-stake")).toBe(
      "100",
    );
    expect(await win(watcher).locator("[data-pot]").getAttribute("data-pot")).toBe("290");

    await gm.screenshot({ path: `${RESULTS}/ulwan-gm.png` });
    await expectAccessible(gm, `${RESULTS}/ulwan-gm.png`);
    await aurra.screenshot({ path: `${RESULTS}/ulwan-player1.png` });
    await expectAccessible(aurra, `${RESULTS}/ulwan-player1.png`);
    await bossk.screenshot({ path: `${RESULTS}/ulwan-player2.png` });
    await expectAccessible(bossk, `${RESULTS}/ulwan-player2.png`);
    await watcher.screenshot({ path: `${RESULTS}/ulwan-spectator.png` });
    await expectAccessible(watcher, `${RESULTS}/ulwan-spectator.png`);
  }, 240_000);

  it("the board is keyboard-usable: squares are buttons named by square, tile and piece; Enter selects and moves", async () => {
    expect(await square(aurra, "a1").evaluate((el) => el.tagName)).toBe("BUTTON");
    expect(await square(aurra, "a1").locator(".cantina-sr").textContent()).toContain("Cresh (gold)");
    expect(await square(aurra, "h2").locator(".cantina-sr").textContent()).toContain("Aurra's piece");
    // Bossk is to act (the dice are random from here): roll and move from the keyboard.
    await front(bossk);
    await win(bossk).locator('[data-action="roll"]').focus();
    await bossk.keyboard.press("Enter");
    await expect
      .poll(
        async () =>
          (await win(bossk).locator("[data-board] [data-selectable]").count()) > 0 ||
          (await win(bossk).locator('[data-action="roll"]').count()) === 0,
      )
      .toBe(true);
    const source = win(bossk).locator("[data-board] [data-selectable]").first();
    if ((await source.count()) === 0) return; // a roll of 0 (or no move) passed the turn
    await source.focus();
    await bossk.keyboard.press("Enter");
    const destination = win(bossk).locator("[data-board] [data-destination]").first();
    await expect.poll(() => destination.count()).toBe(1);
    const before = await win(bossk).locator("[data-status]").textContent();
    await destination.focus();
    await bossk.keyboard.press("Enter");
    await expect.poll(() => win(bossk).locator("[data-status]").textContent()).not.toBe(before);
  });
});
