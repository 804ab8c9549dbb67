/**
 * Roll20 draws in the one palette (issue 36): each board game's cells on the page in the colours of
 * their tones (a split tile's second colour over its half), pieces in their sides' colours, and
 * Ubongo's tiles in the window's tile colours; every colour a #rrggbb Roll20 draws (its path fill and stroke).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { STYLE_TOKENS, colour, sideColours } from "../../src/palette";
import { BOARD_GAMES, drawnBoard, publicDrawing } from "./board-helpers";
import { openBoard } from "./board-play";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, click, night, tables } from "./harness";
import { drawn, openRace } from "./puzzle-helpers";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** What Roll20's path and text colours take: "#rrggbb" or "transparent" (its API's path fill and stroke). */
const ROLL20_COLOUR = /^(#[0-9a-f]{6}|transparent)$/;

describe("Roll20's board pages in the palette's colours", () => {
  it.each(BOARD_GAMES)("%s: each cell in its tone, each piece in its side's colour", async (gameId) => {
    const r20 = night(script);
    const { tableId, pageId } = await openBoard(r20, gameId);
    const record = tables(r20).find((t) => t.id === tableId);
    if (!record) throw new Error("no table");
    const drawing = publicDrawing(r20, record);
    const map = r20.onPage("path", pageId).filter((p) => p.get("layer") === "map");
    const filled = map.map((p) => String(p.get("fill"))).filter((f) => f !== "transparent");
    const wanted = [
      ...drawing.cells.flatMap((c) => [c.fill, ...(c.split ? [c.split.fill] : [])]),
      ...drawing.trays.flatMap((t) => [t.fill, t.strip.fill]),
    ];
    expect(filled.sort()).toEqual(wanted.sort());
    // The cells' and trays' colours are the palette's style tokens (the window's), not a colour made up per kind.
    const tokens = new Set<string>(Object.values(STYLE_TOKENS));
    for (const f of filled) expect(tokens.has(f), f).toBe(true);
    for (const p of r20.onPage("path", pageId)) {
      expect(String(p.get("fill"))).toMatch(ROLL20_COLOUR);
      expect(String(p.get("stroke"))).toMatch(ROLL20_COLOUR);
    }
    for (const t of r20.onPage("text", pageId)) expect(String(t.get("color"))).toMatch(ROLL20_COLOUR);
    for (const token of drawnBoard(r20, tableId)?.pieces ?? []) {
      const object = r20.objects.get(token.id)?.object;
      if (token.type === "path") expect(object?.get("fill")).toBe(sideColours(token.owner).fill);
    }
  });

  it("Ubongo's tiles in the window's colour for each tile", async () => {
    const r20 = night(script);
    const { tableId } = await openRace(r20);
    // The first roll (a player's move button) deals the cards: the tiles are drawn then.
    const reader = new ChatReader(r20);
    const record = tables(r20).find((t) => t.id === tableId);
    const roll = [ALICE, BOB]
      .map((p) => ({ p, b: reader.moveButtons(p, tableId, record?.version ?? 0)[0] }))
      .find((x) => x.b?.command.startsWith("!cantina move"));
    if (!roll?.b) throw new Error("no roll button");
    click(r20, roll.p, roll.b);
    await r20.advance(2_000);
    const pages = drawn(r20, tableId)?.pages ?? [];
    const tiles = pages.flatMap((p) => p.tiles);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      const object = r20.objects.get(tile.id)?.object;
      expect(object?.get("fill"), tile.tileId).toBe(colour(`ubongo-tile-${tile.tileId}` as keyof typeof STYLE_TOKENS));
      expect(String(object?.get("stroke"))).toMatch(ROLL20_COLOUR);
    }
  });
});
