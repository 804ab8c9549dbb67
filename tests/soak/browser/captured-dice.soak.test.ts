/**
 * Hununga's captured pieces as a player reads them (issue 33, seen in the gallery): in German the
 * label "Warten auf Wiedereinsetzen" left their dice a column one die wide, a dozen dice stacked one
 * per line. A bots' match played to its end, watched by the GM at 1024×768; screenshot in
 * test-results/captured-dice-match-de.png.
 */
import { describe, expect, it } from "vitest";
import { RESULTS, serveStandalone, settled, tabsIn } from "../../browser/standalone";

const table = serveStandalone();

describe("Hununga's captured pieces", () => {
  it("stand side by side in a row under their label, in German too, not one die per line", async () => {
    const tabs = await tabsIn(table(), "de");
    const gm = await tabs.open("user=gm&botDelay=0");
    await gm.setViewportSize({ width: 1024, height: 768 });
    await gm.selectOption('select[name="gameId"]', "hununga");
    for (const seat of [0, 1]) await gm.selectOption(`select[name="seat${seat}.kind"]`, "bot");
    await gm.click('[data-page-action="lobby-create"]');
    const row = gm.locator("[data-table-row]").last();
    await expect.poll(() => row.getAttribute("data-table-over"), { timeout: 120_000 }).not.toBeNull();
    await row.locator('[data-page-action="table-open"]').click();
    const win = gm.locator('[data-window][data-game="hununga"]').last();
    await win.waitFor();
    await settled(gm);
    await win.screenshot({ path: `${RESULTS}/captured-dice-match-de.png` });
    // Each player's captured dice: how many, and on how many lines they stand.
    const rows = await win.locator("[data-captured]").evaluateAll((lists) =>
      lists.map((list) => {
        const dice = [...list.querySelectorAll(".cantina-hununga-dots")].map((d) =>
          Math.round(d.getBoundingClientRect().top),
        );
        return { dice: dice.length, lines: new Set(dice).size };
      }),
    );
    const captured = rows.filter((r) => r.dice >= 3);
    expect(captured.length, "a match to its end captures pieces").toBeGreaterThan(0);
    // Three dice or more never take a line each: the row holds several.
    for (const r of captured) expect(r.lines, `${r.dice} dice on ${r.lines} lines`).toBeLessThan(r.dice);
    await tabs.context.close();
  });
});
