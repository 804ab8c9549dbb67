/**
 * A game night on the page (issue 33): a move made while the GM's tab is closed is kept, the
 * player's window says so itself, and it is played once the GM's tab is back.
 */
import { describe, expect, it } from "vitest";
import { front, win } from "./seven-ulwan";
import { RESULTS, runClockUntil, seatPeople, serveStandalone, sevenUlwanWithGreedo } from "./standalone";

const table = serveStandalone();

describe("standalone table: no GM connected", () => {
  it("a move made while the GM's tab is closed is kept, said so in the window, and played when the GM is back", async () => {
    const gm = await table().open("user=gm&dice=90,60&botDelay=0");
    const han = await table().open("user=player1", (page) => page.clock.install());
    await seatPeople(gm, { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');
    const window = han.locator("[data-window]");
    await expect.poll(() => window.locator('[data-action="roll-order"]').count()).toBe(1);
    await gm.close({ runBeforeUnload: true });

    await window.locator('[data-action="roll-order"]').click();
    // The page's retries pass at once on Han's clock; then the window itself says the move waits.
    const status = window.locator("[data-sending]").first();
    await runClockUntil(han, async () => ((await status.textContent()) ?? "").startsWith("Waiting for the GM"), {
      limitMs: 60_000,
    });
    expect(await status.textContent()).toBe("Waiting for the GM — your move is kept and is sent when a GM is back.");
    expect(await window.locator("[data-error]").first().textContent()).toBe("");
    await han.screenshot({ path: `${RESULTS}/game-night-move-kept.png` });

    // The GM's tab opens again: its host starts, Han's page hears it and sends the kept roll.
    await table().open("user=gm&dice=90,60&botDelay=0");
    const rolls = window.locator('[data-seat="seat-1"] [data-order-rolls]');
    await runClockUntil(han, async () => (await rolls.textContent()) === "90", { stepMs: 500 });
    await runClockUntil(han, async () => (await status.textContent()) === "");
  });

  it("the watchers list drops a spectator whose tab closed", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    await seatPeople(gm, { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');
    const zed = await tabs.open("user=Zuckuss");
    await zed.click('[data-page-action="table-open"]');
    const watching = gm.locator("[data-window] [data-watchers]");
    await expect.poll(() => watching.textContent()).toContain("Zuckuss");
    await zed.close({ runBeforeUnload: true });
    await expect.poll(() => watching.textContent()).not.toContain("Zuckuss");
  });

  it("a spectator's stake above their credits is refused next to its field, in view, in a panel styled like the window", async () => {
    const tabs = await table().newContext({ width: 1024 });
    const gm = await tabs.open("user=gm&botDelay=0");
    await sevenUlwanWithGreedo(gm);
    const greedo = await tabs.open("user=player3");
    await front(greedo);
    await greedo.locator('[data-page-action="table-open"]').first().click();
    const pool = win(greedo).locator('[data-pool="long-winner"]');
    // The panel looks like the rest of the window: framed, its pools tables with headed columns, no bullets;
    // each pool says in words what it holds.
    const panel = win(greedo).locator("[data-betting]");
    const frame = await panel.evaluate((e) => [
      getComputedStyle(e).borderTopStyle,
      getComputedStyle(e).borderTopLeftRadius,
    ]);
    expect(frame[0]).not.toBe("none");
    expect(frame[1]).not.toBe("0px");
    expect(
      await panel.evaluate(
        (e) => [...e.querySelectorAll("li")].filter((li) => getComputedStyle(li).listStyleType !== "none").length,
      ),
    ).toBe(0);
    expect(await pool.getByRole("columnheader").allTextContents()).toEqual([
      "Outcome",
      "Staked",
      "Pays per credit",
      "Your stake",
    ]);
    expect(await pool.locator("[data-pool-total]").textContent()).toBe(
      "Nothing staked yet: the odds show once someone bets.",
    );
    await pool.locator('input[name="bet-long-winner"]').fill("999999");
    await pool.locator('[data-outcome="seat-1"] [data-page-action="side-bet"]').click();
    const refusal = pool.locator("[data-bet-error]");
    await expect.poll(() => refusal.textContent()).toBe("You cannot stake more credits than you have.");
    expect(await pool.locator('input[name="bet-long-winner"]').getAttribute("aria-invalid")).toBe("true");
    // In view: the line under the field, not at the end of the panel below the fold.
    const box = await refusal.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 900, JSON.stringify(box)).toBe(true);
    // Beside the field, on its line: the stake and why it was refused read together.
    const field = await pool.locator('input[name="bet-long-winner"]').boundingBox();
    expect(
      field && box && box.x >= field.x + field.width && box.y < field.y + field.height,
      JSON.stringify([field, box]),
    ).toBe(true);
    await greedo.screenshot({ path: `${RESULTS}/game-night-bet-refused.png` });
  });

  it("a spectator's settled pool says the match winner's share was taken from it first", async () => {
    const tabs = await table().newContext();
    // Two bots play Seven Ulwan; each waits thirty seconds of the GM page's clock, which the test runs on.
    const gm = await tabs.open("user=gm&botDelay=30000", (page) => page.clock.install());
    await sevenUlwanWithGreedo(gm, "bots");
    const greedo = await tabs.open("user=player3");
    await greedo.locator('[data-page-action="table-open"]').first().click();
    // The first short pool opens a few moves in: Greedo stakes 10 on each outcome, so one of them wins.
    const open = win(greedo).locator('[data-pool-kind="short"][data-pool-status="open"]');
    await runClockUntil(gm, async () => (await open.count()) > 0, { stepMs: 30_000, limitMs: 3_600_000 });
    const pool = win(greedo).locator(`.cantina-pool[data-pool="${await open.first().getAttribute("data-pool")}"]`);
    const outcomes = await pool.locator("tr[data-outcome]").count();
    expect(outcomes).toBeGreaterThan(1);
    for (let i = 0; i < outcomes; i++) {
      await pool.locator('[data-page-action="side-bet"]').nth(i).click();
      await expect.poll(() => pool.locator("[data-my-stake]").count()).toBe(i + 1);
    }
    await runClockUntil(gm, async () => (await pool.getAttribute("data-pool-status")) === "settled", {
      stepMs: 30_000,
      limitMs: 3_600_000,
    });
    // The default share is 5%: 1 of the pool's stakes went to the match winner before the payout.
    expect(await pool.locator("[data-pool-share]").allTextContents()).toEqual([
      `(The match winner's 5%, 1 of the pool's ${10 * outcomes} credits, was taken first; the winning stakes shared the rest.)`,
    ]);
    await tabs.context.close();
  });

  it("a second tab at the GM address says so and stays in step with the first", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    const second = await tabs.open("user=gm&botDelay=0");
    expect(await second.locator("[data-page-notice]").textContent()).toContain("This is a second GM tab");
    expect(await gm.locator("[data-page-notice]").textContent()).toBe("");
    await seatPeople(gm, { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');
    await expect.poll(() => second.locator("[data-table-row]").count()).toBe(1);
    // The second tab acts as the GM too: a table it opens is hosted by the first.
    await seatPeople(second, { player3: "Greedo", player4: "Bossk" });
    await second.click('[data-page-action="lobby-create"]');
    await expect
      .poll(
        async () =>
          `${await gm.locator("[data-table-row]").count()} ${await second.locator("[data-lobby-error]").textContent()}`,
      )
      .toBe("2 ");
  });

  it("the page's language switch opens it in German and keeps the choice for the next tab", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    expect(await gm.locator("label.cantina-language-switch").textContent()).toContain("Language");
    await Promise.all([gm.waitForURL(/lang=de/), gm.selectOption("select[data-language-switch]", "de")]);
    await gm.waitForSelector("[data-user]");
    expect(await gm.locator("label.cantina-language-switch").textContent()).toContain("Sprache");
    expect(await gm.locator("html").getAttribute("lang")).toBe("de");
    const han = await tabs.open("user=player1");
    expect(await han.locator("html").getAttribute("lang")).toBe("de");
  });

  it("at 1024×768 the GM sees the tables, the ledger and the new-table form at once, no empty room first", async () => {
    const context = await table().browser.newContext({ viewport: { width: 1024, height: 768 } });
    const gm = await context.newPage();
    await gm.goto(`${table().url}?user=gm&botDelay=0`);
    await gm.waitForSelector("[data-user]");
    for (const heading of ["#cantina-tables-title", "#cantina-ledger-title", '[data-region="lobby"] h2'] as const) {
      const box = await gm.locator(heading).first().boundingBox();
      expect(box && box.y + box.height <= 768, `${heading}: ${JSON.stringify(box)}`).toBe(true);
    }
    // The new-table form's first fields are in view too, beside the ledger rather than under it.
    const game = await gm.locator('select[name="gameId"]').boundingBox();
    expect(game && game.y + game.height <= 768).toBe(true);
    await gm.screenshot({ path: `${RESULTS}/game-night-gm-1024.png` });
    await context.close();
  });
});
