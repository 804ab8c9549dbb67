/**
 * Ubongo in real Chromium: two player pages race the first round. The GM page's `?dice=` scripts
 * every result to 1 (the deck's shuffle and the die: the Sun, light side, first row), so the task
 * cards are known; the test reads each board and tray from the window and asks the solver where
 * the tiles go. Rey lays hers with the keyboard (Enter picks a tile up, R turns it, arrows move it,
 * Enter puts it down) and calls Ubongo! first; Finn drags his from the tray with the mouse, turning
 * them with the wheel. Finn sees Rey's place but not her board until the round is over; then both
 * boards are shown and the scores follow the finishing order. In round 2 (Finn rolls: the roll goes
 * left) Finn drags a tile with a finger (touch events through the DevTools protocol) while Rey's
 * Ubongo! reaches his page and his board is redrawn mid-drag (as a host that redraws every part does); the
 * tile lands where the finger lifts. At 1024×768, with four players on red boards and the bots (their
 * thinking time set in the lobby) done first, a player's controls stay on screen. Solo against the
 * stopwatch, the player's window shows the time run, ticking up. Screenshots in test-results/.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { placementOfPiece } from "../../src/apps/ubongo/context";
import { type TilePlacement, orientShape } from "../../src/apps/board/placement";
import { type TileId, solveBoard } from "../../src/rules/ubongo";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();
let gm: Page;
let rey: Page;
let finn: Page;

const win = (page: Page): Locator => page.locator('[data-window][data-game="ubongo"]');
const surface = (page: Page): Locator => win(page).locator("[data-placement] [data-board-surface]");

async function front(page: Page): Promise<void> {
  await page.bringToFront();
}

/** The task on the page: the board's rows ("#" a square) and the tray's tiles; the solver's answer as placements. */
async function solution(page: Page): Promise<TilePlacement[]> {
  const cells = await surface(page)
    .locator("[data-cell]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-at") ?? ""));
  const squares = cells.map((k) => k.split(",").map(Number) as [number, number]);
  const w = Math.max(...squares.map(([x]) => x)) + 1;
  const h = Math.max(...squares.map(([, y]) => y)) + 1;
  const rows = Array.from({ length: h }, (_, y) =>
    Array.from({ length: w }, (_, x) => (cells.includes(`${x},${y}`) ? "#" : ".")).join(""),
  );
  const tiles = (await win(page)
    .locator("[data-placement] [data-tile]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-tile") ?? ""))) as TileId[];
  const found = solveBoard(rows, tiles, "light", { limit: 1, keep: 1 }).solutions[0];
  expect(found).toBeDefined();
  return found!.map((p) => placementOfPiece(p, "light")!);
}

/** The tile's tray shape ("x,y;x,y"). */
async function trayShape(page: Page, tileId: string): Promise<{ x: number; y: number }[]> {
  const shape = (await win(page).locator(`[data-placement] [data-tile="${tileId}"]`).getAttribute("data-shape")) ?? "";
  return shape.split(";").map((c) => {
    const [x, y] = c.split(",").map(Number);
    return { x: x ?? 0, y: y ?? 0 };
  });
}

/** Lays a tile from the keyboard: Enter on its tray button picks it up on the first square, R turns it, arrows move it, Enter drops it. */
async function layByKeyboard(page: Page, p: TilePlacement): Promise<void> {
  await front(page);
  await win(page).locator(`[data-placement] [data-tile="${p.tileId}"]`).focus();
  await page.keyboard.press("Enter");
  const tile = win(page).locator(`[data-placed-tile="${p.tileId}"]`);
  await expect.poll(() => tile.getAttribute("data-holding")).toBe("");
  for (let i = 0; i < p.rotation; i++) await page.keyboard.press("r");
  const [x, y] = ((await tile.getAttribute("data-at")) ?? "0,0").split(",").map(Number) as [number, number];
  for (let i = x; i < p.at.x; i++) await page.keyboard.press("ArrowRight");
  for (let i = x; i > p.at.x; i--) await page.keyboard.press("ArrowLeft");
  for (let i = y; i < p.at.y; i++) await page.keyboard.press("ArrowDown");
  for (let i = y; i > p.at.y; i--) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect.poll(() => tile.getAttribute("data-holding")).toBeNull();
}

