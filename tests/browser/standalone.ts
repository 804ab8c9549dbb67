/** Serves the standalone table and launches Chromium for browser tests. */
import { mkdirSync } from "node:fs";
import { type AddressInfo } from "node:net";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll } from "vitest";

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

/**
 * Serves the standalone table for the calling file's tests and closes it after them (failing on
 * any page error); the returned function gives the table once it is served.
 */
export function serveStandalone(): () => Standalone {
  let table: Standalone | undefined;
  beforeAll(async () => {
    table = await startStandalone();
  });
  afterAll(async () => {
    await table?.close();
  });
  return () => {
    if (!table) throw new Error("the standalone table is not served yet");
    return table;
  };
}

/** A browser context of its own (its tabs share one BroadcastChannel: a table apart) whose pages open in `lang`. */
export async function tabsIn(
  table: Standalone,
  lang: string,
): Promise<{ context: BrowserContext; open(query: string): Promise<Page> }> {
  const context = await table.browser.newContext({ viewport: { width: 1400, height: 900 } });
  return {
    context,
    async open(query) {
      const page = await context.newPage();
      await page.goto(`${table.url}?${query}&lang=${lang}`);
      await page.waitForSelector("[data-user]");
      return page;
    },
  };
}

/** Seats people in the lobby's first seats, in order: each seat a person, with its user and its name. */
export async function seatPeople(gm: Page, people: Readonly<Record<string, string>>): Promise<void> {
  for (const [i, [user, name]] of Object.entries(people).entries()) {
    await gm.selectOption(`select[name="seat${i}.kind"]`, "person");
    await gm.selectOption(`select[name="seat${i}.userId"]`, user);
    await gm.fill(`input[name="seat${i}.name"]`, name);
  }
}

/** Opens the GM's page (bots without delay), then the pages of player1 and player2. */
export async function openGmAndTwoPlayers(table: Standalone): Promise<{ gm: Page; first: Page; second: Page }> {
  const gm = await table.open("user=gm&botDelay=0");
  return { gm, first: await table.open("user=player1"), second: await table.open("user=player2") };
}
