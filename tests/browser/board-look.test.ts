/**
 * How every board game's board reads in a match under way (issue 33, "boards read first"): no
 * coordinate or cell mark drawn under a piece, Seven Ulwan's path arrows quieter than the pieces and
 * never over one; each board's cells in its own colours (Hununga and Takat share kind names).
 * One table per game, all played by bots on the GM page's held clock (a few moves each), looked at
 * from a seated player's page.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type StyleToken, colour, parseColour } from "../../src/palette";
import { RESULTS, serveStandalone } from "./standalone";

const table = serveStandalone();

const BOARD_GAMES = ["ulwan", "ulwan-finkel", "seven-ulwan", "hununga", "defiance-and-domain", "porrika", "takat"];
const BOT_DELAY_MS = 1000;
/** Bot moves (GM clock steps) into each match: pieces on the board, none borne off yet. */
const STEPS = 14;

const win = (page: Page, game: string) => page.locator(`[data-window][data-game="${game}"]`).last();

/** A table of the player and bots per game, the player's seat then handed to a bot: bots play them all. */
async function startMatches(gm: Page, player: Page): Promise<void> {
  for (const game of BOARD_GAMES) {
    await gm.selectOption('select[name="gameId"]', game);
    await gm.selectOption('select[name="seat0.kind"]', "person");
    await gm.selectOption('select[name="seat0.userId"]', "player1");
    await gm.fill('input[name="seat0.name"]', "Ana");
    const seats = await gm.locator('select[name$=".kind"]').count();
    for (let i = 1; i < seats; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
    await gm.click('[data-page-action="lobby-create"]');
    await gm.locator("[data-table-row]").last().locator('[data-page-action="table-open"]').click();
    await win(gm, game).locator('[data-op="seat-bot"]').first().click();
    await win(player, game).waitFor();
  }
}

/**
 * Each text or cell mark drawn in a cell that holds a piece and shows over a quarter of itself
 * within the piece's drawn box: the board, the cell, the mark's class and text.
 */
async function marksUnderPieces(page: Page, game: string): Promise<string[]> {
  return win(page, game).evaluate((el) => {
    const hits: string[] = [];
    for (const cell of el.querySelectorAll<HTMLElement>("[data-board] [data-cell][data-piece]")) {
      const shape = cell.querySelector(".cantina-piece .cantina-piece-shape");
      if (!shape) continue;
      const p = shape.getBoundingClientRect();
      const marks = [...cell.querySelectorAll<SVGGraphicsElement>("svg text, svg .cantina-cell-glyph")].filter(
        (m) => m.closest(".cantina-piece") === null,
      );
      for (const mark of marks) {
        if (Number(getComputedStyle(mark).opacity) === 0 || getComputedStyle(mark).visibility === "hidden") continue;
        const m = mark.getBoundingClientRect();
        const w = Math.min(m.right, p.right) - Math.max(m.left, p.left);
        const h = Math.min(m.bottom, p.bottom) - Math.max(m.top, p.top);
        const area = m.width * m.height;
        if (w > 0 && h > 0 && area > 0 && (w * h) / area > 0.25)
          hits.push(`${cell.dataset.square}: ${mark.getAttribute("class")} "${mark.textContent ?? ""}"`);
      }
    }
    return hits;
  });
}

describe("board games' boards in a match under way", () => {
  it("draw no coordinate or cell mark under a piece, each in its own colours; Seven Ulwan's paths faint and Defiance's empty points under the pieces", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open(`user=gm&botDelay=${BOT_DELAY_MS}`, (page) => page.clock.install());
    // Time stands still on the context's pages until a step: each step one bot move per table.
    await gm.clock.pauseAt(Date.now() + 2000);
    const player = await tabs.open("user=player1");
    await startMatches(gm, player);
    for (let i = 0; i < STEPS; i++) await gm.clock.runFor(BOT_DELAY_MS);
    await player.bringToFront();
    const found: string[] = [];
    let pieces = 0;
    for (const game of BOARD_GAMES) {
      await expect.poll(() => win(player, game).locator("[data-board] .cantina-piece").count()).toBeGreaterThan(0);
      pieces += await win(player, game).locator("[data-board] [data-cell][data-piece]").count();
      found.push(...(await marksUnderPieces(player, game)).map((hit) => `${game} ${hit}`));
    }
    await win(player, "takat").screenshot({ path: `${RESULTS}/board-look-takat.png` });
    await win(player, "seven-ulwan").screenshot({ path: `${RESULTS}/board-look-seven-ulwan.png` });
    expect(pieces).toBeGreaterThan(BOARD_GAMES.length);
    expect(found).toEqual([]);

    // Each board's cells in its own colours, whatever other game's stylesheet came later: every cell is
    // painted in its tone's colour from the one palette (src/palette), a split tile in both of its
    // (Hununga's and Takat's kinds share names, and no longer their colours' rules).
    const rgb = (token: string): string => {
      const c = parseColour(colour(token as StyleToken))?.rgb ?? -1;
      return `rgb(${(c >> 16) & 255}, ${(c >> 8) & 255}, ${c & 255})`;
    };
    for (const game of BOARD_GAMES) {
      const painted = await win(player, game).evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>("[data-board] [data-cell]")].map((cell) => ({
          id: cell.dataset.cell ?? "",
          fill: cell.style.getPropertyValue("--cantina-cell-fill"),
          split: cell.style.getPropertyValue("--cantina-cell-split"),
          image: getComputedStyle(cell).backgroundImage,
        })),
      );
      expect(painted.length, game).toBeGreaterThan(0);
      const wrong = painted.flatMap((c) => {
        const tokens = [c.fill, c.split || c.fill].map((v) => /var\(--cantina-([\w-]+)\)/.exec(v)?.[1] ?? "");
        const stops = [...c.image.matchAll(/rgb\(\d+, \d+, \d+\)/g)].map((m) => m[0]);
        const want = tokens.map(rgb);
        return stops[0] === want[0] && stops[stops.length - 1] === want[1]
          ? []
          : [`${game} ${c.id}: ${c.image} ≠ ${tokens}`];
      });
      expect(wrong).toEqual([]);
    }
    const toneOf = async (game: string, selector: string) =>
      win(player, game)
        .locator(`[data-board] ${selector}`)
        .first()
        .evaluate((cell: HTMLElement) => cell.style.getPropertyValue("--cantina-cell-fill"));
    expect(await toneOf("hununga", ".kind-centre:not(.claimed-0):not(.claimed-1)")).toBe(
      "var(--cantina-hununga-centre)",
    );
    expect(await toneOf("hununga", ".kind-plain.shade-light")).toBe("var(--cantina-hununga-plain)");
    expect(await toneOf("takat", ".kind-centre")).toBe("var(--cantina-unequal-centre)");
    expect(await toneOf("porrika", ".kind-plain.shade-light")).toBe("var(--cantina-unequal-start-light)");
    await win(player, "hununga").screenshot({ path: `${RESULTS}/board-look-hununga.png` });
    await win(player, "defiance-and-domain").screenshot({ path: `${RESULTS}/board-look-defiance.png` });
    await win(player, "porrika").screenshot({ path: `${RESULTS}/board-look-porrika.png` });

    // The path arrows are a guide under the play: fainter and thinner than a piece's outline.
    const track = await win(player, "seven-ulwan")
      .locator("[data-tracks]")
      .evaluate((svg) => Number(getComputedStyle(svg).opacity));
    expect(track).toBeLessThanOrEqual(0.45);
    // …and never drawn over a piece: what shows at each piece's centre is its own cell, not a path line.
    const crossed = await win(player, "seven-ulwan").evaluate((el) => {
      const tracks = el.querySelector("[data-tracks]");
      if (!tracks) return ["no path lines"];
      const tracksZ = Number(getComputedStyle(tracks).zIndex) || 0;
      return [...el.querySelectorAll<HTMLElement>("[data-board] [data-cell][data-piece]")]
        .filter((cell) => (Number(getComputedStyle(cell).zIndex) || 0) <= tracksZ)
        .map((cell) => cell.dataset.square ?? "");
    });
    expect(crossed).toEqual([]);

    // Defiance's empty points (a key point's ring) pass under the pieces they touch.
    const pointsOver = await win(player, "defiance-and-domain").evaluate((el) => {
      const z = (e: Element) => Number(getComputedStyle(e).zIndex) || 0;
      const over: string[] = [];
      const points = [...el.querySelectorAll<HTMLElement>("[data-board] [data-point]:not([data-piece])")];
      for (const cell of el.querySelectorAll<HTMLElement>("[data-board] [data-cell][data-piece]")) {
        const p = cell.querySelector(".cantina-piece-shape")?.getBoundingClientRect();
        if (!p) continue;
        for (const point of points) {
          const b = point.getBoundingClientRect();
          const apart = b.right <= p.left || b.left >= p.right || b.bottom <= p.top || b.top >= p.bottom;
          if (!apart && z(point) >= z(cell) && !point.hasAttribute("data-dest-for"))
            over.push(`${point.dataset.square} over ${cell.dataset.square}`);
        }
      }
      return over;
    });
    expect(pointsOver).toEqual([]);
    await tabs.context.close();
  });
});
