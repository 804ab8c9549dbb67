/* global document, URLSearchParams */
// Canvas board bench (`npm run bench:browser` runs it after bench/browser.mjs): an 8×8 board with 40
// pieces drawn by src/apps/canvas with pixi.js in headless Chromium (WebGL on SwiftShader). Prints the
// redraw per update (the renderer's update, then with PIXI's render and the GPU finishing the frame)
// and the frame times while a piece is dragged with the mouse (requestAnimationFrame deltas).
import { chromium } from "playwright-core";
import { createServer } from "vite";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const UPDATES = Number(process.env.CANVAS_UPDATES ?? 200);
const DRAG_MOVES = Number(process.env.CANVAS_DRAG_MOVES ?? 180);
// Unset knobs leave the board view's own settings (the page picks them as src/standalone/board-view.ts does).
const knobs = {
  antialias: process.env.CANVAS_ANTIALIAS,
  maxTextures: process.env.CANVAS_MAX_TEXTURES,
  cacheGround: process.env.CANVAS_CACHE_GROUND,
};
const QUERY = `?${new URLSearchParams(Object.entries(knobs).filter(([, v]) => v !== undefined))}`;

const server = await createServer({
  configFile: false,
  root: ".",
  server: { port: 0, host: "127.0.0.1", hmr: false },
  logLevel: "warn",
});
await server.listen();
const url = `http://127.0.0.1:${server.httpServer.address().port}/bench/board-canvas.html${QUERY}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (n) => `${n.toFixed(2)} ms`;
function summary(label, values) {
  const s = [...values].sort((a, b) => a - b);
  return { what: label, n: s.length, median: fmt(quantile(s, 0.5)), p95: fmt(quantile(s, 0.95)), max: fmt(s.at(-1)) };
}

try {
  const page = await browser.newPage({ viewport: { width: 600, height: 600 } });
  page.on("pageerror", (e) => console.error(e.message));
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  const pieces = await page.evaluate(() => globalThis.canvasBench.pieces());
  const settings = await page.evaluate(() => ({ ...document.body.dataset }));
  // Warm-up (JIT, textures), then the measured updates.
  await page.evaluate(() => {
    for (let i = 0; i < 20; i++) globalThis.canvasBench.step(i);
  });
  const steps = await page.evaluate((n) => {
    const out = [];
    for (let i = 20; i < 20 + n; i++) out.push(globalThis.canvasBench.step(i));
    return out;
  }, UPDATES);

  // A drag: a press on one of side 0's pieces, then DRAG_MOVES small mouse moves in circles, then the release.
  const targets = await page.evaluate(() => globalThis.canvasBench.targets());
  const from = targets.find((t) => t.movable);
  const box = await page.locator("canvas").boundingBox();
  const x0 = box.x + from.x;
  const y0 = box.y + from.y;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.evaluate(() => globalThis.canvasBench.record(true));
  const started = Date.now();
  for (let i = 0; i < DRAG_MOVES; i++) {
    const a = (i / 30) * Math.PI;
    await page.mouse.move(x0 + 150 * Math.sin(a), y0 + 150 * (1 - Math.cos(a)));
  }
  const frames = await page.evaluate(() => globalThis.canvasBench.record(false));
  const seconds = (Date.now() - started) / 1000;
  await page.mouse.up();

  console.log(
    `Canvas board: ${pieces} pieces on 8×8, ${UPDATES} updates, drag of ${seconds.toFixed(1)} s (software WebGL ${settings.software}, antialias ${settings.antialias}, batch textures ${settings.maxTextures || "PIXI's default"})`,
  );
  const sortedFrames = [...frames].sort((a, b) => a - b);
  console.table([
    summary(
      "update (renderer)",
      steps.map((s) => s.update),
    ),
    summary(
      "update + render + GPU",
      steps.map((s) => s.render),
    ),
    summary("frame while dragging", frames),
  ]);
  const mean = frames.reduce((a, b) => a + b, 0) / Math.max(1, frames.length);
  console.log(
    `dragging: ${(1000 / mean).toFixed(1)} fps on average, ${(1000 / quantile(sortedFrames, 0.95)).toFixed(1)} fps at the p95 frame, ` +
      `${frames.filter((f) => f > 20).length} of ${frames.length} frames over 20 ms`,
  );
} finally {
  await browser.close();
  await server.close();
}
