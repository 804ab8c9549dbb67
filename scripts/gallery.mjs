/* global document */
// The gallery (`npm run gallery`): every game's window as the GM, a player and a spectator see it, at
// the start, the middle and the end of a match, at 1024×768 and 1920×1080, light and dark, English and
// German, into test-results/gallery/ with an index.html that shows them side by side. A tool to look
// at, not a test. Each state is reached once (bots play the player's seat on the GM page's held clock,
// a step at a time) and photographed in every size and theme; each language is a run of its own.
// `GALLERY_GAMES=takat,hununga` limits the games; `GALLERY_LANGS=en` the languages; `GALLERY_SIZES=1024x768`
// the window sizes; `GALLERY_JOBS` how many tables are photographed at a time (2). `GALLERY_KEEP=1` keeps
// the shots of earlier runs and indexes them all, so that the matrix can be taken in parts.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { build, preview } from "vite";
import { galleryIndex, shotName, shotOf, sortShots } from "./gallery-index.mjs";

const PAGE_DIR = resolve("test-results/gallery-page");
const OUT = resolve("test-results/gallery");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const ALL_SIZES = [
  { name: "1024x768", width: 1024, height: 768 },
  { name: "1920x1080", width: 1920, height: 1080 },
];
const ONLY_SIZES = process.env.GALLERY_SIZES?.split(",");
const SIZES = ONLY_SIZES ? ALL_SIZES.filter((s) => ONLY_SIZES.includes(s.name)) : ALL_SIZES;
if (SIZES.length === 0) throw new Error(`GALLERY_SIZES: none of ${ALL_SIZES.map((s) => s.name).join(", ")}`);
const THEMES = ["light", "dark"];
const LANGS = (process.env.GALLERY_LANGS ?? "en,de").split(",");
/** A bot's move per step of the held clock; the middle is this many steps in (or the end, if sooner). */
const BOT_DELAY_MS = 1000;
const MID_STEPS = 8;
const MAX_STEPS = 500;
const CONCURRENCY = Number(process.env.GALLERY_JOBS ?? 2);
const KEEP = process.env.GALLERY_KEEP === "1";
const VIEWERS = { gm: "user=gm", player: "user=player1", spectator: "user=Zuckuss" };

// Built apart from the browser tests' page (test-results/page), which a test run rebuilds at any time.
if (!process.argv.includes("--no-build"))
  await build({
    configFile: "vite.standalone.config.ts",
    build: { outDir: PAGE_DIR, emptyOutDir: true, reportCompressedSize: false },
    logLevel: "error",
  });
if (!KEEP) rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const server = await preview({
  configFile: false,
  root: ".",
  build: { outDir: PAGE_DIR },
  preview: { host: "127.0.0.1", port: 0 },
  logLevel: "warn",
});
const url = `http://127.0.0.1:${server.httpServer.address().port}/`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const shots = [];
const problems = [];
const started = Date.now();

async function open(context, query, lang, beforeLoad) {
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`${query}: ${e.message}`));
  await beforeLoad?.(page);
  await page.goto(`${url}?${query}&lang=${lang}`);
  await page.waitForSelector("[data-user]", { timeout: 60_000 });
  return page;
}

const windowOf = (page, game) => page.locator(`[data-window][data-game="${game}"]`).last();

/** Every size and theme of each viewer's window as it is now. */
async function shoot(pages, game, state, lang) {
  for (const [viewer, page] of Object.entries(pages)) {
    const win = windowOf(page, game);
    if ((await win.count()) === 0) {
      problems.push(`${game} ${state} ${viewer} ${lang}: no window`);
      continue;
    }
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const theme of THEMES) {
        await page.evaluate((t) => (document.documentElement.dataset.cantinaTheme = t), theme);
        const shot = { game, state, viewer, size: size.name, theme, lang };
        await win.screenshot({ path: `${OUT}/${shotName(shot)}`, animations: "disabled" });
        shots.push(shot);
      }
    }
  }
}

/** The table's window on `page`: opened from the table list unless it opened by itself (a seated player's). */
async function openWindow(page, game) {
  const win = windowOf(page, game);
  await win.waitFor({ timeout: 2_000 }).catch(async () => {
    await page.locator("[data-table-row]").last().locator('[data-page-action="table-open"]').click();
    await win.waitFor({ timeout: 10_000 });
  });
}

