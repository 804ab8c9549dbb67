/**
 * The world of foundry-insecure.test.ts (and its soak run, tests/soak/browser/foundry-betting.soak.test.ts):
 * the built module (dist/) on a stand-in Foundry server served over plain http at
 * http://cantina.test:<port>/ (foundry-world.ts, foundry-harness.ts), with a page for the GM, an
 * Assistant GM and two players, each its own browser profile; and the module's API in those pages.
 * `insecureWorld()` at the top of a test file opens them before its tests and closes them after.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { TableUpdate } from "../../src/table/protocol";
import { installFoundryHarness } from "./foundry-harness";
import { type FoundryWorldServer, startFoundryWorld } from "./foundry-world";
import { connectChromium } from "./standalone";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "dist");
export const SEATS: Record<string, string> = { alice: "seat-1", bob: "seat-2" };

let server: FoundryWorldServer;
let browser: Browser;
/** Each user's page (the GM's, the Assistant GM's, Alice's and Bob's). */
export const pages: Record<string, Page> = {};
/** Every page error and console error of any page. */
export const errors: string[] = [];

/** The stand-in Foundry server (its `wire` records what went over it). */
export const world = (): FoundryWorldServer => server;

/** Opens the world and its four pages before the calling file's tests; closes them after. */
export function insecureWorld(): void {
  beforeAll(async () => {
    if (!existsSync(join(dist, "scripts/cantina-games.js"))) throw new Error("run npm run build first");
    server = await startFoundryWorld(dist, [
      { id: "gm", name: "GM", role: 4, flags: {} },
      { id: "alice", name: "Alice", role: 1, flags: {} },
      { id: "bob", name: "Bob", role: 1, flags: {} },
      // An Assistant GM: the Gamemaster outranks them whatever the ids.
      { id: "agm", name: "Assistant", role: 3, flags: {} },
    ]);
    // The worker's Chromium maps cantina.test to 127.0.0.1 (tests/browser/global-setup.ts).
    browser = await connectChromium();
    for (const user of ["gm", "agm", "alice", "bob"]) await openPage(user);
    // Every client published its key.
    for (const end = Date.now() + 20_000; server.wire.filter((w) => w.kind === "flag").length < 4;) {
      if (Date.now() > end) throw new Error(`not every client published its key: ${errors.join("; ")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

async function waitForApi(user: string, page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !!(globalThis as { game?: { modules: Map<string, { api?: unknown }> } }).game?.modules.get("cantina-games")
          ?.api,
      undefined,
      { timeout: 15_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`${user}'s page did not start: ${errors.join("; ")} (${String(error)})`);
    });
}

/** A page for `user` in a new browser profile (its own IndexedDB, so its own key). */
export async function openPage(user: string): Promise<void> {
  pages[user] = await openTab(user, await browser.newContext());
}

/** Another tab of `user` in the browser profile `context` (the same IndexedDB: the same key). */
export async function openTab(user: string, context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(`${user}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${user} console: ${m.text()}`);
  });
  await page.addInitScript(installFoundryHarness, user);
  await page.goto(`http://cantina.test:${server.port}/game`);
  await waitForApi(user, page);
  return page;
}

/** Reloads `user`'s page and waits for the module's API. */
export async function reload(user: string): Promise<void> {
  await pages[user]!.reload();
  await waitForApi(user, pages[user]!);
}

/** Polls `holds` every 100 ms; after 20 s fails with `what`, the pages' errors and their notifications. */
export async function waitFor(holds: () => Promise<boolean>, what: string): Promise<void> {
  for (const end = Date.now() + 20_000; !(await holds()); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > end) {
      const notes = await Promise.all(
        Object.entries(pages).map(async ([u, p]) =>
          p.isClosed()
            ? ""
            : `${u}: ${JSON.stringify(await p.evaluate(() => (window as unknown as { __notifications: string[] }).__notifications))}`,
        ),
      );
      throw new Error(`${what}: not within 20 s (${errors.join("; ")}) notifications: ${notes.join(" | ")}`);
    }
}

