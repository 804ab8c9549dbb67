/**
 * A replay's step slides the moved piece as a table's window does (issue 33: "a piece slides to where
 * it went"): an Ulwan table of one piece each finished by bots, replayed on the page, stepped forward until a piece moves.
 */
import { describe, expect, it } from "vitest";
import { finishWithBots, replayStep } from "./replays";
import { serveStandalone } from "./standalone";

const table = serveStandalone();

describe("replay slides", () => {
  it("a step forward that moves a piece slides it on the replay's board", { retry: 0 }, async () => {
    const gm = await table().open("user=gm&botDelay=0");
    await table().open("user=player1");
    // One piece each: the bots finish in a few dozen moves (a whole match is the soak suite's).
    await finishWithBots(gm, "ulwan", 2, { pieces: "1" });
    const row = gm.locator("[data-replay-row]").first();
    await row.waitFor({ timeout: 30_000 });
    await row.locator('[data-replay-action="open"]').click();
    const replayWin = gm.locator("[data-replay-window]");
    await expect.poll(() => replayStep(gm, () => replayWin)).toBe(0);
    // Every slide layer put over a board, as it appears (each is gone again once it has played).
    await gm.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { slides: string[] }).slides = seen;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element && n.matches("[data-slide]")) seen.push(n.getAttribute("data-slide") ?? "");
      }).observe(document.body, { childList: true, subtree: true });
    });
    const slides = () => gm.evaluate(() => (window as unknown as { slides: string[] }).slides.length);
    for (let i = 1; i <= 20 && (await slides()) === 0; i++) {
      await replayWin.locator('[data-replay-action="forward"]').click();
      await expect.poll(() => replayStep(gm, () => replayWin)).toBe(i);
    }
    expect(await slides()).toBeGreaterThan(0);
  });
});
