/* global document */
// Browser benchmark (`npm run bench:browser`): the standalone page in headless Chromium plays a bot
// Seven Ulwan game and a bot True Sabacc match while a GM tab and a spectator tab watch, and prints
// per tab the cost of each update (its redraw plus the style and layout it causes) and long tasks.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { createServer } from "vite";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const BOT_DELAY = Number(process.env.BOT_DELAY ?? 10);
const FINISHED = JSON.parse(readFileSync("lang/en.json", "utf8")).CANTINA.Lobby.Finished;

// Set before the page's scripts run: the page records each redraw into `cantinaBench` (page.ts),
// and tasks over 50 ms are counted here.
const PROBE = `
  globalThis.cantinaBench = [];
  globalThis.cantinaLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) globalThis.cantinaLongTasks.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
`;

const server = await createServer({
  configFile: "vite.standalone.config.ts",
  server: { port: 0, host: "127.0.0.1", hmr: false },
  logLevel: "warn",
});
await server.listen();
const url = `http://127.0.0.1:${server.httpServer.address().port}/`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  // Chromium runs every tab but the front one at a lower priority (nice 5 on Linux), even with
  // Playwright's --disable-renderer-backgrounding: the watching tab then waits behind any other work
  // on the machine. Each user's tab is in front of their own browser, so every tab runs at full priority.
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    "--enable-features=ForceForegroundPriorityForAllTabs",
  ],
});

async function open(context, query) {
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`${query}: ${e.message}`));
  await page.goto(`${url}?${query}`);
  await page.waitForSelector("[data-user]");
  return page;
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Collects and resets one tab's records. */
async function take(page) {
  return page.evaluate(() => {
    const out = { redraws: globalThis.cantinaBench, longTasks: globalThis.cantinaLongTasks };
    globalThis.cantinaBench = [];
    globalThis.cantinaLongTasks = [];
    return out;
  });
}

const rows = [];
function report(label, { redraws, longTasks }) {
  const updates = redraws
    .filter((r) => r.kind === "update")
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const opens = redraws.filter((r) => r.kind === "open").map((r) => r.ms);
  const row = {
    tab: label,
    updates: updates.length,
    median: quantile(updates, 0.5),
    p95: quantile(updates, 0.95),
    max: updates.at(-1) ?? NaN,
    open: opens.length > 0 ? Math.max(...opens) : NaN,
    longTasks: longTasks.filter((d) => d > 50).length,
  };
  rows.push(row);
}

/** One match: the GM creates a table of bots, a spectator opens it, both watch it to its end. */
async function match(name, gameId, seats) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(PROBE);
  const gm = await open(context, `user=gm&botDelay=${BOT_DELAY}`);
  const spectator = await open(context, "user=player3");
  await gm.bringToFront();
  await gm.selectOption('select[name="gameId"]', gameId);
  await gm.selectOption('select[name="seatCount"]', String(seats));
  for (let i = 0; i < seats; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  // Bots play from the first update: the spectator's window opens before the table exists, on its row.
  await gm.click('[data-page-action="lobby-create"]');
  // The table list redraws on every move: a dispatched click does not wait for it to hold still.
  await spectator.locator('[data-page-action="table-open"]').first().dispatchEvent("click");
  await gm.bringToFront();
  const started = Date.now();
  await gm.waitForFunction(
    (finished) => [...document.querySelectorAll(".cantina-table-status")].some((e) => e.textContent === finished),
    FINISHED,
    { timeout: 20 * 60_000, polling: 500 },
  );
  await spectator.waitForTimeout(500);
  const status = await gm
    .locator("[data-window] [data-status]")
    .first()
    .textContent()
    .catch(() => "");
  console.error(`${name}: ${status?.trim()}`);
  await gm.screenshot({ path: `test-results/bench-${gameId}.png` });
  report(`${name}, GM`, await take(gm));
  report(`${name}, spectator`, await take(spectator));
  console.error(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await context.close();
}

try {
  await match("Seven Ulwan (two bots)", "seven-ulwan", 2);
  await match("True Sabacc (three bots)", "sabacc-true", 3);
} finally {
  await browser.close();
  await server.close();
}

const ms = (n) => (Number.isNaN(n) ? "–" : `${n.toFixed(1)} ms`);
console.log("| tab | updates | median | p95 | max | window opened in | tasks > 50 ms |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.tab} | ${r.updates} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} | ${ms(r.open)} | ${r.longTasks} |`,
  );