/** The module's API as these tests call it. */
export type Api = {
  launch(game: string, o: object): Promise<string | null>;
  view(id: string): TableUpdate | null;
  play(id: string, move: unknown): Promise<{ ok: boolean }>;
  bet(id: string, pool: string, outcome: string, amount: number): Promise<{ ok: boolean }>;
  joinEvent(eventId: string, userId: string, name: string): Promise<{ ok: boolean }>;
};
/** The module's API (`game.modules.get("cantina-games").api`) in `page`. */
export const api = (page: Page) => ({
  view: (id: string) =>
    page.evaluate(
      (id) =>
        (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
          .get("cantina-games")!
          .api.view(id),
      id,
    ),
  play: (id: string, move: unknown) =>
    page.evaluate(
      ([id, move]) =>
        (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
          .get("cantina-games")!
          .api.play(id as string, move),
      [id, move] as const,
    ),
  bet: (id: string, pool: string, outcome: string, amount: number) =>
    page.evaluate(
      ([id, pool, outcome, amount]) =>
        (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
          .get("cantina-games")!
          .api.bet(id as string, pool as string, outcome as string, amount as number),
      [id, pool, outcome, amount] as const,
    ),
  joinEvent: (eventId: string, userId: string, name: string) =>
    page.evaluate(
      ([eventId, userId, name]) =>
        (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
          .get("cantina-games")!
          .api.joinEvent(eventId, userId, name),
      [eventId, userId, name] as const,
    ),
});

/** A betting pool as a viewer's update shows it. */
export interface Pool {
  id: string;
  status: string;
  result: string | null;
  myPayout: number;
  outcomes: { outcome: string; staked: number; mine: number }[];
}
/** The pool `id` of a viewer's update. */
export const poolOf = (view: TableUpdate | null, id: string): Pool | undefined =>
  (view?.betting as { pools: Pool[] } | undefined)?.pools.find((p) => p.id === id);

/**
 * Seven Ulwan with a spectator's bet, through the module's API: the GM launches it for Alice and Bob,
 * the GM joins the Assistant GM to the event, who bets 50 on Alice; a seated player may not bet. Then
 * the players play up to `steps` rounds of moves (each a legal move, in turn), and at every step
 * neither player may bet nor sees a stake. Returns the table's id and whether the game ended.
 */
export async function sevenUlwanWithABet(steps: number): Promise<{ tableId: string; over: boolean }> {
  const tableId = await pages.gm!.evaluate(() =>
    (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
      .get("cantina-games")!
      .api.launch("seven-ulwan", { seats: [{ userId: "alice" }, { userId: "bob" }] }),
  );
  expect(tableId).toBeTruthy();
  await waitFor(async () => !!poolOf(await api(pages.agm!).view(tableId!), "long-winner"), "the betting pools");
  const spectator = (await api(pages.agm!).view(tableId!))!;
  // Joining an event is the GM's act: the bettor needs an account before a bet (issue 10), and is
  // offered one only then (issue 27).
  expect(spectator.canBet).toBeFalsy();
  expect((await api(pages.gm!).joinEvent(spectator.table.eventId, "agm", "Assistant")).ok).toBe(true);
  await waitFor(async () => (await api(pages.agm!).view(tableId!))?.canBet === true, "the bettor offered a bet");
  expect((await api(pages.agm!).bet(tableId!, "long-winner", SEATS.alice!, 50)).ok).toBe(true);
  await waitFor(
    async () => poolOf(await api(pages.agm!).view(tableId!), "long-winner")?.outcomes[0]?.mine === 50,
    "the spectator's stake in their view",
  );
  // A seated player may not bet.
  expect((await api(pages.bob!).bet(tableId!, "long-winner", SEATS.bob!, 10)).ok).toBe(false);

  let over = false;
  let turn = 0;
  for (let step = 0; step < steps && !over; step++) {
    let moved = false;
    for (const user of ["alice", "bob"]) {
      const view = await api(pages[user]!).view(tableId!);
      if (!view) continue;
      expect(view.canBet, `${user} may not bet`).toBeFalsy();
      for (const o of poolOf(view, "long-winner")?.outcomes ?? []) expect(o.mine, `a stake in ${user}'s view`).toBe(0);
      if (view.table.over) over = true;
      if (over || !view.table.toAct.includes(SEATS[user]!) || view.legalMoves.length === 0) continue;
      const choice = view.legalMoves[turn++ % view.legalMoves.length];
      if ((await api(pages[user]!).play(tableId!, choice)).ok) moved = true;
    }
    if (!moved && !over) await new Promise((r) => setTimeout(r, 50));
  }
  return { tableId: tableId!, over };
}
