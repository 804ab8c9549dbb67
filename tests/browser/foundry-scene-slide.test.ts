/**
 * Issue 33, "a piece slides to where it went … on the scene canvas": a Foundry stand-in page with a
 * scene canvas (foundry-canvas.ts: pixi.js as Foundry's global PIXI, the interface group, a Scene
 * whose flags come back through `updateScene`). The GM puts a bots' Ulwan board on the scene from its
 * window; as the bots move (their delays on the page's Playwright clock), every frame of the canvas's
 * own ticker records where each piece is drawn: a moved piece passes through places between its old
 * cell and its new one over several frames, and does not jump; with prefers-reduced-motion it is drawn
 * at its new place at once. Run `npm run build` first.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFoundryCanvas } from "./foundry-canvas";
import { installFoundryHarness } from "./foundry-harness";
import { installFoundryWindows } from "./foundry-windows";
import { type FoundryWorldServer, startFoundryWorld } from "./foundry-world";
import { RESULTS, connectChromium } from "./standalone";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "dist");

let world: FoundryWorldServer;
let browser: Browser;
let gm: Page;
const errors: string[] = [];

interface Api {
  launch(game: string, o?: object): Promise<string | null>;
  open(tableId: string): boolean;
  view(id: string): { table: { over: boolean; version: number } } | null;
}
const api = (page: Page) => ({
  launch: (game: string, o: object) =>
    page.evaluate(
      ([g, options]) =>
        (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
          .get("cantina-games")!
          .api.launch(g as string, options as object),
      [game, o] as const,
    ),
  open: (id: string) =>
    page.evaluate(
      (t) =>
        (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
          .get("cantina-games")!
          .api.open(t),
      id,
    ),
});

beforeAll(async () => {
  if (!existsSync(join(dist, "scripts/cantina-games.js"))) throw new Error("run npm run build first");
  mkdirSync(RESULTS, { recursive: true });
  world = await startFoundryWorld(dist, [{ id: "gm", name: "GM", role: 4, flags: {} }]);
  browser = await connectChromium();
  gm = await (await browser.newContext({ viewport: { width: 1024, height: 900 } })).newPage();
  gm.on("pageerror", (e) => errors.push(e.message));
  gm.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await gm.clock.install();
  await gm.addInitScript(installFoundryHarness, "gm");
  await gm.addInitScript({ path: join(root, "node_modules/handlebars/dist/handlebars.min.js") });
  await gm.addInitScript(installFoundryWindows);
  // pixi.js's browser build declares `var PIXI`; Playwright runs an init script inside a function, so it is made global here.
  const pixi = readFileSync(join(root, "node_modules/pixi.js/dist/pixi.min.js"), "utf8");
  await gm.addInitScript({ content: `${pixi}\n;window.PIXI = PIXI;` });
  await gm.addInitScript(installFoundryCanvas);
  await gm.goto(`http://cantina.test:${world.port}/game`);
  await gm.waitForFunction(
    () =>
      !!(globalThis as unknown as { game: { modules: Map<string, { api?: unknown }> } }).game.modules.get(
        "cantina-games",
      )?.api,
    undefined,
    { timeout: 20_000 },
  );
  expect(await gm.evaluate(() => typeof (window as unknown as { PIXI?: unknown }).PIXI), errors.join("; ")).toBe(
    "object",
  );
  // Foundry draws its canvas after `ready`.
  await gm.evaluate(() => (window as unknown as { __canvasReady(): void }).__canvasReady());
  await watchPieces(gm);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

/**
 * Watches, on every frame of the canvas's ticker (after the board's own tween), where each piece of
 * every board on the scene is drawn (the board's pieces layer: the renderer's third child, over its
 * cells and marks, under the interface group's boards container), and keeps per board, in the order
 * the boards appeared, the longest run of frames in a row in which one piece's drawn place changed.
 */
