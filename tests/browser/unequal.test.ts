/**
 * The unequal-forces games in real Chromium: a GM page sets up each table (with a small move limit,
 * so that the game ends in a draw by adjudication), two player pages play by clicking the board —
 * trays, squares, hexes, triangles and points marked as destinations — and the facing buttons.
 * Takat is played as a paired match: the return game with the sides swapped, then the match score.
 * Screenshots in test-results/.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { RESULTS, openGmAndTwoPlayers, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();
let gm: Page;
let ana: Page;
let bo: Page;

const win = (page: Page, game: string) => page.locator(`[data-window][data-game="${game}"]`).last();
const square = (page: Page, game: string, id: string) =>
  win(page, game).locator(`[data-board] [data-square="${id}"]`).first();

async function front(page: Page): Promise<void> {
  await page.bringToFront();
}

/** The GM opens a table of `game` with Ana and Bo seated and the given options. */
async function createTable(game: string, options: Record<string, string | boolean>): Promise<void> {
  await front(gm);
  await gm.selectOption('select[name="gameId"]', game);
  await seatPeople(gm, { player1: "Ana", player2: "Bo" });
  // The lobby draws every option of the schema: the draws, the paired match and the game's own.
  const own: Record<string, string[]> = {
    takat: [],
    porrika: ["scoring"],
    "defiance-and-domain": ["compulsoryCommand", "counters", "rebelLosesImmobilized"],
  };
  for (const key of ["maxMoves", "repetitionDraw", "paired", ...(own[game] ?? [])])
    expect(await gm.locator(`input[name="option.${key}"]`).isVisible(), key).toBe(true);
  for (const [key, value] of Object.entries(options)) {
    const field = gm.locator(`input[name="option.${key}"]`);
    if (typeof value === "boolean") await field.setChecked(value);
    else await field.fill(value);
  }
  await gm.screenshot({ path: `${RESULTS}/unequal-${game}-lobby.png` });
  await gm.click('[data-page-action="lobby-create"]');
  expect((await gm.locator("[data-lobby-error]").textContent())?.trim() ?? "").toBe("");
  await win(ana, game).waitFor();
  await win(bo, game).waitFor();
}

/** A click on a source (tray, piece, point), then on a destination the board marks for it. */
async function move(page: Page, game: string, from: string, to: string): Promise<void> {
  await front(page);
  await square(page, game, from).and(page.locator("[data-selectable]")).click();
  await expect.poll(() => square(page, game, to).getAttribute("data-destination")).toBe("");
  await square(page, game, to).click();
}

/** Any legal move by clicking: the first source (of those matching `only`) with a destination, then that destination. */
async function anyMove(page: Page, game: string, only = "[data-selectable]"): Promise<void> {
  await front(page);
  const board = win(page, game).locator("[data-board]");
  const sources = board.locator(only);
  // The page may not have drawn the last move yet: wait until it offers a source.
  await expect.poll(() => sources.count()).toBeGreaterThan(0);
  const n = await sources.count();
  for (let i = 0; i < n; i++) {
    await sources.nth(i).click();
    const dests = board.locator("[data-destination]");
    if ((await dests.count()) === 0) continue;
    await dests.first().click();
    return;
  }
  throw new Error(`${game}: no move to click`);
}

/** "Moves played" as the window lists them: each move's number and its first line. */
const played = (page: Page, game: string) =>
  win(page, game)
    .locator("[data-history-move]")
    .evaluateAll((moves) =>
      moves.map(
        (m) => `${m.getAttribute("data-history-move")}. ${m.querySelector("[data-history-line]")?.textContent}`,
      ),
    );
const status = (page: Page, game: string) => win(page, game).locator("[data-status]").textContent();
const moveCount = (page: Page, game: string) => win(page, game).locator(".cantina-unequal-moves").textContent();

/** The page of the player to act once both pages show `done` moves made. */
async function toAct(game: string, done: number): Promise<Page> {
  for (const page of [ana, bo]) await expect.poll(() => moveCount(page, game)).toContain(`Move ${done}/`);
  return (await status(ana, game))?.includes("Ana") ? ana : bo;
}

beforeAll(async () => ({ gm, first: ana, second: bo } = await openGmAndTwoPlayers(table())));