/** The GM's table operation `op` on the first seat that offers it, and the tabs given time to redraw. */
async function seatOp(gm, game, op) {
  const button = windowOf(gm, game).locator(`[data-op="${op}"]`).first();
  if ((await button.count()) > 0) await button.click();
  await gm.waitForTimeout(300);
}

/** Whether the GM's table list says the table is over (a finished table folds to its result line). */
async function finished(gm) {
  return (await gm.locator("[data-table-row]").last().getAttribute("data-table-over")) !== null;
}

async function gameIds(lang) {
  const context = await browser.newContext();
  const gm = await open(context, "user=gm", lang);
  const ids = await gm.$$eval('select[name="gameId"] option', (os) => os.map((o) => o.value));
  await context.close();
  const only = process.env.GALLERY_GAMES?.split(",");
  return only ? ids.filter((id) => only.includes(id)) : ids;
}

async function galleryOf(game, lang) {
  const context = await browser.newContext({ viewport: { width: SIZES[0].width, height: SIZES[0].height } });
  const gm = await open(context, `user=gm&botDelay=${BOT_DELAY_MS}`, lang, (page) => page.clock.install());
  // Time stands still on the context's pages (installed, a clock still runs) until a step moves it on.
  await gm.clock.pauseAt(Date.now() + 2000);
  const player = await open(context, VIEWERS.player, lang);
  const spectator = await open(context, VIEWERS.spectator, lang);
  await gm.selectOption('select[name="gameId"]', game);
  await gm.selectOption('select[name="seat0.kind"]', "person");
  await gm.selectOption('select[name="seat0.userId"]', "player1");
  await gm.fill('input[name="seat0.name"]', "Ana");
  const seats = await gm.locator('select[name$=".kind"]').count();
  for (let i = 1; i < seats; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  await gm.click('[data-page-action="lobby-create"]');
  const pages = { gm, player, spectator };
  for (const page of Object.values(pages)) await openWindow(page, game);
  await shoot(pages, game, "start", lang);
  // The player's seat to a bot kept for them: bots play the match, a move per step of the GM's clock.
  await windowOf(gm, game).locator('[data-op="seat-bot"]').first().click();
  let step = 0;
  for (; step < MID_STEPS && !(await finished(gm)); step++) await gm.clock.runFor(BOT_DELAY_MS);
  // The seat back to its player for the pictures, so that the player's page shows a player's window.
  await seatOp(gm, game, "seat-player");
  await shoot(pages, game, "middle", lang);
  await seatOp(gm, game, "seat-bot");
  // On to the end with only the host's page and no window open: redrawing hundreds of moves in three
  // tabs took most of the run. The tabs come back for the end.
  await player.close();
  await spectator.close();
  await windowOf(gm, game).locator('[data-page-action="table-close"]').click();
  // Ten moves a step: a long match (Seven Ulwan) takes hundreds.
  for (; step < MAX_STEPS && !(await finished(gm)); step++) await gm.clock.runFor(10 * BOT_DELAY_MS);
  if (!(await finished(gm))) problems.push(`${game} ${lang}: not over after ${MAX_STEPS} steps`);
  pages.player = await open(context, VIEWERS.player, lang);
  pages.spectator = await open(context, VIEWERS.spectator, lang);
  for (const page of Object.values(pages)) await openWindow(page, game);
  // The match's end gave the seat back to its player (concerns/hand-over): the player's window is theirs.
  await shoot(pages, game, "end", lang);
  await context.close();
}

try {
  const jobs = [];
  for (const lang of LANGS) {
    for (const game of await gameIds(lang)) jobs.push({ game, lang });
  }
  // Two tables at a time (each a browser context of its own): the machine's two cores both busy.
  const next = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const t = Date.now();
      await galleryOf(job.game, job.lang).catch((e) => problems.push(`${job.game} ${job.lang}: ${e.message}`));
      console.log(`${job.lang} ${job.game}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, next));
  const indexed = KEEP
    ? readdirSync(OUT)
        .map(shotOf)
        .filter((s) => s !== null)
    : shots;
  writeFileSync(`${OUT}/index.html`, galleryIndex(sortShots(indexed)));
} finally {
  await browser.close();
  await server.close();
}
console.log(`${shots.length} screenshots in ${OUT}/ (index.html) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
}
