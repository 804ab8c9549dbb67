/**
 * The board view (src/standalone/board-view.ts, src/apps/canvas) in real Chromium: a GM page sets up
 * Takat with a short move limit, Ana and Bo open their board views and play by DRAGGING pieces on
 * the PIXI canvas, each move checked on the other's canvas; an illegal drop snaps back with the
 * reason; the page with the board view open passes axe-core. Screenshots in test-results/. The
 * default run drags the first moves; `TAKAT_DRAG_MOVES=10` (the soak run,
 * tests/soak/browser/board-canvas.soak.test.ts) plays the game to its move limit.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { CanvasTarget } from "../../src/apps/canvas/contract";
import { expectAccessible } from "./axe";
import { RESULTS, openGmAndTwoPlayers, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();
let gm: Page;
let ana: Page;
let bo: Page;

const GAME = "takat";
/** The move limit the lobby sets (its least). */
const MOVE_LIMIT = 10;
/** How many moves are dragged: the whole game in the soak run, its first moves by default. */
const MOVES = Number(process.env.TAKAT_DRAG_MOVES ?? 3);

const win = (page: Page) => page.locator(`[data-window][data-game="${GAME}"]`).last();
const canvas = (page: Page) => page.locator("[data-board-canvas]").last();
const status = (page: Page) => win(page).locator("[data-status]").textContent();
const moveCount = (page: Page) => win(page).locator(".cantina-unequal-moves").textContent();

/** The canvas's cells and trays in page pixels (the canvas publishes them in its own pixels). */
async function targets(page: Page): Promise<CanvasTarget[]> {
  const el = canvas(page);
  // The board view sits under the window: scrolled into view, where the mouse can reach it.
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  const json = (await el.getAttribute("data-targets")) ?? "[]";
  if (!box) return [];
  return (JSON.parse(json) as CanvasTarget[]).map((t) => ({ ...t, x: t.x + box.x, y: t.y + box.y }));
}

/**
 * One gesture with real mouse events on the canvas: a press on `from`, a short pull (the canvas lights
 * the piece's destinations), then a drag in steps to the target `pick` chooses and a release there.
 */
async function drag(
  page: Page,
  from: CanvasTarget,
  pick: (lit: readonly CanvasTarget[]) => CanvasTarget | undefined,
  midDrag?: (now: readonly CanvasTarget[]) => Promise<void>,
): Promise<CanvasTarget> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y - 10, { steps: 2 });
  const now = await targets(page);
  await midDrag?.(now);
  const to = pick(now);
  if (!to) {
    await page.mouse.up();
    throw new Error(`no target to drag ${from.id} to: ${JSON.stringify(now)}`);
  }
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  return to;
}

/** The window's destination tick (styles/theme.css --cantina-board-destination-tick, src/apps/board/palette.ts). */
const TICK = [0x14, 0x53, 0x2d] as const;

