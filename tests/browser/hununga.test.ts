/**
 * Hununga in real Chromium: a GM page hosts, two player pages play by clicking the board (piece,
 * then a square marked as a destination, then a follow-up choice where one square allows several
 * moves) through a move-and-attack, a centre point, a reroll token and a respawn. Screenshots in
 * test-results/.
 *
 * The GM page's `?dice=` scripts the d6s:
 *   Gala 4 6: king 3,7 → 4,4 (the centre; die 1 chosen), pawn 3,6 → 3,1 attacking the pawn on 4,1
 *   Rusk 1 2: pawn 2,1 attacks 3,1 without moving; pawn 7,1 → 7,3. Gala held the centre: a point,
 *            Rusk a reroll token
 *   Gala 1 2: pawns 0,6 → 0,5 and 1,6 → 1,4, from the keyboard
 *   Rusk 3 5: the token rerolls the 5 (a 1); rook 7,0 → 7,1; the 3 respawns the pawn on 7,0.
 *            Gala held the centre again: a second point
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, clickPlayed, seatPeople, serveStandalone, settled } from "./standalone";

const DICE = [4, 6, 1, 2, 1, 2, 3, 5, 1];

const table = serveStandalone();
let gm: Page;
let gala: Page;
let rusk: Page;

const win = (page: Page) => page.locator('[data-window][data-game="hununga"]');
const square = (page: Page, id: string) => win(page).locator(`[data-board] [data-square="${id}"]`).first();

/** Background tabs get few animation frames, and clicks wait for them: act in the front tab, all tabs in step. */
async function front(page: Page): Promise<void> {
  await page.bringToFront();
  await settled(page);
}

/** Clicks a window button and waits until the window shows the next table version (the click was played). */
async function action(page: Page, selector: string): Promise<void> {
  await front(page);
  await clickPlayed(win(page), win(page).locator(selector));
}

/** The board's clicks: a piece, a square marked as its destination, then the choice whose id starts so. */
async function move(page: Page, from: string, to: string, choice?: string): Promise<void> {
  await front(page);
  await square(page, from).and(page.locator("[data-selectable]")).click();
  await expect.poll(() => square(page, to).getAttribute("data-destination")).toBe("");
  await square(page, to).click();
  if (choice === undefined) return;
  const popover = win(page).locator(`[data-choices-for="${from} ${to}"]`);
  await expect.poll(() => popover.isVisible()).toBe(true);
  await popover.locator(`[data-choice][data-id^="${choice}"]`).click();
}

const pieceOn = (page: Page, id: string) => square(page, id).getAttribute("data-piece");
const kindOn = (page: Page, id: string) => square(page, id).getAttribute("data-piece-kind");
const text = (page: Page, selector: string) => win(page).locator(selector).first().textContent();

