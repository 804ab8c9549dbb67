/**
 * Issue 27's table flow clicked in Foundry pages with drawn windows (foundry-windows.ts): a GM, Alice, Bob and Carol. Ulwan from the launcher: seat lobby, watcher, dice, take-back, moves played, turn clock (away, skip).
 * Super Simplified Sabacc: a seat handed to Carol, the end panel, "Play again"; a client's sounds. A bots' Ulwan: its pieces slide in the table's window and, step by step, in its replay window.
 * Run `npm run build` first; screenshots in test-results/foundry-night-*.png.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableUpdate } from "../../src/table/protocol";
import { installFoundryHarness } from "./foundry-harness";
import { installFoundryWindows } from "./foundry-windows";
import { type FoundryWorldServer, startFoundryWorld } from "./foundry-world";
import { RESULTS, connectChromium } from "./standalone";
import { clickWhatIsOffered } from "./super-simplified";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "dist");
const GAME = "sabacc-super-simplified";

let world: FoundryWorldServer;
let browser: Browser;
const pages: Record<string, Page> = {};
const errors: string[] = [];

/** A Foundry page for `user` in its own browser profile, its windows drawn; the GM's with Playwright's clock. */
async function openPage(user: string, clock = false): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1024, height: 900 } })).newPage();
  page.on("pageerror", (e) => errors.push(`${user}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${user} console: ${m.text()}`);
  });
  if (clock) await page.clock.install();
  await page.addInitScript(installFoundryHarness, user);
  await page.addInitScript({ path: join(root, "node_modules/handlebars/dist/handlebars.min.js") });
  await page.addInitScript(installFoundryWindows);
  await page.goto(`http://cantina.test:${world.port}/game`);
  await page
    .waitForFunction(() => !!(globalThis as unknown as Foundry).game.modules.get("cantina-games")?.api, undefined, {
      timeout: 20_000,
    })
    .catch((e: unknown) => {
      throw new Error(`${user}'s page did not start: ${errors.join("; ")} (${String(e)})`);
    });
  return page;
}

interface Api {
  launch(game: string, o?: object): Promise<string | null>;
  view(id: string): TableUpdate | null;
  tables(): { id: string }[];
  showTables(): void;
  replay(tableId: string): Promise<boolean>;
  open(tableId: string): boolean;
}
interface Foundry {
  game: { modules: Map<string, { api?: Api }> };
  foundry: { applications: { instances: Map<string, { rendered: boolean; needsRender(u: TableUpdate): boolean }> } };
}

const versionOf = (page: Page, tableId: string) =>
  page.evaluate((id) => {
    const g = globalThis as unknown as Foundry;
    const update = g.game.modules.get("cantina-games")!.api!.view(id);
    const win = g.foundry.applications.instances.get(`cantina-table-${id}`);
    // Drawn: the window shows the update it holds (no render under way or due).
    return update && win?.rendered && !win.needsRender(update) ? update.table.version : -1;
  }, tableId);

/** Every page's window of the table drawn at one version: no update is on its way to move a button from under a click. */
async function settled(tableId: string, users: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const versions = await Promise.all(users.map((u) => versionOf(pages[u]!, tableId)));
      return versions.every((v) => v >= 0 && v === versions[0]);
    })
    .toBe(true);
}

const windowOf = (page: Page, tableId: string): Locator => page.locator(`#cantina-table-${tableId}`);

beforeAll(async () => {
  if (!existsSync(join(dist, "scripts/cantina-games.js"))) throw new Error("run npm run build first");
  mkdirSync(RESULTS, { recursive: true });
  world = await startFoundryWorld(dist, [
    { id: "gm", name: "GM", role: 4, flags: {} },
    { id: "alice", name: "Alice", role: 1, flags: {} },
    { id: "bob", name: "Bob", role: 1, flags: {} },
    { id: "carol", name: "Carol", role: 1, flags: {} },
  ]);
  browser = await connectChromium();
  pages.gm = await openPage("gm", true);
  // The players' pages load side by side once the GM hosts.
  await Promise.all(["alice", "bob", "carol"].map(async (user) => (pages[user] = await openPage(user))));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

/** Records each die that starts rolling in the page: its text then and whether it animates. */
async function recordRolls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { text: string; animated: boolean }[] = [];
    (window as unknown as { rolled: typeof seen }).rolled = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        if (r.attributeName === "class" && el.classList.contains("cantina-die-rolling"))
          seen.push({ text: el.textContent ?? "", animated: el.getAnimations().length > 0 });
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["class"] });
  });
}
const rolled = (page: Page) =>
  page.evaluate(() => (window as unknown as { rolled: { text: string; animated: boolean }[] }).rolled);

