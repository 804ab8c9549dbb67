/**
 * Hununga's captured pieces as a player reads them (issue 33, seen in the gallery): in German the
 * label "Warten auf Wiedereinsetzen" left their dice a column one die wide, a dozen dice stacked one
 * per line. The player panels drawn from the game's template in German on a page holding only its
 * stylesheets, as wide as the window's side column at 1024×768; screenshot in
 * test-results/captured-dice-de.png. A bots' match to its end checks the same in the soak suite
 * (tests/soak/browser/captured-dice.soak.test.ts).
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { symbolSvg } from "../../src/apps/core/symbols";
import { DOTS } from "../../src/apps/hununga/context";
import type { PieceKind } from "../../src/rules/hununga";
import { RESULTS, connectChromium } from "./standalone";

const i18n = dictionaryLocalizer(de);
const hbs = Handlebars.create();
hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, string | number> }) => {
  const hash = options?.hash ?? {};
  return Object.keys(hash).length === 0 ? i18n.localize(String(key)) : i18n.format(String(key), hash);
});

/** Twelve captured pieces, as late in a match. */
const KINDS: readonly PieceKind[] = ["pawn", "pawn", "pawn", "pawn", "pawn", "pawn", "king", "bishop", "knight"];
const captured = [...KINDS, "pawn", "rook", "bishop"].map((kind) => ({
  kindKey: `CANTINA.Hununga.Piece.${kind}`,
  dotsSvg: symbolSvg(DOTS[kind as PieceKind]),
}));

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectChromium();
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const table = hbs.compile(readFileSync("templates/hununga/table.hbs", "utf8"))({
    tableId: "t1",
    gameKey: "CANTINA.Games.hununga",
    status: { key: "CANTINA.Hununga.Status.Over", name: "Bot 1" },
    target: 3,
    turns: 89,
    maxTurns: 200,
    // One panel, as the page stacks them in the window's side column.
    players: [{ seat: "s0", owner: 0, name: "Bot 1", score: 1, tokens: 0, captured }],
  });
  const css = ["theme.css", "core.css", "board.css", "hununga.css"]
    .map((f) => readFileSync(`styles/${f}`, "utf8"))
    .join("\n");
  // The window's side column at 1024×768 is about 300 px wide.
  await page.setContent(
    `<!doctype html><html lang="de"><head><style>${css}</style></head>` +
      `<body><div class="cantina-games" style="width:300px">${table}</div></body></html>`,
  );
});

afterAll(async () => {
  await browser?.close();
});

describe("Hununga's captured pieces", () => {
  it("stand side by side in a row under their label, in German too, not one die per line", async () => {
    await page.screenshot({ path: `${RESULTS}/captured-dice-de.png`, fullPage: true });
    const rows = await page.locator("[data-captured]").evaluateAll((lists) =>
      lists.map((list) => {
        const dice = [...list.querySelectorAll(".cantina-hununga-dots")].map((d) =>
          Math.round(d.getBoundingClientRect().top),
        );
        return { dice: dice.length, lines: new Set(dice).size };
      }),
    );
    expect(rows).toHaveLength(1);
    // Twelve dice fit on two or three lines across the panel, never a line each.
    for (const r of rows) {
      expect(r.dice).toBe(12);
      expect(r.lines, `${r.dice} dice on ${r.lines} lines`).toBeLessThanOrEqual(3);
    }
  });
});
