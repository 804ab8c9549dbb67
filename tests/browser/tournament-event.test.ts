/**
 * The Sabacc tournament on the standalone page (issue 37), clicked through in real Chromium by the GM
 * and three players: a two-circuit event (Aurodium with a sign-up limit of 2, Electrum), sign-ups past
 * the limit onto the waiting list and a withdrawal that promotes the first waiting, a round seated from
 * the sign-ups and played to its end, its result in the standings, and credits bought in from the
 * stand-in characters' sheets and cashed out to them exactly. Screenshots of the tournament window in
 * test-results/tournament-*.png (the gallery's names: state, viewer, size, theme, language).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { openEvent } from "./money-match";
import { RESULTS, openPages, serveStandalone } from "./standalone";
import { playToTheEnd } from "./super-simplified";

const table = serveStandalone();

const tournament = (page: Page) => page.locator("[data-tournament-window]");
const circuit = (page: Page, id: string) => tournament(page).locator(`section[data-circuit="${id}"]`);
const standIn = (user: string): string => `stand-in-${user}`;

/** The tournament window, opened from the page's button under the ledger. */
async function openTournament(page: Page): Promise<void> {
  await page.click('[data-page-action="tournament-open"]');
  await expect.poll(() => tournament(page).count()).toBe(1);
}

