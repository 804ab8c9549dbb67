/**
 * A True Sabacc match in real Chromium, by clicking: the GM hosts and watches, Han (player1) and
 * Lando (player2) play. It goes through a trade, a lock into the Static Field, a Sabacc Shift, a
 * call and a Sudden Demise. Each player's page never shows the other's hand before the show.
 *
 * The GM page's `?dice=` scripts every die in order; deals are written below as the card they deal
 * and turned into the 1d(N) result that picks that card from the remaining deck.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";
import { act, button, checkBoth, dice, quietRound, seat, standAndLockNothing, win } from "./true-sabacc";

/** Numbers are dice as they are; card ids are the deal that gives that card. */
const PLAN: readonly (number | string)[] = [
  90,
  10, // draw order: Han, Lando
  "coins-10",
  "sabres-10",
  "coins-5",
  "sabres-5", // the deal: Han 15, Lando 15
  "coins-9", // Han trades coins-5 for coins-9
  50, // round 1: the GM's roll, a Sabacc Shift
  "flasks-10",
  "sabres-12",
  "sabres-8", // the shift: Han (coins-10 locked) 20, Lando 20
  1,
  100, // rounds 2 and 3: no shift
  "coins-2",
  "staves-1", // Sudden Demise: Han 22, Lando 21
];

const table = serveStandalone();
let gm: Page;
let han: Page;
let lando: Page;

async function tick(page: Page, card: string): Promise<void> {
  await win(page).locator(`input[type="checkbox"][data-card="${card}"]`).check();
}

