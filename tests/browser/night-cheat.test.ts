/**
 * True Sabacc, "depending on how observant the other players have been", in real Chromium: Han
 * cheats in a 5 of Sabres that Lando holds too. At the show the table sees the card twice, so the show's
 * public line says why (docs/rules/sabacc.md, "Cheating"): Lando's chat says Han cashed in his three
 * points for it, and Lando's window marks the cheated card ("cheated in"); the GM's view also lists the
 * cards seen twice. Then the GM and Lando open the
 * finished table in German (`?lang=de`): the same, in German (the hand is played once, not once per
 * language). Screenshots in test-results/night-cheat-*.png.
 *
 * Dice (the GM page's `?dice=`): order Han 90, Lando 10; the deal Han coins-10, Lando sabres-10,
 * Han coins-5, Lando sabres-5; the GM's shift rolls 1, 1, 100 (no shift) in rounds 1 to 3.
 *
 * Then a BOT cheats (the sharp bot, src/rules/sabacc/bots.ts: it cheats a weak hand into a Pure Sabacc
 * with the first card it has not seen): the bot is dealt coins-10 and coins-9 (19), Lando sabres-4 and
 * flasks-2; the bot stands and locks, Lando calls in round 4, and the bot cheats in sabres-4, which
 * Lando holds. Lando's chat at the show names the bot and says why the 4 of Sabres shows twice.
 */
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";
import { act, button, checkBoth, dice, quietRound, seat, standAndLockNothing, win } from "./true-sabacc";

const PLAN: readonly (number | string)[] = [90, 10, "coins-10", "sabres-10", "coins-5", "sabres-5", 1, 1, 100];

const TEXT = {
  en: { mark: "cheated in", twice: "Seen twice", announce: /Han cashed in all three Luck\/Force points .*shows twice/ },
  de: {
    mark: "eingeschummelt",
    twice: "Doppelt gesehen",
    announce: /Han hat alle drei Glücks-\/Machtpunkte .*zweimal/,
  },
} as const;

/** The bot's game: order bot 90, Lando 10; the deal bot coins-10, Lando sabres-4, bot coins-9, Lando flasks-2; no shift. */
const BOT_PLAN: readonly (number | string)[] = [90, 10, "coins-10", "sabres-4", "coins-9", "flasks-2", 1, 1, 100];

const table = serveStandalone();