/** Board cell units to the page's pixels. */
async function toPixels(page: Page, cell: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const s = surface(page);
  const box = (await s.boundingBox())!;
  const [ox, oy, w, h] = await Promise.all(
    ["data-origin-x", "data-origin-y", "data-width", "data-height"].map(async (a) => Number(await s.getAttribute(a))),
  );
  const UNIT = 100;
  return {
    x: box.x + ((cell.x * UNIT - (ox ?? 0)) / (w ?? 1)) * box.width,
    y: box.y + ((cell.y * UNIT - (oy ?? 0)) / (h ?? 1)) * box.height,
  };
}

/**
 * Lays a tile with the mouse: pressed on its tray button, dragged over the board, turned with the
 * wheel while held, let go where its corner lands on `at` (the drag holds an unturned tile by its
 * middle, and keeps that grip after turns).
 */
async function layByMouse(page: Page, p: TilePlacement): Promise<void> {
  await front(page);
  const tray = win(page).locator(`[data-placement] [data-tile="${p.tileId}"]`);
  const box = (await tray.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const over = await toPixels(page, { x: 1.5, y: 1.5 });
  await page.mouse.move(over.x, over.y, { steps: 5 });
  const tile = win(page).locator(`[data-placed-tile="${p.tileId}"]`);
  await expect.poll(() => tile.getAttribute("data-holding")).toBe("");
  for (let i = 0; i < p.rotation; i++) {
    await page.mouse.wheel(0, 100);
    await expect.poll(() => tile.getAttribute("data-rotation")).toBe(String(i + 1));
  }
  const unturned = orientShape(await trayShape(page, p.tileId), { rotation: 0, flipped: false });
  const grab = {
    x: (Math.max(...unturned.map((c) => c.x)) + 1) / 2,
    y: (Math.max(...unturned.map((c) => c.y)) + 1) / 2,
  };
  const to = await toPixels(page, { x: p.at.x + grab.x + 0.1, y: p.at.y + grab.y + 0.1 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => tile.getAttribute("data-holding")).toBeNull();
  expect(await tile.getAttribute("data-at")).toBe(`${p.at.x},${p.at.y}`);
  expect(await tile.getAttribute("data-rotation")).toBe(String(p.rotation));
}

describe("standalone table: Ubongo", () => {
  it("two players race a round, laying tiles with the keyboard and the mouse; the first to call Ubongo! scores most; a finger's drag survives a redraw", async () => {
    const ones = Array.from({ length: 400 }, () => 1);
    gm = await table().open(`user=gm&dice=${ones.join(",")}&botDelay=0`);
    await front(gm);
    rey = await table().open("user=player1");
    finn = await table().open("user=player2");

    await gm.selectOption('select[name="gameId"]', "ubongo");
    await seatPeople(gm, { player1: "Rey", player2: "Finn" });
    await gm.screenshot({ path: `${RESULTS}/ubongo-lobby.png` });
    await gm.click('[data-page-action="lobby-create"]');

    // Rey rolls this round: the Sun (light side, first row of tiles).
    await front(rey);
    await win(rey).locator('[data-action="start"]').click();
    await expect.poll(() => win(finn).locator("[data-placement] [data-cell]").count()).toBeGreaterThan(0);
    expect(await win(rey).locator("[data-die-row]").textContent()).toContain("Sun");
    await expect.poll(() => gm.locator('[data-chat-line][data-notation="1d6"]').count()).toBe(1);

    const reyTiles = await solution(rey);
    const finnTiles = await solution(finn);
    await rey.screenshot({ path: `${RESULTS}/ubongo-rey-task.png` });

    // Finn starts with the mouse; Rey lays all of hers from the keyboard and calls first.
    await layByMouse(finn, finnTiles[0]!);
    for (const p of reyTiles) await layByKeyboard(rey, p);
    await expect.poll(() => win(rey).locator("[data-placement]").getAttribute("data-complete")).toBe("");
    await rey.screenshot({ path: `${RESULTS}/ubongo-rey-complete.png` });
    await win(rey).locator('[data-action="claim"]').click();
    await expect.poll(() => win(finn).locator("[data-order] li").allTextContents()).toEqual(["Rey"]);
    // Finn's tiles stay where he laid them after the redraw; Rey's board is not shown to him.
    expect(await win(finn).locator(`[data-placed-tile="${finnTiles[0]!.tileId}"]`).getAttribute("data-at")).toBe(
      `${finnTiles[0]!.at.x},${finnTiles[0]!.at.y}`,
    );
    expect(await win(finn).locator("[data-shown-board]").count()).toBe(0);
    await finn.screenshot({ path: `${RESULTS}/ubongo-finn-racing.png` });

    for (const p of finnTiles.slice(1)) await layByMouse(finn, p);
    await expect.poll(() => win(finn).locator("[data-placement]").getAttribute("data-complete")).toBe("");
    await win(finn).locator('[data-action="claim"]').click();

    // The round is over: both boards are shown, Rey moved 2 spaces, Finn 1.
    await expect.poll(() => win(rey).locator("[data-shown-board]").count()).toBe(2);
    const scores = await win(rey)
      .locator("tr[data-score] th")
      .evaluateAll((els) => els.map((e) => `${e.textContent}:${e.parentElement?.getAttribute("data-score")}`));
    expect(scores).toEqual(["Rey:2", "Finn:1"]);
    await gm.screenshot({ path: `${RESULTS}/ubongo-gm.png` });
    await rey.screenshot({ path: `${RESULTS}/ubongo-player1.png` });
    await finn.screenshot({ path: `${RESULTS}/ubongo-player2.png` });

    // Round 2: the roll passes to the left (Finn). Finn drags a tile with his finger; Rey's Ubongo!
    // arrives and the board is redrawn mid-drag, and the tile still lands where his finger lifts.
    await front(finn);
    await win(finn).locator('[data-action="start"]').click();
    await expect.poll(() => win(rey).locator("[data-placement] [data-cell]").count()).toBeGreaterThan(0);
    const reyRound2 = await solution(rey);
    const tileId = (await win(finn).locator("[data-placement] [data-tile]").first().getAttribute("data-tile"))!;
    const shape = await trayShape(finn, tileId);
    const firstCell = ((await surface(finn).locator("[data-cell]").first().getAttribute("data-at")) ?? "0,0")
      .split(",")
      .map(Number) as [number, number];
    // Its first square on the board's first square: the tile lies on the board.
    const target = { x: firstCell[0] - shape[0]!.x, y: firstCell[1] - shape[0]!.y };
    const grab = { x: (Math.max(...shape.map((c) => c.x)) + 1) / 2, y: (Math.max(...shape.map((c) => c.y)) + 1) / 2 };
    const touch = await table().context.newCDPSession(finn);
    const finger = async (
      type: "touchStart" | "touchMove" | "touchEnd",
      at: { x: number; y: number } | null,
    ): Promise<void> => {
      await touch.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y), id: 1 }] : [],
      });
    };
    // The board part as drawn before the drag: what a host's redraw puts back.
    const boardHtml = await win(finn)
      .locator("[data-placement]")
      .evaluate((el) => el.outerHTML);
    const trayBox = (await win(finn).locator(`[data-placement] [data-tile="${tileId}"]`).boundingBox())!;
    await finger("touchStart", { x: trayBox.x + trayBox.width / 2, y: trayBox.y + trayBox.height / 2 });
    for (const step of [0.5, 1, 1.5]) await finger("touchMove", await toPixels(finn, { x: step, y: step }));
    const held = win(finn).locator(`[data-placed-tile="${tileId}"]`);
    await expect.poll(() => held.getAttribute("data-holding")).toBe("");
    for (const p of reyRound2) await layByKeyboard(rey, p);
    await win(rey).locator('[data-action="claim"]').click();
    await expect.poll(() => win(finn).locator("[data-order] li").allTextContents()).toEqual(["Rey"]);
    await front(finn);
    // The standalone page redraws only the parts whose HTML changed (not this board): redraw it as
    // a host redrawing every part would, from the same HTML; the tile in hand leaves the DOM.
    await win(finn)
      .locator("[data-placement]")
      .evaluate((el, html) => {
        const fresh = document.createElement("template");
        fresh.innerHTML = html;
        el.replaceWith(fresh.content.firstElementChild!);
      }, boardHtml);
    expect(await held.count()).toBe(0);
    const lift = await toPixels(finn, { x: target.x + grab.x + 0.1, y: target.y + grab.y + 0.1 });
    await finger("touchMove", lift);
    await finger("touchEnd", null);
    await expect.poll(() => held.getAttribute("data-holding")).toBeNull();
    expect(await held.getAttribute("data-at")).toBe(`${target.x},${target.y}`);
    await finn.screenshot({ path: `${RESULTS}/ubongo-finn-touch.png` });
  }, 240_000);

  it("at 1024×768 a player's controls stay on screen with four players on red boards, the bots done first", async () => {
    const ones = Array.from({ length: 400 }, () => 1);
    // One GM page hosts the tables: the race's GM page gives way to this one.
    if (gm && !gm.isClosed()) await gm.close();
    gm = await table().open(`user=gm&dice=${ones.join(",")}`);
    const host = gm;
    const player = await table().open("user=player1");
    for (const page of [host, player]) await page.setViewportSize({ width: 1024, height: 768 });
    await front(host);
    await host.selectOption('select[name="gameId"]', "ubongo");
    await host.selectOption('select[name="seatCount"]', "4");
    await host.selectOption('select[name="option.level"]', "red");
    await host.selectOption('select[name="seat0.kind"]', "person");
    await host.selectOption('select[name="seat0.userId"]', "player1");
    for (let i = 1; i < 4; i++) await host.selectOption(`select[name="seat${i}.kind"]`, "bot");
    // The lobby has the bots' thinking times: the quick bots (the default level) take 2 s, no spread.
    await host.fill('input[name="option.quickSeconds"]', "2");
    await host.fill('input[name="option.quickSpread"]', "0");
    await host.click('[data-page-action="lobby-create"]');
    await front(player);
    // Only this table's window open (the race above left its table's window on player1's page).
    await expect.poll(() => player.locator("[data-window]").count()).toBeGreaterThan(0);
    while ((await player.locator("[data-window]").count()) > 1)
      await player.locator('[data-window] [data-page-action="table-close"]').first().click();
    const gameWindow = player.locator('[data-window][data-game="ubongo"]').last();
    await gameWindow.locator('[data-action="start"]').click();
    await expect.poll(() => gameWindow.locator("[data-placement] [data-cell]").count()).toBeGreaterThan(0);
    const rows = await gameWindow
      .locator("[data-placement] [data-cell]")
      .evaluateAll((els) => new Set(els.map((e) => (e.getAttribute("data-at") ?? "").split(",")[1])).size);
    expect(await gameWindow.locator("[data-placement] [data-tile]").count()).toBe(4);
    // The three bots finish (2 s × 1.6 on a red board) while player1 still solves.
    await expect.poll(() => gameWindow.locator("[data-order] li").count(), { timeout: 20_000 }).toBe(3);
    expect(await gameWindow.locator("[data-error]").textContent()).toBe("");
    await player.evaluate(() => window.scrollTo(0, 0));
    const bottom = await gameWindow.locator(".cantina-controls").evaluate((el) => el.getBoundingClientRect().bottom);
    await player.screenshot({ path: `${RESULTS}/ubongo-small-red-four.png` });
    expect(bottom, `controls end at ${bottom} px (a board of ${rows} rows)`).toBeLessThanOrEqual(768);
  }, 120_000);

  it("solo against the stopwatch: the player's window shows the time run as a timer, ticking up every second", async () => {
    // One GM page hosts the tables: the last test's gives way to this one.
    if (gm && !gm.isClosed()) await gm.close();
    gm = await table().open("user=gm");
    // The player's page on Playwright's clock: the stopwatch's next second comes when the test moves time on.
    const player = await table().open("user=player3", (page) => page.clock.install());
    await front(gm);
    await gm.selectOption('select[name="gameId"]', "ubongo-solo");
    await gm.selectOption('select[name="option.mode"]', "count");
    await gm.selectOption('select[name="seat0.kind"]', "person");
    await gm.selectOption('select[name="seat0.userId"]', "player3");
    await gm.click('[data-page-action="lobby-create"]');
    await front(player);
    const solo = player.locator('[data-window][data-game="ubongo-solo"]');
    await solo.waitFor();
    // No clock before the player looks: the stopwatch starts with Start, which shows the first card.
    const start = solo.getByRole("button", { name: "Start: show the first puzzle" });
    await start.waitFor();
    expect(await solo.locator("[data-countdown-started-at]").count()).toBe(0);
    await start.click();
    const watch = solo.locator('[data-countdown-started-at][role="timer"]');
    await watch.waitFor();
    expect(await watch.getAttribute("aria-live")).toBeNull();
    const time = watch.locator("[data-countdown-time]");
    const first = (await time.textContent()) ?? "";
    expect(first).toMatch(/^\d+:\d\d$/);
    // It ticks between updates (no move is made): two seconds on, the time shown has moved on.
    await player.clock.fastForward(2_000);
    await expect.poll(() => time.textContent()).not.toBe(first);
    expect(await time.textContent()).toMatch(/^\d+:\d\d$/);
    await player.screenshot({ path: `${RESULTS}/ubongo-solo-stopwatch.png` });
  });
});