describe("standalone table: True Sabacc", () => {
  it(
    "a GM and two players play a match with a trade, a lock, a shift, a call and a Sudden Demise",
    { timeout: 240_000 },
    async () => {
      gm = await table().open(`user=gm&dice=${dice(PLAN).join(",")}&botDelay=0`);
      han = await table().open("user=player1");
      lando = await table().open("user=player2");

      await gm.selectOption('select[name="gameId"]', "sabacc-true");
      await seatPeople(gm, { player1: "Han", player2: "Lando" });
      await gm.click('[data-page-action="lobby-create"]');

      await act(han, button("roll-order"));
      await act(lando, button("roll-order"));
      await expect.poll(() => win(gm).locator(".cantina-order").textContent()).toContain("Han → Lando");
      await expect.poll(() => win(gm).locator("[data-main-pot]").getAttribute("data-main-pot")).toBe("1000");
      expect(await win(gm).locator("[data-sabacc-pot]").getAttribute("data-sabacc-pot")).toBe("2000");

      // The deal: a roll for each card, each kept (a Luck/Force reroll is offered every time).
      for (const page of [han, lando, han, lando]) {
        await act(page, button("deal"));
        await expect.poll(() => win(page).locator(button("reroll")).count()).toBe(1);
        await act(page, button("keep"));
      }
      await expect.poll(() => seat(han, "seat-1").locator('[data-card="coins-5"]').count()).toBe(1);
      expect(await seat(lando, "seat-1").locator('[data-card="hidden"]').count()).toBe(2);
      expect(await win(lando).innerHTML()).not.toMatch(/data-card="coins-(10|5)"/);

      // Round 1. Han trades coins-5 (the discard is shown to all); Lando stands.
      await tick(han, "coins-5");
      await act(han, button("trade"));
      await act(han, button("keep"));
      await expect.poll(() => win(lando).locator('[data-discards] [data-card="coins-5"]').count()).toBe(1);
      await han.screenshot({ path: `${RESULTS}/sabacc-true-trade-han.png` });
      await expectAccessible(han, `${RESULTS}/sabacc-true-trade-han.png`);
      await act(lando, button("stand"));

      // Betting: Han raises by 100, Lando matches.
      await win(han).locator('input[name="raise"]').fill("100");
      await act(han, button("raise"));
      await act(lando, button("bet", '[data-amount="100"]'));

      // Han locks coins-10 into the Static Field, for all to see; Lando locks nothing. The GM rolls 50: a shift.
      await tick(han, "coins-10");
      await act(han, button("lock", ":not([data-none])"));
      await expect.poll(() => seat(lando, "seat-1").locator('[data-field] [data-card="coins-10"]').count()).toBe(1);
      await act(lando, button("lock", "[data-none]"));
      await expect.poll(() => win(gm).locator("[data-shift-roll]").getAttribute("data-shift-roll")).toBe("50");
      await lando.screenshot({ path: `${RESULTS}/sabacc-true-lock-and-shift-lando.png` });
      await expectAccessible(lando, `${RESULTS}/sabacc-true-lock-and-shift-lando.png`);

      // The shift redeals every card not in the Static Field.
      await act(han, button("redraw"));
      await act(lando, button("redraw"));
      await expect.poll(() => seat(han, "seat-1").locator('[data-hand-cards] [data-card="flasks-10"]').count()).toBe(1);
      expect(await seat(han, "seat-1").locator('[data-card="coins-9"]').count()).toBe(0);

      // Rounds 2 and 3: stand, check, lock nothing; no shift (the GM rolls 1, then 100).
      for (let round = 2; round <= 3; round++) await quietRound(han, lando);

      // Round 4: locking comes before betting; Lando calls; one last round, then the reveal.
      await standAndLockNothing(han, lando);
      // (Lando's lock reaches Han's tab a moment after Lando's own.)
      await expect.poll(() => win(han).locator(button("call")).count()).toBe(1);
      await act(han, button("bet", '[data-amount="0"]'));
      await act(lando, button("call"));
      await expect.poll(() => win(han).locator("[data-final]").count()).toBe(1);
      expect(await win(han).locator(button("raise")).count()).toBe(0);
      await han.screenshot({ path: `${RESULTS}/sabacc-true-call-han.png` });
      await expectAccessible(han, `${RESULTS}/sabacc-true-call-han.png`);
      // Before the show: neither player sees the other's hand.
      expect(await win(han).innerHTML()).not.toMatch(/data-card="sabres-(12|8)"/);
      expect(await win(lando).innerHTML()).not.toMatch(/data-card="flasks-10"/);
      // The last round: each meets the bet again, the caller last (the bet was 0, so 0 again).
      await checkBoth(han, lando);

      // Nobody cheats.
      await act(han, button("no-cheat"));
      await act(lando, button("no-cheat"));

      // 20 against 20: Sudden Demise. Han draws coins-2 (22), Lando staves-1 (21).
      await expect.poll(() => win(gm).locator("[data-demise]").count()).toBe(1);
      await gm.screenshot({ path: `${RESULTS}/sabacc-true-demise-gm.png` });
      await expectAccessible(gm, `${RESULTS}/sabacc-true-demise-gm.png`);
      await act(han, button("demise-draw"));
      await act(lando, button("demise-draw"));

      for (const page of [han, lando, gm]) {
        await expect.poll(() => win(page).locator("[data-winner]").count()).toBe(1);
        expect(await seat(page, "seat-1").locator("[data-winner]").count()).toBe(1);
        expect(await seat(page, "seat-1").locator("[data-total]").getAttribute("data-total")).toBe("22");
        expect(await seat(page, "seat-2").locator("[data-total]").getAttribute("data-total")).toBe("21");
        expect(await seat(page, "seat-1").locator("[data-credits]").textContent()).toBe("4600");
        expect(await seat(page, "seat-2").locator("[data-credits]").textContent()).toBe("3400");
        // Not a Pure Sabacc: the Sabacc Pot goes to the house.
        expect(await win(page).locator("[data-house]").getAttribute("data-house")).toBe("2000");
      }
      const landoChat = (await lando.locator("[data-chat-line]").allTextContents()).join("\n");
      expect(landoChat).toContain("Han trades away 5 of Coins");
      expect(landoChat).toContain("GM: Sabacc Shift — 1d100");
      // The show names each hand's kind as a player reads it, never by its id ("hand", "pure-sabacc").
      expect(landoChat).toMatch(/Han shows [^\n]*: \d+, an ordinary hand\./);
      expect(landoChat).not.toMatch(/\((hand|pure-sabacc|idiots-array|bomb-out)\)|pure-sabacc/);
      await han.screenshot({ path: `${RESULTS}/sabacc-true-end-han.png` });
      await expectAccessible(han, `${RESULTS}/sabacc-true-end-han.png`);
      await lando.screenshot({ path: `${RESULTS}/sabacc-true-end-lando.png` });
      await expectAccessible(lando, `${RESULTS}/sabacc-true-end-lando.png`);
      await gm.screenshot({ path: `${RESULTS}/sabacc-true-end-gm.png` });
      await expectAccessible(gm, `${RESULTS}/sabacc-true-end-gm.png`);
    },
  );
});
