/**
 * Issue 33, Defiance and Domain's board reads pieces first: its 64 key points are small, half-faded
 * dots beside a square's side and a Command, and a key point the Rebels control stands out again.
 * One table (the player against a bot), looked at from the player's page at the start.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();
const GAME = "defiance-and-domain";
const win = (page: Page) => page.locator(`[data-window][data-game="${GAME}"]`).last();

describe("Defiance and Domain's key points", () => {
  it("are quiet small dots while open, and a key point the Rebels control is drawn bigger and full", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    const player = await tabs.open("user=player1");
    await player.setViewportSize({ width: 1024, height: 768 });
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana" });
    await gm.selectOption('select[name="seat1.kind"]', "bot");
    await gm.click('[data-page-action="lobby-create"]');
    await win(player).locator("[data-board] .cantina-point.key").first().waitFor();
    await win(player).screenshot({ path: `${RESULTS}/defiance-key-points.png` });

    const look = await win(player).evaluate((el) => {
      const dotOf = (point: Element) => {
        const dot = point.querySelector(".cantina-point-dot")!;
        return { width: dot.getBoundingClientRect().width, opacity: Number(getComputedStyle(dot).fillOpacity) };
      };
      const square = el.querySelector("[data-board] .cantina-cell")!.getBoundingClientRect().width;
      const command = el.querySelector("[data-board] .cantina-point[data-piece] .cantina-piece")!;
      const keys = [...el.querySelectorAll("[data-board] .cantina-point.key:not(.controlled)")];
      const open = keys.map(dotOf);
      // The context marks a key point the Rebels control with the class "controlled"
      // (tests/apps/defiance-key-points.test.ts); here one open key point is given it as the context would.
      keys[0]!.classList.add("controlled");
      return {
        count: keys.length,
        square,
        command: command.getBoundingClientRect().width,
        widest: Math.max(...open.map((d) => d.width)),
        boldest: Math.max(...open.map((d) => d.opacity)),
        held: dotOf(keys[0]!),
      };
    });
    expect(look.count).toBe(64);
    // An open key point's dot: about a tenth of a square's side, faded (before: a seventh, full amber).
    expect(look.widest).toBeLessThan(look.square / 9);
    expect(look.boldest).toBeLessThanOrEqual(0.75);
    expect(look.widest).toBeLessThan(look.command / 6);
    // A controlled one: at least twice as wide, full amber.
    expect(look.held.width).toBeGreaterThanOrEqual(2 * look.widest);
    expect(look.held.opacity).toBe(1);
  });
});
