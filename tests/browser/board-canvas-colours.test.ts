/**
 * The board view's canvas in the palette's colours (issue 36), in real Chromium: Seven Ulwan's tiles
 * each in their tone, Esk's and Forn's tiles split in both of theirs as the window shows them, and
 * the pieces' symbol glyphs drawn without a page error (the standalone page has no global PIXI).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CanvasTarget } from "../../src/apps/canvas/contract";
import { type StyleToken, colourNumber } from "../../src/palette";
import { RESULTS, openGmAndTwoPlayers, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();
const GAME = "seven-ulwan";

const win = (page: Page) => page.locator(`[data-window][data-game="${GAME}"]`).last();

/** Each kind's colours, top left half then bottom right half (src/apps/ulwan/context.ts's tones). */
const HALVES: Readonly<Record<string, readonly [StyleToken, StyleToken]>> = {
  aurek: ["ulwan-aurek", "ulwan-aurek"],
  besh: ["ulwan-besh", "ulwan-besh"],
  cresh: ["ulwan-cresh", "ulwan-cresh"],
  dorn: ["ulwan-dorn", "ulwan-dorn"],
  esk: ["ulwan-besh", "ulwan-aurek"],
  forn: ["ulwan-cresh", "ulwan-dorn"],
};

/** The RGB of the screenshot's pixels at page points, read in the page from the PNG. */
async function pixels(page: Page, png: Buffer, at: readonly { x: number; y: number }[]): Promise<number[]> {
  return page.evaluate(
    async ([data, points]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext("2d")!;
      g.drawImage(img, 0, 0);
      return points.map(({ x, y }) => {
        const [r = 0, gr = 0, b = 0] = g.getImageData(Math.round(x), Math.round(y), 1, 1).data;
        return (r << 16) | (gr << 8) | b;
      });
    },
    [png.toString("base64"), at] as const,
  );
}

const near = (a: number, b: number): boolean =>
  [16, 8, 0].every((s) => Math.abs(((a >> s) & 255) - ((b >> s) & 255)) <= 10);

describe("the board view's canvas", () => {
  it("draws Seven Ulwan's tiles in their palette colours, a split tile in both halves", async () => {
    const { gm, first: ana } = await openGmAndTwoPlayers(table());
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', GAME);
    await seatPeople(gm, { player1: "Ana", player2: "Bo" });
    await gm.click('[data-page-action="lobby-create"]');
    await win(ana).waitFor();
    await ana.bringToFront();
    await win(ana).locator('[data-page-action="board-view"]').click();
    const canvas = ana.locator("[data-board-canvas]").last();
    await canvas.waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const kinds = new Map(
      await win(ana)
        .locator("[data-board] [data-cell]")
        .evaluateAll((cells) =>
          cells.map((c) => [c.getAttribute("data-cell") ?? "", c.getAttribute("data-kind") ?? ""]),
        ),
    );
    await expect
      .poll(async () => JSON.parse((await canvas.getAttribute("data-targets")) ?? "[]").length)
      .toBeGreaterThan(0);
    const box = await canvas.boundingBox();
    if (!box) throw new Error("no canvas");
    const cells = (JSON.parse((await canvas.getAttribute("data-targets")) ?? "[]") as CanvasTarget[])
      .filter((t) => t.kind === "cell" && t.owner === null && HALVES[kinds.get(t.id) ?? ""])
      .map((t) => ({ ...t, x: t.x + box.x, y: t.y + box.y }));
    // A cell's side: the nearest two cells' distance (the canvas scales the board to fit).
    const d = Math.min(
      ...cells.flatMap((a) => cells.filter((b) => b !== a).map((b) => Math.hypot(a.x - b.x, a.y - b.y))),
    );
    expect(cells.map((c) => kinds.get(c.id))).toEqual(expect.arrayContaining(["esk", "forn", "aurek"]));
    const png = await ana.screenshot();
    await canvas.screenshot({ path: `${RESULTS}/board-canvas-seven-ulwan.png` });
    // Below the centre, left of the split line and right of it (the coordinates and glyph are at the top).
    const at = cells.flatMap((c) => [
      { x: c.x - 0.3 * d, y: c.y + 0.1 * d },
      { x: c.x + 0.1 * d, y: c.y + 0.3 * d },
    ]);
    const got = await pixels(ana, png, at);
    const wrong = cells.flatMap((c, i) => {
      const want = (HALVES[kinds.get(c.id) ?? ""] ?? []).map((t) => colourNumber(t));
      return [0, 1].flatMap((h) =>
        near(got[2 * i + h] ?? -1, want[h] ?? -1)
          ? []
          : [
              `${c.id} (${kinds.get(c.id)}) half ${h}: ${(got[2 * i + h] ?? 0).toString(16)} ≠ ${(want[h] ?? 0).toString(16)}`,
            ],
      );
    });
    expect(wrong).toEqual([]);
  });
});
