/** Serves the standalone table and launches Chromium for browser tests. */
import { mkdirSync } from "node:fs";
import { type AddressInfo } from "node:net";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { type ViteDevServer, createServer } from "vite";

export const RESULTS = "test-results";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface Standalone {
  readonly url: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  open(query: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startStandalone(): Promise<Standalone> {
  mkdirSync(RESULTS, { recursive: true });
  const server: ViteDevServer = await createServer({
    configFile: "vite.standalone.config.ts",
    server: { port: 0, host: "127.0.0.1", hmr: false },
    logLevel: "warn",
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // One context: the tabs of one browser share its BroadcastChannel, as people's tabs would.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  return {
    url,
    browser,
    context,
    async open(query) {
      const page = await context.newPage();
      page.on("pageerror", (e) => errors.push(`${query}: ${e.message}`));
      await page.goto(`${url}?${query}`);
      await page.waitForSelector("[data-user]");
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      if (errors.length > 0) throw new Error(`Errors in pages:\n${errors.join("\n")}`);
    },
  };
}