/** The page's pixels around (x, y), `size` either way, as [r, g, b] rows (a screenshot decoded in the page). */
async function pixelsAround(page: Page, x: number, y: number, size: number): Promise<number[][][]> {
  const png = await page.screenshot({ clip: { x: x - size, y: y - size, width: 2 * size, height: 2 * size } });
  return page.evaluate(async (b64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
    ctx.drawImage(bitmap, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    return Array.from({ length: height }, (_, row) =>
      Array.from({ length: width }, (_, col) => [...data.slice((row * width + col) * 4, (row * width + col) * 4 + 3)]),
    );
  }, png.toString("base64"));
}

/** A pixel of the tick's dark green (not the outline's bright green, nor a label's grey). */
const tickGreen = ([r = 0, g = 0, b = 0]: readonly number[]): boolean =>
  Math.hypot(r - TICK[0], g - TICK[1], b - TICK[2]) < 45 && g > r + 30 && g > b + 20;

/**
 * A lit destination on the canvas is marked as the window marks it: outlined and washed, with a tick
 * (the canvas drew a filled dark dot in its middle before, issue 33): the dark green is a thin stroke,
 * filling well under half of the box around it, as a dot would not.
 */
async function expectWindowsDestinationMark(
  page: Page,
  now: readonly CanvasTarget[],
  from: CanvasTarget,
): Promise<void> {
  const lit = now.filter((t) => t.lit && t.kind === "cell");
  // The lit hex farthest from the piece held over the board.
  const far = lit.sort((a, b) => Math.hypot(b.x - from.x, b.y - from.y) - Math.hypot(a.x - from.x, a.y - from.y))[0];
  if (!far) throw new Error("no lit hex");
  const rows = await pixelsAround(page, far.x, far.y, 30);
  const dark = rows.flatMap((row, y) => row.flatMap((p, x) => (tickGreen(p) ? [{ x, y }] : [])));
  expect(dark.length, "a tick on the lit hex").toBeGreaterThan(15);
  const width = Math.max(...dark.map((d) => d.x)) - Math.min(...dark.map((d) => d.x)) + 1;
  const height = Math.max(...dark.map((d) => d.y)) - Math.min(...dark.map((d) => d.y)) + 1;
  expect(dark.length / (width * height), `${dark.length} dark pixels in ${width}×${height}`).toBeLessThan(0.5);
}

/** The player to act drags their first movable piece to its first lit destination. */
async function dragAnyMove(page: Page): Promise<string> {
  await page.bringToFront();
  await expect.poll(async () => (await targets(page)).some((t) => t.movable)).toBe(true);
  const from = (await targets(page)).find((t) => t.movable);
  if (!from) throw new Error("no movable piece");
  // Mid-drag the canvas has lit the piece's destinations (published on the press): the first one.
  const to = await drag(page, from, (now) => now.find((t) => t.lit));
  return to.id;
}

async function toAct(done: number): Promise<Page> {
  for (const page of [ana, bo]) await expect.poll(() => moveCount(page)).toContain(`Move ${done}/`);
  return (await status(ana))?.includes("Ana") ? ana : bo;
}

async function openBoardView(page: Page): Promise<void> {
  await page.bringToFront();
  const toggle = win(page).locator('[data-page-action="board-view"]');
  await toggle.click();
  await canvas(page).waitFor();
  expect(await toggle.getAttribute("aria-pressed")).toBe("true");
  expect(await canvas(page).getAttribute("aria-label")).toContain("canvas");
  await expect.poll(async () => (await targets(page)).length).toBeGreaterThan(0);
}

beforeAll(async () => ({ gm, first: ana, second: bo } = await openGmAndTwoPlayers(table())));

describe("standalone board view: a game played by dragging on the PIXI canvas", () => {
  it("Takat by drag and drop (to its move limit in the soak run), destinations marked as in the window, an illegal drop snapped back with the reason, the view closed", async () => {
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.locator('input[name="option.maxMoves"]').fill(String(MOVE_LIMIT));
    await gm.click('[data-page-action="lobby-create"]');
    expect((await gm.locator("[data-lobby-error]").textContent())?.trim() ?? "").toBe("");
    await win(ana).waitFor();
    await win(bo).waitFor();
    await openBoardView(ana);
    await openBoardView(bo);
    await expectAccessible(ana, "Ana's page with the board view open");

    // An illegal drop: Ana drags her reserve onto a hex it cannot reach; it snaps back and the reason shows.
    await ana.bringToFront();
    const before = await targets(ana);
    const reserve = before.find((t) => t.movable);
    if (!reserve) throw new Error("Ana has nothing to move");
    // Mid-drag: the lit hexes are where the reserve may enter; the drop goes to one that is not lit.
    // Mid-drag the lit hexes are marked as the window marks a destination (one palette, one mark).
    await drag(
      ana,
      reserve,
      (now) => now.find((t) => t.kind === "cell" && !t.lit && now.some((l) => l.lit)),
      (now) => expectWindowsDestinationMark(ana, now, reserve),
    );
    await expect
      .poll(async () => ((await win(ana).locator("[data-error]").first().textContent()) ?? "").trim())
      .not.toBe("");
    await ana.screenshot({ path: `${RESULTS}/board-canvas-refused.png` });
    expect(await moveCount(ana)).toContain("Move 0/");
    // Snapped back: the same pieces on the same places, still movable.
    const after = await targets(ana);
    expect(after.map((t) => [t.id, t.owner, t.movable])).toEqual(before.map((t) => [t.id, t.owner, t.movable]));

    // Moves by dragging, each checked on the other player's canvas.
    for (let done = 0; done < MOVES; done++) {
      const page = await toAct(done);
      const other = page === ana ? bo : ana;
      const to = await dragAnyMove(page);
      await expect.poll(async () => (await targets(other)).find((t) => t.id === to)?.owner ?? null).not.toBeNull();
      if (done === 1) await page.screenshot({ path: `${RESULTS}/board-canvas-dragging.png` });
    }
    if (MOVES >= MOVE_LIMIT) {
      await expect.poll(() => status(ana)).toContain("Drawn: the move limit is reached.");
      await expect.poll(async () => (await targets(ana)).some((t) => t.movable)).toBe(false);
      await ana.screenshot({ path: `${RESULTS}/board-canvas-end.png` });
    }

    // Closed by its button: the canvas is gone, the window stays and its toggle is off again.
    await ana.locator("[data-board-view-close]").click();
    expect(await ana.locator("[data-board-canvas]").count()).toBe(0);
    expect(await win(ana).locator('[data-page-action="board-view"]').getAttribute("aria-pressed")).toBe("false");
    expect(await win(ana).isVisible()).toBe(true);
  });
});
