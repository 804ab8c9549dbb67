/**
 * One palette for the window, the canvas and Roll20 (issue 33): the board palette the canvas and
 * Roll20 draw with (src/apps/board/palette.ts) is the window's stylesheet's (styles/theme.css).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOARD_PALETTE, SIDE_PALETTE, colourNumber } from "../../src/apps/board/palette";
import { OWNER_COLOURS } from "../../src/apps/canvas/layout";
import { SIDE_COLOURS } from "../../src/roll20/board-geometry";

const ROOT = join(__dirname, "../..");

/** The --cantina-* variables theme.css declares first (the light theme's and the board art's), lower case. */
function themeVariables(): Map<string, string> {
  const css = readFileSync(join(ROOT, "styles/theme.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const out = new Map<string, string>();
  for (const m of css.matchAll(/(--cantina-[\w-]+)\s*:\s*([^;]+);/g))
    if (!out.has(m[1]!)) out.set(m[1]!, m[2]!.trim().toLowerCase());
  return out;
}

describe("the board palette", () => {
  it("is the window's stylesheet's: each side's colour and ink, and each mark", () => {
    const vars = themeVariables();
    const fromCss = {
      sides: SIDE_PALETTE.map((_, i) => ({
        fill: vars.get(`--cantina-piece-owner-${i}`),
        ink: vars.get(`--cantina-piece-owner-${i}-ink`),
      })),
      board: {
        stroke: vars.get("--cantina-board-stroke"),
        pieceEdge: vars.get("--cantina-piece-edge"),
        badge: vars.get("--cantina-piece-light-ink"),
        selectable: vars.get("--cantina-board-selectable"),
        selected: vars.get("--cantina-board-selected"),
        destination: vars.get("--cantina-board-destination"),
        destinationTick: vars.get("--cantina-board-destination-tick"),
        point: vars.get("--cantina-board-point"),
        tray: vars.get("--cantina-board-tray"),
      },
    };
    expect(fromCss).toEqual({ sides: SIDE_PALETTE, board: BOARD_PALETTE });
  });

  it("is what the canvas and Roll20 draw the sides with", () => {
    expect(OWNER_COLOURS).toEqual(SIDE_PALETTE.map((s) => ({ fill: colourNumber(s.fill), ink: colourNumber(s.ink) })));
    expect(SIDE_COLOURS).toEqual(SIDE_PALETTE.map((s) => s.fill));
  });
});
