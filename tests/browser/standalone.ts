/**
 * The browser tests' harness: the standalone table in real Chromium.
 *
 * `npm run test:browser` (vitest.browser.config.ts) builds the page once and serves it statically
 * for every file, with one Chromium per test worker (tests/browser/global-setup.ts); files run two
 * side by side. A test file uses it so:
 *
 *     const table = serveStandalone();                          // at the top: served for this file
 *     it("…", async () => {
 *       const [gm, han] = await openPages(table(), ["user=gm&botDelay=0", "user=player1"]);
 *       const night = await table().newContext({ lang: "de" }); // a table apart, in German
 *       const lando = await night.open("user=player2");
 *     });
 *
 * Each file gets its own browser context (its tabs share one BroadcastChannel and localStorage, as
 * one person's tabs do: one table); `newContext` gives another, apart. A page error in any page
 * fails the file. `?botDelay=0` on the GM's page makes bots move at once: use it wherever a test
 * only waits for them, and Playwright's clock (`open(query, (page) => page.clock.install())`) where a
 * test must hold the GM page's timers (bots, deadlines) or a page's countdown; `runClockUntil` passes
 * a wait (bots' delays, a request's retries) at once. The first page opened as `user=gm` hosts the table.
 */
import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

export const RESULTS = "test-results";
const VIEWPORT = { width: 1400, height: 900 };

/**
 * Pages in one browser context: `open` loads the table as the query's user and waits for it to
 * start; `beforeLoad` runs on the new page first (e.g. `page.clock.install()`, `addInitScript`).
 */
export interface Tabs {
  readonly context: BrowserContext;
  open(query: string, beforeLoad?: (page: Page) => Promise<void>): Promise<Page>;
}

export interface Standalone extends Tabs {
  /** The served page's address, ending in "/". */
  readonly url: string;
  readonly browser: Browser;
  /** Another browser context: its own storage and channel (a table apart), its pages in `lang` if given. */
  newContext(options?: { lang?: string; width?: number }): Promise<Tabs>;
  close(): Promise<void>;
}

/** The Chromium of this test worker, launched by the global setup. */
export async function connectChromium(): Promise<Browser> {
  const endpoints = inject("chromiumEndpoints");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  const endpoint = endpoints[(worker - 1) % endpoints.length];
  if (!endpoint) throw new Error("no Chromium: run the browser tests with vitest.browser.config.ts");
  return chromium.connect(endpoint);
}