describe("standalone table: the unequal-forces games", () => {
  it("Takat as a paired match: entering and stacking by clicking, a just-moved piece explained, the return game, the match score", async () => {
    const g = "takat";
    await createTable(g, { maxMoves: "10", paired: true });
    // Game 1: Ana is White. Six entries fill the ring.
    for (const [page, side, hex] of [
      [ana, 0, "h1"],
      [bo, 1, "h2"],
      [ana, 0, "h3"],
      [bo, 1, "h4"],
      [ana, 0, "h5"],
      [bo, 1, "h6"],
    ] as const) {
      await move(page, g, `reserve-${side}`, hex);
      await expect.poll(() => square(ana, g, hex).getAttribute("data-piece")).toBe(String(side));
    }
    await move(ana, g, "h1", "h0");
    await move(bo, g, "h2", "h0");
    await expect.poll(() => square(ana, g, "h0").getAttribute("data-stack")).toBe("2");
    // The correction: Ana may not move the piece Bo just moved; her window says why.
    await front(ana);
    expect(await square(ana, g, "h0").getAttribute("data-selectable")).toBeNull();
    const blocked = win(ana, g).locator('[data-blocked-at="0"]');
    await expect.poll(() => blocked.textContent()).toContain("just moved");
    await move(ana, g, "h3", "h0");
    await expect.poll(() => square(bo, g, "h0").getAttribute("data-stack")).toBe("3");
    await ana.screenshot({ path: `${RESULTS}/unequal-takat-stack.png` });
    // Bo cannot climb onto the three-high stack from a one-high one; he enters instead: the move limit.
    await move(bo, g, "reserve-1", "h1");
    // The return game: Bo is White now.
    const match = win(ana, g).locator("[data-match]");
    await expect.poll(() => match.getAttribute("data-round")).toBe("2");
    await expect.poll(() => match.locator('[data-match-game="1"]').textContent()).toContain("drawn");
    await expect.poll(() => status(bo, g)).toContain("Bo (White)");
    // Moves played: the last three, newest last and marked; then every move, in the order clicked.
    const firstGame = [
      ...[1, 2, 3, 4, 5, 6].map((hex) => `${hex % 2 ? "Ana" : "Bo"} enters a disc on hex ${hex}.`),
      "Ana moves the top disc from hex 1 to hex 0 (now 1 high).",
      "Bo moves the top disc from hex 2 to hex 0 (now 2 high).",
      "Ana moves the top disc from hex 3 to hex 0 (now 3 high).",
      "Bo enters a disc on hex 1.",
    ];
    const numbered = (from: number, texts: readonly string[]) => texts.map((t, i) => `${from + i}. ${t}`);
    for (const page of [ana, bo]) await expect.poll(() => played(page, g)).toEqual(numbered(8, firstGame.slice(7)));
    const history = win(ana, g).locator("[data-history]");
    expect(await history.locator('[aria-current="step"]').getAttribute("data-history-move")).toBe("10");
    expect(await history.locator('[role="log"]').getAttribute("aria-labelledby")).toBeTruthy();
    await front(ana);
    const toggle = history.locator('[data-action="tableHistory"]');
    expect(await toggle.textContent()).toBe("Show all 10 moves");
    await toggle.click();
    await expect.poll(() => played(ana, g)).toEqual(numbered(1, firstGame));
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await ana.screenshot({ path: `${RESULTS}/unequal-takat-history.png` });
    // Bo's first entry from the keyboard: Enter on his reserve, then on the hex.
    await front(bo);
    await square(bo, g, "reserve-0").focus();
    await bo.keyboard.press("Enter");
    await expect.poll(() => square(bo, g, "h4").getAttribute("data-destination")).toBe("");
    await square(bo, g, "h4").focus();
    await bo.keyboard.press("Enter");
    await expect.poll(() => square(ana, g, "h4").getAttribute("data-piece")).toBe("0");
    // Ana's list stays whole across the move, the new one last; Enter on its toggle folds it again.
    const bosEntry = numbered(11, ["Bo enters a disc on hex 4."]);
    await expect.poll(() => played(ana, g)).toEqual([...numbered(1, firstGame), ...bosEntry]);
    await front(ana);
    await toggle.focus();
    await ana.keyboard.press("Enter");
    await expect.poll(() => played(ana, g)).toEqual([...numbered(9, firstGame.slice(8)), ...bosEntry]);
    // Ana's answer from "Moves as a list" by the keyboard: a labelled button does the board's click.
    const lister = await toAct(g, 1);
    await front(lister);
    const list = win(lister, g).locator("[data-move-list]");
    await list.locator("summary").focus();
    await lister.keyboard.press("Enter");
    const listed = list.getByRole("button").first();
    expect(await listed.textContent()).toMatch(/^(Reserve → hex \d|Hex \d → hex \d)$/);
    await listed.focus();
    await lister.keyboard.press("Enter");
    for (let i = 2; i < 10; i++) {
      await anyMove(await toAct(g, i), g);
    }
    await expect.poll(() => match.locator("[data-match-over]").textContent()).toContain("tied");
    expect(await match.locator("[data-match-score]").textContent()).toBe("Ana 0 – Bo 0");
    await ana.screenshot({ path: `${RESULTS}/unequal-takat-match.png` });
  });

  it("Por'rika: the Schelati set up on the marked triangles, then both sides move until the move limit", async () => {
    const g = "porrika";
    await createTable(g, { maxMoves: "12" });
    const marked = ["0,0,n", "1,0,n", "2,0,n", "3,0,n", "0,1,n", "3,1,n"];
    for (const [i, at] of marked.entries()) {
      expect(await square(ana, g, at).getAttribute("data-kind")).toBe("marked");
      await move(ana, g, i < 2 ? "tray-egg" : "tray-guardian", at);
      await expect.poll(() => square(bo, g, at).getAttribute("data-piece-kind")).toBe(i < 2 ? "egg" : "guardian");
    }
    expect(await square(ana, g, "1,6,e").getAttribute("data-kind")).toBe("sacred");
    // Every placement is a move played, worded as in chat.
    const placed = ["d1", "a2", "d2"].map((at, i) => `${i + 4}. Ana places a Guardian on ${at}, north triangle.`);
    await expect.poll(() => played(bo, g)).toEqual(placed);
    await ana.screenshot({ path: `${RESULTS}/unequal-porrika-setup.png` });
    // The moves as a list name triangles as a player reads them ("b2, north triangle"), never by their ids.
    const list = win(await toAct(g, 6), g).locator("[data-move-list] button");
    await expect.poll(() => list.count()).toBeGreaterThan(0);
    const labels = (await list.allTextContents()).join("\n");
    expect(labels).toMatch(/[a-h]\d+, (north|east|south|west) triangle/);
    expect(labels).not.toMatch(/\d+,\d+,[nesw]/);
    for (let i = 6; i < 12; i++) {
      await anyMove(await toAct(g, i), g);
    }
    await expect.poll(() => status(ana, g)).toContain("Drawn: the move limit is reached.");
    await bo.screenshot({ path: `${RESULTS}/unequal-porrika-end.png` });
  });

  it("Defiance and Domain: counters placed with a facing, one reoriented, Commands moved, until the move limit", async () => {
    const g = "defiance-and-domain";
    await createTable(g, { maxMoves: "10" });
    // Ana (Rebels) faces east and places on 2,2, then steps her Command diagonally.
    await front(ana);
    await win(ana, g).locator('input[name="facing"][value="2"]').check();
    await move(ana, g, "reserve-0", "2,2");
    await expect.poll(() => square(bo, g, "2,2").getAttribute("data-piece")).toBe("0");
    expect(await square(bo, g, "2,2").textContent()).toContain("facing east");
    // A square is read out as the move list and chat write it ("c3"), never by its id ("2,2").
    expect(await square(bo, g, "2,2").locator(".cantina-sr").textContent()).toMatch(/^c3 · /);
    expect(await square(bo, g, "0,7").textContent()).not.toContain("0,7");
    expect(await square(bo, g, "0,7").locator(".cantina-sr").textContent()).toBe("a8");
    await expect.poll(() => played(bo, g)).toEqual(["1. Ana places a Force Counter on square c3, facing east."]);
    await move(ana, g, "p60", "p48");
    await expect.poll(() => win(bo, g).locator('[data-point="p48"]').getAttribute("data-piece")).toBe("0");
    // Bo (Imperium) places on 7,7 facing north, then leaves his Commands where they are.
    await move(bo, g, "reserve-1", "7,7");
    await front(bo);
    await win(bo, g).locator('[data-action="stay"]').click();
    // Ana turns her counter south: the counter, then the counter again.
    await front(ana);
    await win(ana, g).locator('input[name="facing"][value="4"]').check();
    await move(ana, g, "2,2", "2,2");
    await expect.poll(() => square(bo, g, "2,2").textContent()).toContain("facing south");
    await ana.screenshot({ path: `${RESULTS}/unequal-defiance-turned.png` });
    await front(ana);
    await win(ana, g).locator('[data-action="stay"]').click();
    // Key points are marked on the board.
    expect(await win(ana, g).locator("[data-point].key").count()).toBe(64);
    // Moves 7 to 10: each side places a counter wherever the board lights first, and stays.
    for (const [page, done] of [
      [bo, 6],
      [ana, 8],
    ] as const) {
      await expect.poll(() => moveCount(page, g)).toContain(`Move ${done}/`);
      await anyMove(page, g, "[data-tray][data-selectable]");
      await expect.poll(() => moveCount(page, g)).toContain(`Move ${done + 1}/`);
      await front(page);
      await win(page, g).locator('[data-action="stay"]').click();
    }
    await expect.poll(() => status(ana, g)).toContain("Drawn: the move limit is reached.");
    await gm.bringToFront();
    await gm.screenshot({ path: `${RESULTS}/unequal-defiance-gm.png` });
  });
});