async function watchPieces(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Node = { children: Node[]; visible: boolean; x: number; y: number; zIndex: number };
    const w = window as unknown as {
      canvas: { interface: Node; app: { ticker: { add(fn: () => void, ctx?: unknown, priority?: number): void } } };
      PIXI: { UPDATE_PRIORITY: { UTILITY: number } };
      glides: number[];
      relocations: number[];
    };
    const last = new Map<Node, string>();
    const run = new Map<Node, number>();
    const boardIndex = new Map<Node, number>();
    const placesOf = new Map<number, string>();
    w.glides = [];
    w.relocations = [];
    w.canvas.app.ticker.add(
      () => {
        const drawn = new Map<Node, number>();
        for (const boards of w.canvas.interface.children.filter((c) => c.zIndex === 950))
          for (const placed of boards.children)
            for (const board of placed.children) {
              if (board.children.length !== 4) continue;
              if (!boardIndex.has(board)) {
                boardIndex.set(board, w.glides.length);
                w.glides.push(0);
                w.relocations.push(0);
              }
              for (const piece of board.children[2]!.children)
                if (piece.visible) drawn.set(piece, boardIndex.get(board)!);
            }
        for (const [piece, index] of drawn) {
          const at = `${Math.round(piece.x * 10)},${Math.round(piece.y * 10)}`;
          const moved = last.has(piece) && last.get(piece) !== at;
          run.set(piece, moved ? (run.get(piece) ?? 0) + 1 : 0);
          w.glides[index] = Math.max(w.glides[index] ?? 0, run.get(piece) ?? 0);
          last.set(piece, at);
        }
        // Where the board's pieces stand, as a set: a change is a piece moved (slid or jumped) or taken.
        for (const index of new Set(drawn.values())) {
          const places = [...drawn]
            .filter(([, i]) => i === index)
            .map(([p]) => `${Math.round(p.x)},${Math.round(p.y)}`)
            .sort()
            .join(" ");
          if (placesOf.has(index) && placesOf.get(index) !== places) w.relocations[index]!++;
          placesOf.set(index, places);
        }
        // A piece not drawn in a frame starts afresh when it is drawn again.
        for (const piece of [...last.keys()]) if (!drawn.has(piece)) last.delete(piece);
      },
      undefined,
      w.PIXI.UPDATE_PRIORITY.UTILITY,
    );
  });
}

/** The longest glide of each board, in the order the boards appeared on the scene. */
const glides = (page: Page) => page.evaluate(() => (window as unknown as { glides: number[] }).glides);
/** How many frames each board's pieces stood elsewhere than the frame before (a slide counts each of its frames). */
const relocations = (page: Page) => page.evaluate(() => (window as unknown as { relocations: number[] }).relocations);

/** A bots' Ulwan of one piece each, its window opened and its board put on the scene by the GM's button. */
async function botsBoardOnScene(page: Page): Promise<string> {
  const tableId = await api(page).launch("ulwan", {
    seats: [{ kind: "bot" }, { kind: "bot" }],
    options: { pieces: 1 },
  });
  expect(tableId, errors.join("; ")).toBeTruthy();
  await api(page).open(tableId!);
  const boardsBefore = (await glides(page)).length;
  await page.locator(`#cantina-table-${tableId} [data-action="sceneBoard"][data-op="place"]`).click();
  // The flag comes back through updateScene: the board is drawn on the scene (and watched).
  await page.clock.runFor(100);
  await expect.poll(async () => (await glides(page)).length).toBe(boardsBefore + 1);
  return tableId!;
}

const over = (page: Page, tableId: string) =>
  page.evaluate(
    (id) =>
      (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
        .get("cantina-games")!
        .api.view(id)?.table.over ?? true,
    tableId,
  );

describe("the scene canvas", () => {
  it("a moved piece slides on the scene canvas over several frames to its new place, not in one jump", async () => {
    const tableId = await botsBoardOnScene(gm);
    const board = (await glides(gm)).length - 1;
    // The bots play on the page's clock; each step of it runs the canvas's frames (16 ms each).
    for (let i = 0; i < 60 && ((await glides(gm))[board] ?? 0) < 3 && !(await over(gm, tableId)); i++)
      await gm.clock.runFor(500);
    await gm.screenshot({ path: `${RESULTS}/foundry-scene-slide.png` });
    expect((await glides(gm))[board], "frames in a row in which one piece moved").toBeGreaterThanOrEqual(3);
    // Off the scene: the next test's board is the only one drawn.
    await gm.locator(`#cantina-table-${tableId} [data-action="sceneBoard"][data-op="remove"]`).click();
    expect(errors).toEqual([]);
  });

  it("with prefers-reduced-motion a moved piece is drawn at its new place at once: no frame between", async () => {
    await gm.emulateMedia({ reducedMotion: "reduce" });
    const tableId = await botsBoardOnScene(gm);
    const board = (await glides(gm)).length - 1;
    // The bots play until their pieces have moved on the board three times.
    for (let i = 0; i < 60 && ((await relocations(gm))[board] ?? 0) < 3 && !(await over(gm, tableId)); i++)
      await gm.clock.runFor(500);
    expect((await relocations(gm))[board], "frames in which a piece stood elsewhere").toBeGreaterThanOrEqual(3);
    expect((await glides(gm))[board], "frames in a row in which one piece moved").toBe(0);
    await gm.emulateMedia({ reducedMotion: "no-preference" });
    expect(errors).toEqual([]);
  });
});
