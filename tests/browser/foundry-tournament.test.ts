/**
 * The Sabacc tournament window in a Foundry page with drawn windows (issue 37): the GM opens an event
 * from the ledger, then a tournament of two circuits from the tournament window; the window reads the
 * circuits and offers the GM's summary buttons; axe finds nothing. Run `npm run build` first;
 * screenshot in test-results/foundry-tournament.png.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
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
  showLedger(): void;
  showTournament(): void;
}

beforeAll(async () => {
  if (!existsSync(join(dist, "scripts/cantina-games.js"))) throw new Error("run npm run build first");
  mkdirSync(RESULTS, { recursive: true });
  world = await startFoundryWorld(dist, [
    { id: "gm", name: "GM", role: 4, flags: {} },
    { id: "alice", name: "Alice", role: 1, flags: {} },
  ]);
  browser = await connectChromium();
  gm = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  gm.on("pageerror", (e) => errors.push(e.message));
  await gm.addInitScript(installFoundryHarness, "gm");
  await gm.addInitScript({ path: join(root, "node_modules/handlebars/dist/handlebars.min.js") });
  await gm.addInitScript(installFoundryWindows);
  await gm.goto(`http://cantina.test:${world.port}/game`);
  await gm.waitForFunction(
    () =>
      !!(globalThis as unknown as { game: { modules: Map<string, { api?: Api }> } }).game.modules.get("cantina-games")
        ?.api,
    undefined,
    { timeout: 20_000 },
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

const api = (method: keyof Api) =>
  gm.evaluate((m) => {
    (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules
      .get("cantina-games")!
      .api[m]();
  }, method);

describe("the tournament window in a Foundry page", () => {
  it("the GM opens a two-circuit tournament from the window; it reads the circuits and passes axe", async () => {
    await api("showLedger");
    const ledger = gm.locator("#cantina-ledger");
    await ledger.locator('[data-event-form] [name="name"]').fill("Cantina night");
    await ledger.locator('[data-action="eventCreate"]').click();
    await expect.poll(() => ledger.textContent()).toContain("Cantina night");
    await api("showTournament");
    const win = gm.locator("#cantina-tournament");
    const create = win.locator("[data-tournament-create]");
    await create.locator('[name="name"]').fill("Nova Cup");
    await create.locator('[name="electrum.open"]').check();
    await create.locator('[name="aurodium.open"]').check();
    await create.locator('[data-action="tournamentCreate"]').click();
    await expect.poll(() => win.locator("#cantina-tournament-title").textContent()).toContain("Nova Cup");
    expect(await win.locator("section[data-circuit]").count()).toBe(2);
    expect(await win.locator('[data-action="tournamentChat"]').count()).toBe(1);
    expect(await win.locator('[data-action="tournamentJournal"]').count()).toBe(1);
    await gm.screenshot({ path: `${RESULTS}/foundry-tournament.png`, fullPage: true });
    await expectAccessible(gm, "the GM", "#cantina-tournament");
    expect(errors).toEqual([]);
  });
});
