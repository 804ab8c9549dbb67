/**
 * Game night's illegal clicks on a Seven Ulwan board, in one language (night-board.test.ts plays it
 * in English, tests/soak/browser/german.soak.test.ts in German): a piece that cannot move gets the rules' own refusal
 * (bearing off needs the exact roll), a square the selected piece cannot reach names the square, a
 * click out of turn says so; the next good move clears the message. Screenshots in
 * test-results/night-board-*.png.
 *
 * The GM page's `?dice=` scripts the dice; each 4d2>2 roll takes four d2 results (2 = success):
 *   A 4 (enter on a1, a Cresh; buy the roll) 4 (a1→d2, Cresh; buy) 4 (d2→h2)
 *   B 4 (enter on a3; decline)   A 1 (h2→h1)   B 4 (a3→d2; decline)
 *   A 4: h1 cannot bear off with a 4 (the click on it says why), a new piece enters on a1.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectAccessible } from "./axe";
import { OPENING_ROLLS, move, playOpening, roll, rollDice, square, win } from "./seven-ulwan";
import { RESULTS, type Standalone, seatPeople } from "./standalone";

const DICE = rollDice([...OPENING_ROLLS, 4]);

export const ILLEGAL_CLICK_TEXT = {
  en: {
    overshoot: "Bearing off needs the exact roll",
    notDestination: "The selected piece cannot go to b1",
    notYourTurn: "It is not your turn.",
  },
  de: {
    overshoot: "Ins Ziel kommt eine Figur nur mit dem genauen Wurf",
    notDestination: "Die gewählte Figur kann nicht nach b1",
    notYourTurn: "Du bist nicht am Zug.",
  },
} as const;

const errorOf = (page: Page) => win(page).locator("[data-error]");

/** Plays the scenario in a browser context of its own whose pages open in `lang`. */
export async function illegalClicks(table: Standalone, lang: keyof typeof ILLEGAL_CLICK_TEXT): Promise<void> {
  const t = ILLEGAL_CLICK_TEXT[lang];
  const { context, open } = await table.newContext({ lang });
  const gm = await open(`user=gm&dice=${DICE.join(",")}&botDelay=0`);
  const aurra = await open("user=player1");
  const bossk = await open("user=player2");
  await gm.bringToFront();
  await gm.selectOption('select[name="gameId"]', "seven-ulwan");
  await seatPeople(gm, { player1: "Aurra", player2: "Bossk" });
  await gm.click('[data-page-action="lobby-create"]');

  await playOpening(aurra, bossk);
  await roll(aurra);

  // Aurra rolled 4: her piece on h1 cannot bear off with it. A click on it says why, in the rules' words.
  await aurra.bringToFront();
  expect(await square(aurra, "h1").getAttribute("data-selectable")).toBeNull();
  await square(aurra, "h1").click();
  await expect.poll(() => errorOf(aurra).textContent()).toContain(t.overshoot);
  await aurra.screenshot({ path: `${RESULTS}/night-board-refusal-${lang}.png` });
  await expectAccessible(aurra, `${RESULTS}/night-board-refusal-${lang}.png`);
  // The waiting pieces selected, a square they cannot reach: it says where they can go.
  await square(aurra, "hand").click();
  await square(aurra, "b1").click();
  await expect.poll(() => errorOf(aurra).textContent()).toContain(t.notDestination);
  // Bossk clicks his piece while it is Aurra's turn: not his turn.
  await bossk.bringToFront();
  await square(bossk, "d2").click();
  await expect.poll(() => errorOf(bossk).textContent()).toContain(t.notYourTurn);
  // Aurra's good move clears her message; the table moved on, so Bossk's goes too.
  await move(aurra, "hand", "a1");
  await expect.poll(() => errorOf(aurra).textContent()).toBe("");
  await expect.poll(() => errorOf(bossk).textContent()).toBe("");
  await context.close();
}