describe("True Sabacc: a cheat that shows as a duplicate is explained at the show", () => {
  it(
    "a duplicate at the show is explained in the public line and marked in every window; the GM's lists it; the same in German",
    { timeout: 240_000 },
    async () => {
      const lang = "en";
      const t = TEXT[lang];
      const { context, open } = await table().newContext();
      const gm = await open(`user=gm&dice=${dice(PLAN).join(",")}&botDelay=0`);
      const han = await open("user=player1");
      const lando = await open("user=player2");
      await gm.bringToFront();
      await gm.selectOption('select[name="gameId"]', "sabacc-true");
      await seatPeople(gm, { player1: "Han", player2: "Lando" });
      await gm.click('[data-page-action="lobby-create"]');

      await act(han, button("roll-order"));
      await act(lando, button("roll-order"));
      for (const page of [han, lando, han, lando]) {
        await act(page, button("deal"));
        await act(page, button("keep"));
      }
      // Rounds 1 to 3: stand, check, lock nothing; the GM's rolls make no shift.
      for (let round = 1; round <= 3; round++) await quietRound(han, lando);
      // Round 4: Lando calls; the last round; then the cheat step.
      await standAndLockNothing(han, lando);
      await act(han, button("bet", '[data-amount="0"]'));
      await act(lando, button("call"));
      await checkBoth(han, lando);

      // Han spends his three Luck/Force points on a 5 of Sabres: Lando holds that card, so it is a duplicate.
      await han.bringToFront();
      await win(han).locator('select[name="cheatCard"]').selectOption("sabres-5");
      await act(han, button("cheat"));
      await act(lando, button("no-cheat"));

      for (const page of [han, lando, gm]) await expect.poll(() => win(page).locator("[data-winner]").count()).toBe(1);
      // Lando sees both 5 of Sabres, the cheated one marked, and the show's public line says why.
      expect(await seat(lando, "seat-2").locator('[data-hand-cards] [data-card="sabres-5"]').count()).toBe(1);
      await expect.poll(() => seat(lando, "seat-1").locator("[data-cheated]").count()).toBe(1);
      expect(await seat(lando, "seat-1").locator("[data-cheated]").textContent()).toContain(t.mark);
      await expect
        .poll(async () => (await lando.locator("[data-chat-line]").allTextContents()).join("\n"))
        .toMatch(t.announce);
      await lando.screenshot({ path: `${RESULTS}/night-cheat-lando-${lang}.png` });
      await expectAccessible(lando, `${RESULTS}/night-cheat-lando-${lang}.png`);

      // The GM's view marks the cheated card, in words, and lists the card seen twice.
      await gm.bringToFront();
      const cheated = seat(gm, "seat-1").locator("[data-cheated]");
      expect(await cheated.count()).toBe(1);
      expect(await cheated.getAttribute("data-card")).toBe("sabres-5!seat-1");
      expect(await cheated.textContent()).toContain(t.mark);
      expect(await cheated.getAttribute("aria-label")).toContain(t.mark);
      expect(await win(gm).locator("[data-duplicates]").textContent()).toContain(t.twice);
      await gm.screenshot({ path: `${RESULTS}/night-cheat-gm-${lang}.png` });
      await expectAccessible(gm, `${RESULTS}/night-cheat-gm-${lang}.png`);

      // The finished table in German: the GM's page (the host) and Lando's open again with ?lang=de.
      const de = TEXT.de;
      await gm.goto(`${table().url}?user=gm&lang=de`);
      await expect.poll(() => seat(gm, "seat-1").locator("[data-cheated]").count()).toBe(1);
      expect(await seat(gm, "seat-1").locator("[data-cheated]").textContent()).toContain(de.mark);
      expect(await seat(gm, "seat-1").locator("[data-cheated]").getAttribute("aria-label")).toContain(de.mark);
      expect(await win(gm).locator("[data-duplicates]").textContent()).toContain(de.twice);
      await gm.screenshot({ path: `${RESULTS}/night-cheat-gm-de.png` });
      await expectAccessible(gm, `${RESULTS}/night-cheat-gm-de.png`);
      await lando.goto(`${table().url}?user=player2&lang=de`);
      await expect.poll(() => win(lando).locator("[data-winner]").count()).toBe(1);
      await expect.poll(() => seat(lando, "seat-1").locator("[data-cheated]").count()).toBe(1);
      expect(await seat(lando, "seat-1").locator("[data-cheated]").textContent()).toContain(de.mark);
      await expect
        .poll(async () => (await lando.locator("[data-chat-line]").allTextContents()).join("\n"))
        .toMatch(de.announce);
      await lando.screenshot({ path: `${RESULTS}/night-cheat-lando-de.png` });
      await expectAccessible(lando, `${RESULTS}/night-cheat-lando-de.png`);
      await context.close();
    },
  );

  it(
    "a bot's cheat that shows twice is explained in the show's public line, naming the bot",
    { timeout: 120_000 },
    async () => {
      const { context, open } = await table().newContext();
      const gm = await open(`user=gm&dice=${dice(BOT_PLAN).join(",")}&botDelay=0`);
      const lando = await open("user=player2");
      await gm.bringToFront();
      await gm.selectOption('select[name="gameId"]', "sabacc-true");
      await gm.selectOption('select[name="seat0.kind"]', "bot");
      await gm.fill('input[name="seat0.name"]', "Bossk");
      await gm.selectOption('select[name="seat1.kind"]', "person");
      await gm.selectOption('select[name="seat1.userId"]', "player2");
      await gm.fill('input[name="seat1.name"]', "Lando");
      await gm.click('[data-page-action="lobby-create"]');

      // The bot acts at once (botDelay=0); Lando rolls, is dealt twice, stands, checks, locks nothing.
      await act(lando, button("roll-order"));
      for (let i = 0; i < 2; i++) {
        await act(lando, button("deal"));
        await act(lando, button("keep"));
      }
      for (let round = 1; round <= 3; round++) {
        await act(lando, button("stand"));
        await act(lando, button("bet", '[data-amount="0"]'));
        await act(lando, button("lock", "[data-none]"));
      }
      // Round 4 locks before it bets; Lando calls; the last round; the bot cheats, Lando reveals.
      await act(lando, button("stand"));
      await act(lando, button("lock", "[data-none]"));
      await act(lando, button("call"));
      await act(lando, button("bet", '[data-amount="0"]'));
      await act(lando, button("no-cheat"));

      await expect.poll(() => win(lando).locator("[data-winner]").count()).toBe(1);
      // Both 4s of Sabres show: Lando's own and the bot's, marked, and the public line names the bot and says why.
      expect(await seat(lando, "seat-2").locator('[data-hand-cards] [data-card="sabres-4"]').count()).toBe(1);
      await expect.poll(() => seat(lando, "seat-1").locator("[data-cheated]").count()).toBe(1);
      await expect
        .poll(async () => (await lando.locator("[data-chat-line]").allTextContents()).join("\n"))
        .toMatch(/Bossk cashed in all three Luck\/Force points to add 4 of Sabres: that is why it shows twice/);
      await lando.screenshot({ path: `${RESULTS}/night-cheat-bot-lando.png` });
      await context.close();
    },
  );
});
