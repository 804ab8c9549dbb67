/**
 * Game night, the table's state at a glance on the standalone page (issue 27): a paused table's
 * window offers no move and says "Paused" where the turn badge was (the host still refuses a move
 * sent anyway), and a player sees "Waiting for a GM to connect…" once the GM's tab closes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serveStandalone } from "./standalone";

const table = serveStandalone();

const win = (page: Page) => page.locator("[data-window]").first();

async function createTable(gm: Page): Promise<void> {
  await gm.selectOption('select[name="gameId"]', "sabacc-super-simplified");
  await gm.selectOption('select[name="seatCount"]', "2");
  for (const [i, [user, name]] of [
    ["player1", "Han"],
    ["player2", "Lando"],
  ].entries()) {
    await gm.selectOption(`select[name="seat${i}.userId"]`, user!);
    await gm.fill(`input[name="seat${i}.name"]`, name!);
  }
  await gm.click('[data-page-action="lobby-create"]');
}

describe("game night: pause and an absent GM", () => {
  it("a paused table's window offers no move and says Paused instead of the turn badge; resumed, both come back", async () => {
    const night = await table().newContext();
    const gm = await night.open("user=gm&botDelay=0");
    const han = await night.open("user=player1");
    await gm.bringToFront();
    await createTable(gm);
    const hanWin = win(han);
    await expect.poll(() => hanWin.locator("[data-my-turn]").count()).toBe(1);
    expect(await hanWin.locator('[data-action="roll-order"]').count()).toBe(1);
    await gm.locator('[data-page-action="table-open"]').click();
    await win(gm).locator('[data-action="tableOp"][data-op="pause"]').click();
    await expect.poll(() => hanWin.locator("[data-paused]").textContent()).toBe("Paused");
    expect(await hanWin.locator("[data-my-turn]").count()).toBe(0);
    expect(await hanWin.locator('[data-action="roll-order"]').count()).toBe(0);
    await win(gm).locator('[data-action="tableOp"][data-op="resume"]').click();
    await expect.poll(() => hanWin.locator("[data-my-turn]").count()).toBe(1);
    expect(await hanWin.locator("[data-paused]").count()).toBe(0);
    await hanWin.locator('[data-action="roll-order"]').click();
    await expect.poll(() => hanWin.locator("[data-my-turn]").count()).toBe(0);
    await night.context.close();
  });

  it("a player sees 'Waiting for a GM' once the GM's tab closes, and not while it is open", async () => {
    const night = await table().newContext();
    const gm = await night.open("user=gm&botDelay=0");
    const han = await night.open("user=player1");
    await gm.bringToFront();
    await createTable(gm);
    await expect.poll(() => han.locator("[data-window]").count()).toBe(1);
    expect(await han.locator("[data-host-missing]").isVisible()).toBe(false);
    await gm.close({ runBeforeUnload: true });
    await expect.poll(() => han.locator("[data-host-missing]").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await han.locator("[data-host-missing]").textContent()).toBe("Waiting for a GM to connect…");
    await night.context.close();
  });
});