/** Connects to the worker's Chromium and opens a browser context on the served standalone table. */
export async function startStandalone(): Promise<Standalone> {
  mkdirSync(RESULTS, { recursive: true });
  const url = inject("standaloneUrl");
  const browser = await connectChromium();
  const errors: string[] = [];
  const tabs = async (lang?: string, width = VIEWPORT.width): Promise<Tabs> => {
    const context = await browser.newContext({ viewport: { width, height: VIEWPORT.height } });
    return {
      context,
      async open(query, beforeLoad) {
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${query}: ${e.message}`));
        await beforeLoad?.(page);
        await page.goto(`${url}?${query}${lang ? `&lang=${lang}` : ""}`);
        await page.waitForSelector("[data-user]");
        return page;
      },
    };
  };
  const main = await tabs();
  return {
    ...main,
    url,
    browser,
    newContext: (options = {}) => tabs(options.lang, options.width),
    async close() {
      // Closes this file's contexts and lets go of the worker's Chromium (which stays up for the next file).
      await browser.close();
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

/** Opens one page per query in `tabs` (the table's own context by default), one after the other, in order. */
export async function openPages(tabs: Tabs, queries: readonly string[]): Promise<Page[]> {
  const pages: Page[] = [];
  for (const query of queries) pages.push(await tabs.open(query));
  return pages;
}

/** A browser context of its own (its tabs share one BroadcastChannel: a table apart) whose pages open in `lang`. */
export function tabsIn(table: Standalone, lang: string): Promise<Tabs> {
  return table.newContext({ lang });
}

/** Seats people in the lobby's first seats, in order: each seat a person, with its user and its name. */
export async function seatPeople(gm: Page, people: Readonly<Record<string, string>>): Promise<void> {
  for (const [i, [user, name]] of Object.entries(people).entries()) {
    await gm.selectOption(`select[name="seat${i}.kind"]`, "person");
    await gm.selectOption(`select[name="seat${i}.userId"]`, user);
    await gm.fill(`input[name="seat${i}.name"]`, name);
  }
}

/** Sets the lobby to `gameId` with exactly these people seated, in order (the seat count is theirs). */
export async function seatGame(gm: Page, gameId: string, people: Readonly<Record<string, string>>): Promise<void> {
  await gm.selectOption('select[name="gameId"]', gameId);
  await gm.selectOption('select[name="seatCount"]', String(Object.keys(people).length));
  await seatPeople(gm, people);
}

/** The GM adds `account` to the open event under `name`, and waits for their line in the standings. */
export async function joinEvent(gm: Page, account: string, name: string): Promise<void> {
  await gm.fill('[data-join-form] input[name="account"]', account);
  await gm.fill('[data-join-form] input[name="name"]', name);
  await gm.click('[data-join-form] [data-action="eventJoin"]');
  await expect.poll(() => gm.locator(`[data-standings] [data-account="${account}"]`).count()).toBe(1);
}

/**
 * The spectator-betting setup several files share: the GM opens Seven Ulwan for Aurra (player1) and
 * Bossk (player2), or for two bots, and adds Greedo (player3) to the event so that he can bet.
 */
export async function sevenUlwanWithGreedo(gm: Page, seats: "people" | "bots" = "people"): Promise<void> {
  await gm.selectOption('select[name="gameId"]', "seven-ulwan");
  if (seats === "people") await seatPeople(gm, { player1: "Aurra", player2: "Bossk" });
  else for (const i of [0, 1]) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  await gm.click('[data-page-action="lobby-create"]');
  await joinEvent(gm, "player3", "Greedo");
}

/** Opens the GM's page (bots without delay), then the pages of player1 and player2. */
export async function openGmAndTwoPlayers(table: Standalone): Promise<{ gm: Page; first: Page; second: Page }> {
  const [gm, first, second] = await openPages(table, ["user=gm&botDelay=0", "user=player1", "user=player2"]);
  return { gm: gm!, first: first!, second: second! };
}

/**
 * Runs the clock of `page`'s browser context (Playwright's, installed with `page.clock.install()`;
 * it fakes the timers of every page of that context) ahead a step at a time until `done`: the page's
 * waits (bots' delays, a request's retries) pass at once instead of in real time. Fails once
 * `limitMs` of page time passed without `done`.
 */
export async function runClockUntil(
  page: Page,
  done: () => Promise<boolean>,
  { stepMs = 1000, limitMs = 3_600_000 } = {},
): Promise<void> {
  for (let ran = 0; !(await done()); ran += stepMs) {
    if (ran >= limitMs) throw new Error(`not done after ${limitMs} ms of page time`);
    await page.clock.runFor(stepMs);
  }
}

/**
 * Waits until every open tab of `page`'s browser context shows each of its windows at the version
 * the other tabs show it (the host's tab has a move first): no update is on its way that could move
 * a button from under the next click. Fails naming the versions each tab shows.
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  const shown = async (): Promise<string> => {
    const byTable = new Map<string, Set<string>>();
    for (const tab of page.context().pages()) {
      if (tab.isClosed()) continue;
      const pairs = await tab
        .$$eval("[data-window][data-version]", (els) =>
          els.map((e) => [e.getAttribute("data-window") ?? "", e.getAttribute("data-version") ?? ""] as const),
        )
        .catch(() => []);
      for (const [table, version] of pairs) byTable.set(table, (byTable.get(table) ?? new Set()).add(version));
    }
    const apart = [...byTable].filter(([, versions]) => versions.size > 1);
    return apart.map(([table, versions]) => `${table}: ${[...versions].join(" / ")}`).join("; ");
  };
  await expect.poll(shown, { timeout, message: "the tabs show their windows at different versions" }).toBe("");
}

/** Clicks `target` in `window` (a table's window) and waits until the window shows a later table version: the click was played. */
export async function clickPlayed(window: Locator, target: Locator): Promise<void> {
  const shown = async (): Promise<number> => Number(await window.getAttribute("data-version"));
  const before = await shown();
  await target.click();
  await expect.poll(shown).toBeGreaterThan(before);
}