const apiOf = (page: Page, tableId: string) =>
  page.evaluate((id) => (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.view(id), tableId);

/** The user whose turn it is at the table, as the host says it to the players. */
async function toAct(tableId: string, players: string[]): Promise<string> {
  let found = "";
  await expect
    .poll(async () => {
      found = "";
      for (const user of players) {
        const view = await apiOf(pages[user]!, tableId);
        if (view?.seat && view.table.toAct.includes(view.seat)) found = user;
      }
      return found;
    })
    .not.toBe("");
  return found;
}

/** A move on the board by clicking: the first piece that has a destination, then that destination. */
async function clickAMove(page: Page, tableId: string): Promise<void> {
  const board = windowOf(page, tableId).locator("[data-board]");
  const sources = board.locator("[data-selectable]");
  await expect.poll(() => sources.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await sources.count()); i++) {
    await sources.nth(i).click();
    const dests = board.locator("[data-destination]");
    if ((await dests.count()) === 0) continue;
    await dests.first().click();
    return;
  }
  throw new Error("no piece could move");
}

/** Clicks whatever either seated player may do (never folding) until the table is over. */
async function playToTheEnd(tableId: string, users: string[]): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if ((await apiOf(pages[users[0]!]!, tableId))?.table.over) return;
    for (const user of users) {
      await settled(tableId, users);
      await clickWhatIsOffered(windowOf(pages[user]!, tableId));
    }
  }
  throw new Error("the match did not end");
}