describe("standalone table: Hununga", () => {
  it("two players click through a move-and-attack, a centre point, a reroll token and a respawn", async () => {
    gm = await table().open(`user=gm&dice=${DICE.join(",")}&botDelay=0`);
    await front(gm);
    gala = await table().open("user=player1");
    rusk = await table().open("user=player2");

    await gm.selectOption('select[name="gameId"]', "hununga");
    await seatPeople(gm, { player1: "Gala", player2: "Rusk" });
    await gm.screenshot({ path: `${RESULTS}/hununga-lobby.png` });
    await gm.click('[data-page-action="lobby-create"]');

    // Gala: 4 and 6. The king reaches 4,4 with either die: she picks die 1 in the follow-up choice.
    await expect.poll(() => win(gala).count()).toBe(1);
    expect(await square(gala, "3,3").getAttribute("data-kind")).toBe("centre");
    expect(await square(gala, "0,7").getAttribute("data-kind")).toBe("respawn-0");
    await action(gala, '[data-action="roll"]');
    await expect.poll(() => win(gala).locator("[data-die]").count()).toBe(2);
    expect(await win(gala).locator('[data-die="1"]').getAttribute("data-value")).toBe("4");
    expect(await win(gala).locator('[data-die="2"]').getAttribute("data-value")).toBe("6");
    await move(gala, "3,7", "4,4", "0|");
    await expect.poll(() => kindOn(rusk, "4,4")).toBe("king");
    expect(await win(gala).locator('[data-die="1"]').getAttribute("data-used")).toBe("");
    // The king's pawn runs five squares to 3,1 and attacks the pawn to its right with the last point.
    await front(gala);
    await square(gala, "3,6").and(gala.locator("[data-selectable]")).click();
    await square(gala, "3,1").click();
    const targets = win(gala).locator('[data-choices-for="3,6 3,1"]');
    await expect.poll(() => targets.isVisible()).toBe(true);
    await gala.screenshot({ path: `${RESULTS}/hununga-attack-choice.png` });
    await targets.locator("[data-choice]", { hasText: "to the right" }).click();
    await expect.poll(() => pieceOn(rusk, "4,1")).toBeNull();
    expect(await pieceOn(rusk, "3,1")).toBe("0");
    expect(await win(rusk).locator('[data-player="1"] [data-captured]').getAttribute("data-captured")).toBe("1");
    await expect.poll(() => win(gala).locator('[data-player="0"] [data-holds]').count()).toBe(1);

    // Rusk: 1 and 2. His pawn on 2,1 attacks 3,1 without moving; the pawn on 7,1 clears the rook's way.
    await action(rusk, '[data-action="roll"]');
    await move(rusk, "2,1", "3,1");
    await expect.poll(() => pieceOn(gala, "3,1")).toBeNull();
    expect(await pieceOn(gala, "2,1")).toBe("1");
    await move(rusk, "7,1", "7,3");
    // Gala held the centre through his turn: her point, his reroll token.
    await expect.poll(() => text(gala, '[data-player="0"] [data-score]')).toBe("1");
    expect(await text(rusk, '[data-player="1"] [data-tokens]')).toBe("1");
    await rusk.screenshot({ path: `${RESULTS}/hununga-centre-point.png` });

    // Gala: 1 and 2, played from the keyboard: Enter on a piece, then on its destination.
    await front(gala);
    await win(gala).locator('[data-action="roll"]').focus();
    await gala.keyboard.press("Enter");
    await expect.poll(() => win(gala).locator("[data-die]").count()).toBe(2);
    for (const [from, to] of [
      ["0,6", "0,5"],
      ["1,6", "1,4"],
    ] as const) {
      await square(gala, from).focus();
      await gala.keyboard.press("Enter");
      await expect.poll(() => square(gala, to).getAttribute("data-destination")).toBe("");
      await square(gala, to).focus();
      await gala.keyboard.press("Enter");
      await expect.poll(() => pieceOn(rusk, to)).toBe("0");
    }

    // Rusk: 3 and 5. He spends his token on the 5 (a 1), moves the rook off his respawn square with it,
    // and gives up the 3 to bring his pawn back.
    await action(rusk, '[data-action="roll"]');
    const reroll = win(rusk).locator('[data-action="reroll"][data-die="1"]');
    await expect.poll(() => reroll.textContent()).toContain("reroll die 2 (5)");
    await front(rusk);
    await reroll.click();
    await expect.poll(() => win(rusk).locator('[data-die="2"]').getAttribute("data-value")).toBe("1");
    expect(await text(rusk, '[data-player="1"] [data-tokens]')).toBe("0");
    await move(rusk, "7,0", "7,1");
    const respawn = win(rusk).locator('[data-action="respawn"]');
    await expect.poll(() => respawn.count()).toBe(1);
    await rusk.screenshot({ path: `${RESULTS}/hununga-respawn.png` });
    await action(rusk, '[data-action="respawn"]');
    await expect.poll(() => kindOn(gala, "7,0")).toBe("pawn");
    expect(await pieceOn(gala, "7,0")).toBe("1");
    await expect.poll(() => text(gala, '[data-player="0"] [data-score]')).toBe("2");
    expect(await text(gala, '[data-player="0"] [data-tokens]')).toBe("0");
    expect(await text(rusk, '[data-player="1"] [data-tokens]')).toBe("1");

    // Every turn's roll and the reroll went to chat.
    const rolls = await gm
      .locator("[data-chat-line][data-notation]")
      .evaluateAll((els) => els.map((e) => `${e.getAttribute("data-notation")}=${e.getAttribute("data-total")}`));
    expect(rolls).toEqual(["2d6=10", "2d6=3", "2d6=3", "2d6=8", "1d6=1"]);
    // Chat names squares as a player reads them ("h1"), never by their ids ("7,0").
    const lines = (await gm.locator("[data-chat-line]").allTextContents()).join("\n");
    expect(lines).toMatch(/\b[a-h][1-8]\b/);
    expect(lines).not.toMatch(/\b\d+,\d+\b/);

    await gm.screenshot({ path: `${RESULTS}/hununga-gm.png` });
    await gala.screenshot({ path: `${RESULTS}/hununga-player1.png` });
    await rusk.screenshot({ path: `${RESULTS}/hununga-player2.png` });
  }, 240_000);
});
