/**
 * Issue 33, "a piece slides to where it went … on the scene canvas": a Foundry stand-in page with a
 * scene canvas (foundry-canvas.ts: pixi.js as Foundry's global PIXI, the interface group, a Scene
 * whose flags come back through `updateScene`). The GM puts a bots' Ulwan board on the scene from its
 * window; as the bots move (their delays on the page's Playwright clock), every frame of the canvas's
 * own ticker records where each piece is drawn: a moved piece passes through places between its old
 * cell and its new one over several frames, and does not jump. Run `npm run build` first.
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
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

/**
 * Watches, on every frame of the canvas's ticker (after the board's own tween), where each piece of
 * every board on the scene is drawn (the board's pieces layer: the renderer's third child, over its
 * cells and marks, under the interface group's boards container), and keeps the longest run of
 * frames in a row in which one piece's drawn place changed (`window.longestGlide`).
 */
async function watchPieces(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Node = { children: Node[]; visible: boolean; x: number; y: number; zIndex: number };
    const w = window as unknown as {
      canvas: { interface: Node; app: { ticker: { add(fn: () => void, ctx?: unknown, priority?: number): void } } };
      PIXI: { UPDATE_PRIORITY: { UTILITY: number } };
      longestGlide: number;
    };
    const last = new Map<Node, string>();
    const run = new Map<Node, number>();
    w.longestGlide = 0;
    w.canvas.app.ticker.add(
      () => {
        const drawn = new Set<Node>();
        for (const boards of w.canvas.interface.children.filter((c) => c.zIndex === 950))
          for (const placed of boards.children)
            for (const board of placed.children)
              if (board.children.length === 4)
                for (const piece of board.children[2]!.children) if (piece.visible) drawn.add(piece);
        for (const piece of drawn) {
          const at = `${Math.round(piece.x * 10)},${Math.round(piece.y * 10)}`;
          const moved = last.has(piece) && last.get(piece) !== at;
          run.set(piece, moved ? (run.get(piece) ?? 0) + 1 : 0);
          w.longestGlide = Math.max(w.longestGlide, run.get(piece) ?? 0);
          last.set(piece, at);
        }
        // A piece not drawn in a frame starts afresh when it is drawn again.
        for (const piece of [...last.keys()]) if (!drawn.has(piece)) last.delete(piece);
      },
      undefined,
      w.PIXI.UPDATE_PRIORITY.UTILITY,
    );
  });
}

const longestGlide = (page: Page) => page.evaluate(() => (window as unknown as { longestGlide: number }).longestGlide);

describe("the scene canvas", () => {
  it("a moved piece slides on the scene canvas over several frames to its new place, not in one jump", async () => {
    const tableId = await api(gm).launch("ulwan", {
      seats: [{ kind: "bot" }, { kind: "bot" }],
      options: { pieces: 1 },
    });
    expect(tableId, errors.join("; ")).toBeTruthy();
    await api(gm).open(tableId!);
    const place = gm.locator(`#cantina-table-${tableId} [data-action="sceneBoard"][data-op="place"]`);
    await place.click();
    // The flag comes back through updateScene: the board is drawn on the scene.
    await expect
      .poll(() =>
        gm.evaluate(
          () =>
            (
              window as unknown as { canvas: { interface: { children: { zIndex: number; children: unknown[] }[] } } }
            ).canvas.interface.children.find((c) => c.zIndex === 950)?.children.length ?? 0,
        ),
      )
      .toBeGreaterThan(0);
    await watchPieces(gm);
    // The bots play on the page's clock; each step of it runs the canvas's frames (16 ms each).
    const over = () =>
      gm.evaluate(
        (id) =>
          (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
            .get("cantina-games")!
            .api.view(id)?.table.over ?? true,
        tableId!,
      );
    for (let i = 0; i < 60 && (await longestGlide(gm)) < 3 && !(await over()); i++) await gm.clock.runFor(500);
    await gm.screenshot({ path: `${RESULTS}/foundry-scene-slide.png` });
    expect(await longestGlide(gm), "frames in a row in which one piece moved").toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
  });
});