/** The names listed as signed up (or waiting) for a circuit, in their order. */
function listed(page: Page, id: string, list: "signed-up" | "waiting"): Promise<string[]> {
  return circuit(page, id)
    .locator(`[data-${list}] [data-participant]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-participant") ?? ""));
}

/** A number a cell of the window holds in its `attribute`. */
async function shown(page: Page, selector: string, attribute: string): Promise<number> {
  return Number(await tournament(page).locator(selector).getAttribute(attribute));
}

/** The player's buy-in or cash-out of `credits` through the window's form, and its line in the transfers. */
async function transfer(page: Page, kind: "buy-in" | "cash-out", credits: number): Promise<void> {
  const form = tournament(page).locator("[data-tournament-transfer]");
  const before = await tournament(page).locator('[data-transfer-status="applied"]').count();
  await form.locator('input[name="credits"]').fill(String(credits));
  await form.locator(`[data-kind="${kind}"]`).click();
  await expect.poll(() => tournament(page).locator('[data-transfer-status="applied"]').count()).toBe(before + 1);
}

describe("standalone page: a Sabacc tournament (issue 37)", () => {
  it("runs a two-circuit event: sign-ups past a limit, a round seated from them, standings, cash-out to the stand-ins", async () => {
    const tabs = await table().newContext({ width: 1024 });
    const [gm, han, lando, bossk] = await openPages(tabs, [
      "user=gm&botDelay=0",
      "user=player1",
      "user=player2",
      "user=player3",
    ]);
    // The event starts everyone at 0: what a character plays with comes from its sheet.
    await openEvent(gm!, "Sabacc night", 0, []);
    await openTournament(gm!);
    await tournament(gm!).locator("[data-stand-ins-box] > summary").click();
    for (const [user, credits] of [
      ["player1", 2000],
      ["player2", 1500],
    ] as const) {
      const form = tournament(gm!).locator(`[data-stand-in-form="${standIn(user)}"]`);
      await form.locator('input[name="credits"]').fill(String(credits));
      await form.locator('[data-page-action="stand-in-set"]').click();
      await expect
        .poll(() =>
          tournament(gm!)
            .locator(`[data-stand-in-form="${standIn(user)}"] input`)
            .inputValue(),
        )
        .toBe(String(credits));
    }

    // The GM opens Aurodium with a sign-up limit of 2, and Electrum as the text has it.
    const create = tournament(gm!).locator("[data-tournament-create]");
    await create.locator('input[name="name"]').fill("Sabacc Open");
    await create.locator('input[name="aurodium.open"]').check();
    await create.locator('input[name="aurodium.signUpLimit"]').fill("2");
    await create.locator('input[name="electrum.open"]').check();
    await create.locator('[data-action="tournamentCreate"]').click();
    await expect.poll(() => circuit(gm!, "electrum").count()).toBe(1);
    expect(await circuit(gm!, "aurodium").count()).toBe(1);

    // Each player enters their stand-in and signs it up for Aurodium: the third waits.
    for (const [page, user] of [
      [han!, "player1"],
      [lando!, "player2"],
      [bossk!, "player3"],
    ] as const) {
      await openTournament(page);
      await tournament(page).locator('[data-tournament-enter] [data-action="tournamentEnter"]').click();
      const signUp = circuit(page, "aurodium").locator(`[data-participant="${standIn(user)}"][data-sign="true"]`);
      await signUp.click();
      await expect
        .poll(async () => [
          ...(await listed(page, "aurodium", "signed-up")),
          ...(await listed(page, "aurodium", "waiting")),
        ])
        .toContain(standIn(user));
    }
    expect(await listed(gm!, "aurodium", "signed-up")).toEqual([standIn("player1"), standIn("player2")]);
    expect(await listed(gm!, "aurodium", "waiting")).toEqual([standIn("player3")]);
    await expectAccessible(bossk!, "a waiting player's tournament window", "[data-tournament-window]");

    // A buy-in above what the sheet holds is refused, saying what it holds; nothing moves.
    const bosskForm = tournament(bossk!).locator("[data-tournament-transfer]");
    await bosskForm.locator('input[name="credits"]').fill("5000");
    await bosskForm.locator('[data-kind="buy-in"]').click();
    await expect.poll(() => tournament(bossk!).locator("[data-tournament-error]").textContent()).toContain("1000");
    expect(await bosskForm.locator('input[name="credits"]').inputValue()).toBe("5000");
    const bosskSheet = `[data-purse="${standIn("player3")}"] [data-sheet-credits]`;
    expect(await shown(bossk!, bosskSheet, "data-sheet-credits")).toBe(1000);

    // Han withdraws: Bossk, first on the waiting list, takes the freed place.
    await circuit(han!, "aurodium")
      .locator(`[data-participant="${standIn("player1")}"][data-sign="false"]`)
      .click();
    await expect.poll(() => listed(bossk!, "aurodium", "waiting")).toEqual([]);
    expect(await listed(bossk!, "aurodium", "signed-up")).toEqual([standIn("player2"), standIn("player3")]);

    // Han and Lando sign up for Electrum and buy in from their sheets.
    for (const [page, user] of [
      [han!, "player1"],
      [lando!, "player2"],
    ] as const) {
      await circuit(page, "electrum")
        .locator(`[data-participant="${standIn(user)}"][data-sign="true"]`)
        .click();
      await expect.poll(() => listed(page, "electrum", "signed-up")).toContain(standIn(user));
      await transfer(page, "buy-in", 500);
    }
    await expect
      .poll(() => shown(han!, `[data-purse="${standIn("player1")}"] [data-sheet-credits]`, "data-sheet-credits"))
      .toBe(1500);
    await expect
      .poll(() => shown(han!, `[data-purse="${standIn("player1")}"] [data-ledger-credits]`, "data-ledger-credits"))
      .toBe(500);
    await expect
      .poll(() => shown(lando!, `[data-purse="${standIn("player2")}"] [data-sheet-credits]`, "data-sheet-credits"))
      .toBe(1000);

    // The GM opens Electrum's round: one table (no seat limit), seated from the sign-ups in roll order.
    await circuit(gm!, "electrum").locator('[data-action="tournamentRound"]').click();
    await expect.poll(() => circuit(gm!, "electrum").locator("[data-round-table]").count()).toBe(1);
    const seats = await circuit(gm!, "electrum").locator(".cantina-tournament-seats li").allTextContents();
    expect(seats).toHaveLength(2);
    await expectAccessible(gm!, "the GM's tournament window", "[data-tournament-window]");

    // The players open the table from the round and play it to its end; its result reaches the standings.
    for (const page of [han!, lando!]) {
      await circuit(page, "electrum").locator('[data-page-action="tournament-open-table"]').click();
      await expect.poll(() => page.locator('[data-window][data-game="sabacc-super-simplified"]').count()).toBe(1);
    }
    await playToTheEnd([han!, lando!]);
    const played = (page: Page, user: string) =>
      tournament(page)
        .locator(`[data-event-standings] [data-standing="${standIn(user)}"] [data-played]`)
        .textContent();
    await expect.poll(() => played(bossk!, "player1")).toBe("1");
    expect(await played(bossk!, "player2")).toBe("1");
    expect(await played(bossk!, "player3")).toBe("0");

    // Each cashes out what the event holds for them: the sheet gets exactly that, the event keeps nothing.
    for (const [page, user, sheetBefore] of [
      [han!, "player1", 1500],
      [lando!, "player2", 1000],
    ] as const) {
      const purse = `[data-purse="${standIn(user)}"]`;
      await expect.poll(() => tournament(page).locator(`${purse} [data-ledger-credits]`).count()).toBe(1);
      const held = await shown(page, `${purse} [data-ledger-credits]`, "data-ledger-credits");
      expect(held).toBeGreaterThan(0);
      await transfer(page, "cash-out", held);
      await expect
        .poll(() => shown(page, `${purse} [data-sheet-credits]`, "data-sheet-credits"))
        .toBe(sheetBefore + held);
      await expect.poll(() => shown(page, `${purse} [data-ledger-credits]`, "data-ledger-credits")).toBe(0);
    }

    // The GM's window at 1024×768, light and dark, with the final summary.
    await expect.poll(() => tournament(gm!).locator("[data-tournament-summary]").inputValue()).toContain("Sabacc Open");
    await gm!.setViewportSize({ width: 1024, height: 768 });
    for (const theme of ["light", "dark"]) {
      await gm!.evaluate((t) => (document.documentElement.dataset.cantinaTheme = t), theme);
      await tournament(gm!).screenshot({ path: `${RESULTS}/tournament-end-gm-1024x768-${theme}-en.png` });
    }
    await han!.setViewportSize({ width: 1024, height: 768 });
    await tournament(han!).screenshot({ path: `${RESULTS}/tournament-end-player-1024x768-dark-en.png` });
    await tabs.context.close();
  });
});
