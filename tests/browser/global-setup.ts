/**
 * Once per browser-test run (vitest globalSetup): builds the standalone table and the board demo
 * into test-results/page/ (scripts/build-test-page.mjs; unless `npm test` built them), serves that folder with one static server (`vite preview`), and
 * launches one Chromium per test worker; every test file connects to its worker's Chromium and
 * opens the served page (tests/browser/standalone.ts). Everything closes after the last file.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type AddressInfo } from "node:net";
import { resolve } from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import { preview } from "vite";
import type { TestProject } from "vitest/node";

/** The built pages: the standalone table at /, the board demo at /tests/browser/board-demo.html. */
const PAGE_DIR = resolve("test-results/page");
/**
 * `CHROMIUM_PATH`, else Debian's headless shell, else Debian's Chromium. Full Chromium's headless mode
 * draws only the front tab: a tab behind it that changed gets one animation frame a second
 * (its trace says ThrottleUndrawnFrames), and each click there waited about 2 s for Playwright's
 * "stable" check (two frames). The headless shell draws every tab: the suite took half the time.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Launch flags: headless, quiet, and `cantina.test` mapped to this machine (the insecure-origin test). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--host-resolver-rules=MAP cantina.test 127.0.0.1",
  // A context's tabs of one site share one renderer process, as Chromium does when it runs short of
  // processes: a new tab then loads without starting a process and compiling the page again
  // (about 200 ms of CPU per tab; the suite 431 → 395 CPU-s here). Each context keeps its own.
  "--process-per-site",
];

declare module "vitest" {
  export interface ProvidedContext {
    /** The static server's address, ending in "/". */
    standaloneUrl: string;
    /** One Chromium's WebSocket endpoint per worker (VITEST_POOL_ID 1 takes the first). */
    chromiumEndpoints: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // `npm test` built the page beside the typecheck and lint (scripts/test.sh); a run by hand builds it here.
  if (process.env.CANTINA_TEST_PAGE !== "built")
    execFileSync(process.execPath, ["scripts/build-test-page.mjs"], { stdio: "inherit" });
  const server = await preview({
    configFile: false,
    root: ".",
    build: { outDir: PAGE_DIR },
    preview: { host: "127.0.0.1", port: 0 },
    logLevel: "warn",
  });
  const { port } = server.httpServer.address() as AddressInfo;
  const workers = Math.max(1, project.config.maxWorkers);
  const browsers: BrowserServer[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(browsers.map((b) => b.close()));
    await server.close();
  };
  try {
    for (let i = 0; i < workers; i++)
      browsers.push(await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, host: "127.0.0.1" }));
  } catch (error) {
    await close();
    throw error;
  }
  project.provide("standaloneUrl", `http://127.0.0.1:${port}/`);
  project.provide(
    "chromiumEndpoints",
    browsers.map((b) => b.wsEndpoint()),
  );
  return close;
}