describe("Foundry: the table flow players expect (issue 27), in drawn windows", () => {
  it("a seat lobby, a watcher, a turn clock, a take-back, dice, the moves played, a seat handed over, the end panel and play again", async () => {
    const gm = pages.gm!;
    const alice = pages.alice!;
    const bob = pages.bob!;
    const carol = pages.carol!;
    const players = ["alice", "bob"];
    // The launcher: Ulwan for Alice and Bob, who sit down themselves; a turn clock; take-backs allowed.
    await gm.evaluate(
      (game) => void (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.launch(game),
      "ulwan",
    );
    const launcher = gm.locator("#cantina-launcher");
    await launcher.waitFor();
    // A Foundry window's selects wear the module's control look (controls.css, in the module's layer), not the browser's.
    const look = await launcher
      .locator('select[name="seat0.userId"]')
      .evaluate((s) => [getComputedStyle(s).appearance, getComputedStyle(s).borderTopLeftRadius]);
    expect(look).toEqual(["none", "6px"]);
    await launcher.locator('select[name="seat0.userId"]').selectOption("alice");
    await launcher.locator('select[name="seat1.userId"]').selectOption("bob");
    await launcher.locator('input[name="turnSeconds"]').fill("30");
    await launcher.locator('input[name="undo"]').check();
    await launcher.locator('input[name="sitDown"]').check();
    await gm.screenshot({ path: `${RESULTS}/foundry-night-launcher.png`, fullPage: true });
    await launcher.locator('button[type="submit"]').click();
    await expect.poll(() => launcher.count(), { message: errors.join("; ") }).toBe(0);
    const tableId = await gm.evaluate(
      () => (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.tables()[0]!.id,
    );
    // The invited players' windows open on the lobby by themselves.
    await expect
      .poll(() => windowOf(alice, tableId).locator("[data-lobby-waiting]").textContent())
      .toContain("Waiting for 2 players");
    await expect
      .poll(() => windowOf(bob, tableId).locator("[data-lobby-waiting]").textContent())
      .toContain("Waiting for 2 players");

    // Carol watches from the table list and is listed to everyone who has the table open.
    await carol.evaluate(() => (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.showTables());
    await carol.locator(`#cantina-tables button[data-action="openTable"][data-table-id="${tableId}"]`).click();
    await expect.poll(() => windowOf(carol, tableId).locator("[data-watchers]").textContent()).toContain("Carol");
    await expect.poll(() => windowOf(alice, tableId).locator("[data-watchers]").textContent()).toContain("Carol");

    // Each sits down; the last one starts the game.
    await settled(tableId, ["gm", ...players]);
    await windowOf(alice, tableId).locator('[data-op="sit-down"]').click();
    await expect
      .poll(() => windowOf(bob, tableId).locator("[data-lobby-waiting]").textContent())
      .toContain("Waiting for 1 player");
    await bob.screenshot({ path: `${RESULTS}/foundry-night-seat-lobby.png`, fullPage: true });
    await settled(tableId, ["gm", ...players]);
    await windowOf(bob, tableId).locator('[data-op="sit-down"]').click();
    for (const page of [alice, bob, carol])
      await expect.poll(() => windowOf(page, tableId).locator("[data-seat-lobby]").count()).toBe(0);

    // A roll tumbles onto the host's result in the players' windows (a roll of 0 passes the turn: roll again).
    let first = "";
    let total = "";
    for (let tries = 0; tries < 10 && !total; tries++) {
      first = await toAct(tableId, players);
      for (const page of [alice, bob]) await recordRolls(page);
      await settled(tableId, ["gm", ...players]);
      const before = (await apiOf(pages[first]!, tableId))!.table.version;
      await windowOf(pages[first]!, tableId).locator('[data-action="roll"]').click();
      await expect.poll(async () => (await apiOf(pages[first]!, tableId))!.table.version).toBeGreaterThan(before);
      const shown = windowOf(pages[first]!, tableId).locator("[data-roll]");
      total = (await shown.count()) > 0 ? ((await shown.getAttribute("data-roll")) ?? "") : "";
    }
    expect(total, "a roll that moves").not.toBe("");
    const mover = pages[first]!;
    const other = first === "alice" ? bob : alice;
    // The roll drawn as its four coins, as many marked as the total counts; each coin tumbles onto its face.
    const coins = (page: Page, which = "") => windowOf(page, tableId).locator(`[data-roll] [data-die-face]${which}`);
    for (const page of [mover, other]) {
      await expect.poll(() => coins(page).count()).toBe(4);
      expect(await coins(page, '[data-success="true"]').count()).toBe(Number(total));
      await expect.poll(async () => (await rolled(page)).length).toBeGreaterThanOrEqual(4);
      for (const r of await rolled(page)) expect(r).toEqual({ text: expect.stringMatching(/^[12]$/), animated: true });
    }
    await mover.screenshot({ path: `${RESULTS}/foundry-night-roll.png`, fullPage: true });

    // A take-back, where the GM allowed them: the mover's move is taken back and they move again.
    const undo = (page: Page) => windowOf(page, tableId).locator('button[data-op="undo"]');
    await settled(tableId, ["gm", ...players]);
    await clickAMove(mover, tableId);
    await expect.poll(() => undo(mover).count()).toBe(1);
    await settled(tableId, ["gm", ...players]);
    expect(await undo(other).count()).toBe(0);
    await mover.screenshot({ path: `${RESULTS}/foundry-night-undo.png`, fullPage: true });
    await undo(mover).click();
    await expect.poll(() => undo(mover).count()).toBe(0);
    expect(await toAct(tableId, players)).toBe(first);
    await settled(tableId, ["gm", ...players]);
    expect(await windowOf(mover, tableId).locator("[data-roll]").getAttribute("data-roll")).toBe(total);
    // The update after the take-back carries no roll: the coins come from the events the client holds.
    expect(await coins(mover, '[data-success="true"]').count()).toBe(Number(total));
    await settled(tableId, ["gm", ...players]);
    await clickAMove(mover, tableId);
    await expect.poll(() => undo(mover).count()).toBe(1);

    // Moves played, in Foundry's windows too: both players' lists hold the moves, the last one marked.
    await settled(tableId, ["gm", ...players]);
    for (const page of [mover, other]) {
      const history = windowOf(page, tableId).locator("[data-history]");
      await expect.poll(() => history.locator("[data-history-move]").count()).toBeGreaterThan(0);
      expect(await history.locator('[aria-current="step"]').count()).toBe(1);
    }

    // The turn clock: thirty seconds on the host's clock (Playwright's, no waiting) mark the player to act
    // away, and the table's bot plays their turn; they say they are back.
    await settled(tableId, ["gm", ...players]);
    const late = await toAct(tableId, players);
    const latePage = pages[late]!;
    const awayMarks = (page: Page) => windowOf(page, tableId).locator("[data-away-mark]");
    const beforeClock = (await apiOf(gm, tableId))!.table.version;
    await gm.clock.fastForward(30_000);
    await expect.poll(() => awayMarks(alice).count()).toBe(1);
    await expect.poll(() => awayMarks(bob).count()).toBe(1);
    // The bot played the turn's move for them (an Ulwan turn is a roll, then a move): a roll shows, or the turn passed.
    await expect
      .poll(
        async () =>
          (await toAct(tableId, players)) !== late ||
          (await windowOf(latePage, tableId).locator("[data-roll]").count()) > 0,
      )
      .toBe(true);
    expect((await apiOf(gm, tableId))!.table.version).toBeGreaterThan(beforeClock);
    await settled(tableId, ["gm", ...players]);
    await latePage.screenshot({ path: `${RESULTS}/foundry-night-away.png`, fullPage: true });
    await windowOf(latePage, tableId).locator('button[data-op="back"]').click();
    await expect.poll(() => awayMarks(alice).count()).toBe(0);

    // The GM marks the player to act away, then skips their turn.
    const next = await toAct(tableId, players);
    const name = next === "alice" ? "Alice" : "Bob";
    await settled(tableId, ["gm", ...players]);
    await windowOf(gm, tableId)
      .getByRole("button", { name: `Mark ${name} away` })
      .click();
    await expect.poll(() => awayMarks(pages[next]!).count()).toBe(1);
    await settled(tableId, ["gm", ...players]);
    const beforeSkip = (await apiOf(gm, tableId))!.table.version;
    await windowOf(gm, tableId)
      .getByRole("button", { name: `Skip ${name}'s turn` })
      .click();
    await expect.poll(async () => (await apiOf(pages[next]!, tableId))!.table.version).toBeGreaterThan(beforeSkip);
    await gm.screenshot({ path: `${RESULTS}/foundry-night-skip.png`, fullPage: true });

    // Sounds: Alice turns on her client setting "Sounds of the tables" (Foundry draws it in Configure
    // Settings, which these pages do not have); her turns then sound, nobody else's.
    await alice.evaluate(() =>
      (
        globalThis as unknown as { game: { settings: { set(ns: string, k: string, v: unknown): Promise<unknown> } } }
      ).game.settings.set("cantina-games", "turnSound", true),
    );
    // A second table for Alice and Bob; the GM gives Bob's seat to Carol mid-game, once confirmed.
    const sabacc = await gm.evaluate(
      (game) =>
        (globalThis as unknown as Foundry).game.modules
          .get("cantina-games")!
          .api!.launch(game, { seats: [{ userId: "alice" }, { userId: "bob" }], options: { ante: 10 } }),
      GAME,
    );
    expect(sabacc, errors.join("; ")).toBeTruthy();
    const tableB = sabacc!;
    await windowOf(alice, tableB).waitFor();
    await windowOf(bob, tableB).waitFor();
    await settled(tableB, ["gm", ...players]);
    const row = windowOf(gm, tableB).locator('[data-seat-user="seat-2"]');
    await row.locator("select").selectOption("carol");
    await row.locator('[data-op="seat-user"]').click();
    await gm.locator('dialog button[data-action="yes"]').click();
    await expect.poll(async () => (await apiOf(carol, tableB))?.seat).toBe("seat-2");
    await expect.poll(async () => (await apiOf(bob, tableB))?.seat ?? null).toBe(null);
    await windowOf(carol, tableB).waitFor();
    await carol.screenshot({ path: `${RESULTS}/foundry-night-seat-moved.png`, fullPage: true });

    // Alice and Carol play it out by clicking; the end panel shows; both vote to play again.
    const seated = ["alice", "carol"];
    await playToTheEnd(tableB, seated);
    const panel = windowOf(carol, tableB).locator("[data-end-summary]");
    await expect.poll(() => panel.count()).toBe(1);
    // The seats keep their names and accounts when they change hands (concerns/hand-over/): Carol plays "Bob".
    // Who won, the game's own line says; the panel stars the winner's row.
    expect(await panel.locator(".cantina-end-won th").first().textContent()).toMatch(/Alice|Bob/);
    await carol.screenshot({ path: `${RESULTS}/foundry-night-end.png`, fullPage: true });
    const sounds = (page: Page) => page.evaluate(() => (window as unknown as { __sounds: string[] }).__sounds);
    expect(await sounds(alice)).toContain("sounds/notify.wav");
    for (const page of [bob, carol, gm]) expect(await sounds(page)).toEqual([]);
    const vote = (page: Page) => windowOf(page, tableB).locator('[data-op="play-again"]');
    await settled(tableB, ["gm", ...seated]);
    await vote(alice).click();
    await expect
      .poll(() => windowOf(carol, tableB).locator("[data-play-again-votes]").textContent())
      .toContain("1 of 2");
    await expect.poll(() => vote(alice).count()).toBe(0);
    expect(await vote(gm).count()).toBe(0);
    await settled(tableB, ["gm", ...seated]);
    await vote(carol).click();
    // The last vote deals the table again for the same seats: its window opens, the old one goes.
    for (const user of seated) {
      const page = pages[user]!;
      await expect.poll(() => windowOf(page, tableB).count()).toBe(0);
      let dealt = "";
      await expect
        .poll(async () => {
          const mine = await page.evaluate(() =>
            (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.tables(),
          );
          dealt = mine.find((t) => t.id !== tableB && t.id !== tableId)?.id ?? "";
          return dealt;
        })
        .not.toBe("");
      await windowOf(page, dealt).waitFor();
      expect(await windowOf(page, dealt).locator("[data-end-summary]").count()).toBe(0);
    }
    await alice.screenshot({ path: `${RESULTS}/foundry-night-dealt-again.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it("a piece slides in a table's window and, stepped forward, in the table's replay window", async () => {
    const gm = pages.gm!;
    // Every slide layer put over a board, by the window it is in (each is gone again once it has played).
    await gm.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { slides: string[] }).slides = seen;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element && n.matches("[data-slide]")) seen.push(n.closest("[id]")?.id ?? "");
      }).observe(document.body, { childList: true, subtree: true });
    });
    const slidesIn = (id: string) =>
      gm.evaluate((win) => (window as unknown as { slides: string[] }).slides.filter((s) => s === win).length, id);
    // Ulwan with one piece each, two bots: their moves wait on the GM page's clock, which the test runs on.
    const tableId = await gm.evaluate(() =>
      (globalThis as unknown as Foundry).game.modules
        .get("cantina-games")!
        .api!.launch("ulwan", { seats: [{ kind: "bot" }, { kind: "bot" }], options: { pieces: 1 } }),
    );
    expect(tableId, errors.join("; ")).toBeTruthy();
    await gm.evaluate(
      (id) => (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.open(id),
      tableId!,
    );
    await windowOf(gm, tableId!).locator("[data-board]").waitFor();
    for (let i = 0; i < 600 && !(await apiOf(gm, tableId!))?.table.over; i++) await gm.clock.runFor(1_000);
    expect((await apiOf(gm, tableId!))?.table.over).toBe(true);
    expect(await slidesIn(`cantina-table-${tableId}`)).toBeGreaterThan(0);
    // The replay: a step forward that moves a piece slides it on the replay's board.
    expect(
      await gm.evaluate(
        (id) => (globalThis as unknown as Foundry).game.modules.get("cantina-games")!.api!.replay(id),
        tableId!,
      ),
    ).toBe(true);
    const replayId = `cantina-replay-${tableId}`;
    const replay = gm.locator(`#${replayId} [data-replay-window]`);
    await expect.poll(() => replay.getAttribute("data-step")).toBe("0");
    for (let i = 1; i <= 20 && (await slidesIn(replayId)) === 0; i++) {
      await replay.locator('[data-replay-action="forward"]').click();
      await expect.poll(() => replay.getAttribute("data-step")).toBe(String(i));
    }
    expect(await slidesIn(replayId)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
