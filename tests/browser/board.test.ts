/**
 * The board renderer in real Chromium (tests/browser/board-demo.html): clicks land on the cell
 * whose polygon is under the pointer (triangles share bounding boxes), follow-up choices, pieces
 * on points, arrow keys, and tiles dragged with the mouse, turned with the wheel and the keyboard,
 * and placed from the keyboard alone. Screenshots in test-results/.
 */
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, connectChromium } from "./standalone";

let browser: Browser;
let page: Page;

const board = (name: string) => page.locator(`[data-demo="${name}"]`);
const calls = () => page.evaluate(() => (window as unknown as { boardCalls: unknown[] }).boardCalls);

/** The page position of a point given in fractions of an element's box. */
async function at(selector: string, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`no box for ${selector}`);
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

beforeAll(async () => {
  browser = await connectChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The global setup builds the demo next to the standalone table.
  await page.goto(`${inject("standaloneUrl")}tests/browser/board-demo.html`);
  await page.waitForSelector("body[data-ready]");
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
});

describe("board renderer in Chromium", () => {
  it("draws square, hex, triangle and placement boards", async () => {
    expect(await board("square").locator("[data-cell]").count()).toBe(36);
    expect(await board("square").locator("[data-point]").count()).toBe(49);
    expect(await board("hex").locator("[data-cell]").count()).toBe(7);
    expect(await board("triangle").locator("[data-cell]").count()).toBe(48);
    await page.screenshot({ path: `${RESULTS}/board-demo.png`, fullPage: true });
  });

  it("has no accessibility violations that axe-core finds (names, roles, focusable targets)", async () => {
    await expectAccessible(page, "the board demo", "#demo");
  });

  it("a click hits the triangle under the pointer, not the one whose box overlaps it", async () => {
    // In square (1,1) the east triangle's box overlaps the north one's; (0.9, 0.2) of the square is east.
    const sq = await at('[data-demo="triangle"] [data-cell="1,1,n"]', 0.5, 0.5); // centre of n's box
    const n = await page.locator('[data-demo="triangle"] [data-cell="1,1,n"]').boundingBox();
    expect(n).not.toBeNull();
    await page.mouse.click(sq.x, sq.y);
    expect(await board("triangle").locator("[data-board]").getAttribute("data-selected")).toBe("1,1,n");
    // (0.9, 0.2) of the whole square (1,1): inside the east triangle, which is not a destination: clears.
    const w = n!.width;
    await page.mouse.click(n!.x + w * 0.9, n!.y + w * 0.2);
    expect(await board("triangle").locator("[data-board]").getAttribute("data-selected")).toBe("");
    await page.mouse.click(sq.x, sq.y);
    const west = await at('[data-demo="triangle"] [data-cell="2,1,w"]', 0.5, 0.5);
    await page.mouse.click(west.x, west.y);
    expect(await calls()).toContainEqual({ board: "triangle", move: { from: "1,1,n", to: "2,1,w" } });
  });

  it("a move with a follow-up choice, a piece on a point, and arrows walking the grid", async () => {
    const sq = (id: string) => board("square").locator(`[data-cell="${id}"]`);
    await sq("1,1").click();
    await sq("2,1").click();
    const popover = board("square").locator('[data-choices-for="1,1 2,1"]');
    await expect.poll(() => popover.isVisible()).toBe(true);
    await page.screenshot({ path: `${RESULTS}/board-choice.png` });
    await popover.getByText("facing south").click();
    expect(await calls()).toContainEqual({ board: "square", move: { from: "1,1", to: "2,1", choice: "face-s" } });
    await board("square").locator('[data-point="p3-3"]').click();
    await board("square").locator('[data-point="p4-4"]').click();
    expect(await calls()).toContainEqual({ board: "square", move: { from: "p3-3", to: "p4-4", id: "command" } });
    await sq("0,0").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-cell"))).toBe("1,1");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await calls()).toContainEqual({ board: "square", move: { from: "1,1", to: "1,2", id: "step" } });
  });

  it("a redrawn board slides the moved piece over it (its state final at once), and not with reduced motion", async () => {
    /** Redraws the square board with its first piece moved to an empty cell; what shows right after. */
    const redraw = () =>
      page.evaluate(async () => {
        const old = document.querySelector<HTMLElement>('[data-demo="square"] [data-board]')!;
        const next = old.cloneNode(true) as HTMLElement;
        // As a host draws it: from the template, without a slide still under way on the old one.
        for (const layer of next.querySelectorAll("[data-slide]")) layer.remove();
        const from = next.querySelector<HTMLElement>("[data-cell][data-piece]")!;
        const to = [...next.querySelectorAll<HTMLElement>("[data-cell]")].find((c) => c.dataset.piece === undefined)!;
        to.dataset.piece = from.dataset.piece!;
        delete from.dataset.piece;
        to.querySelector("svg")!.appendChild(from.querySelector(".cantina-piece")!);
        old.replaceWith(next);
        await Promise.resolve();
        const slide = next.querySelector<SVGElement>("[data-slide]");
        return {
          to: to.dataset.cell,
          slide: slide?.dataset.slide ?? null,
          hidden: slide ? to.querySelector<SVGGElement>(".cantina-piece")!.style.opacity : "",
        };
      });
    const moved = await redraw();
    expect(moved.slide).toBe(moved.to);
    // The real piece is already on its new cell; only the copy travels.
    expect(moved.hidden).toBe("0");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect((await redraw()).slide).toBeNull();
    await page.emulateMedia({ reducedMotion: null });
  });

  it("tiles: dragged with the mouse, turned with the wheel, placed from the keyboard, an overhang marked", async () => {
    const p = board("placement");
    // Drag the domino by its middle onto the top row's middle: cells 1,0 and 2,0.
    const from = await at('[data-demo="placement"] [data-tile="duo"]', 0.5, 0.5);
    const to = await at('[data-demo="placement"] [data-cell="1,0"]', 1, 0.5);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    expect((await calls()).at(-1)).toEqual({ board: "placement", place: [{ tileId: "duo", cells: ["1,0", "2,0"] }] });
    // The wheel over it turns it a quarter: 1,0 and 1,1.
    await page.mouse.move(to.x - 5, to.y);
    await page.mouse.wheel(0, 100);
    await expect
      .poll(async () => (await calls()).at(-1))
      .toEqual({
        board: "placement",
        place: [{ tileId: "duo", cells: ["1,0", "1,1"] }],
      });
    // Keyboard only: the L from the tray, three to the right (hanging over), then back and down.
    await p.locator('[data-tile="ell"]').focus();
    await page.keyboard.press("Enter");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => p.locator('[data-placed-tile="ell"]').getAttribute("data-invalid")).toBe("overhang");
    await page.screenshot({ path: `${RESULTS}/board-placement-overhang.png` });
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("r");
    await page.keyboard.press("Enter");
    const last = (await calls()).at(-1) as { place: { tileId: string; cells: string[] }[] };
    expect(last.place.find((t) => t.tileId === "ell")?.cells).toEqual(["2,0", "3,0", "2,1"]);
    await page.screenshot({ path: `${RESULTS}/board-placement.png` });
  });
});
