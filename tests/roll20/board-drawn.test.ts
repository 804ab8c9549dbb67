/**
 * Roll20 draws only the board geometry (issue 36): on the page the built script draws for each board
 * game, every map path is a cell's outline, a split half, a tray's box or its owner's strip of the
 * geometry placed on the page; every piece path is its piece's outline; every colour a geometry token's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { colour } from "../../src/palette";
import type { Point } from "../../src/rules/grid";
import { boxPath, piecePath, polygonPath } from "../../src/roll20/board-geometry";
import { BOARD_GAMES, drawnBoard, publicDrawing } from "./board-helpers";
import { openBoard } from "./board-play";
import { builtScript } from "./built";
import { night, tables } from "./harness";
import type { FakeObject } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** A drawn path as the shape it was made from: its segments, box and centre, fill and stroke. */
const shapeOf = (o: FakeObject): string =>
  JSON.stringify([o.get("_path"), o.get("left"), o.get("top"), o.get("width"), o.get("height")]);
const wantedShape = (s: { _path: string; left: number; top: number; width: number; height: number }): string =>
  JSON.stringify([s._path, s.left, s.top, s.width, s.height]);

describe("Roll20's board page draws only the geometry", () => {
  it.each(BOARD_GAMES)("%s: its map paths and pieces are the geometry's, in its colours", async (gameId) => {
    const r20 = night(script);
    const { tableId, pageId } = await openBoard(r20, gameId);
    const record = tables(r20).find((t) => t.id === tableId);
    if (!record) throw new Error("no table");
    const drawing = publicDrawing(r20, record);
    const wanted = [
      ...drawing.cells.flatMap((c) => [
        [wantedShape(polygonPath(c.polygon)), c.fill, c.stroke],
        ...(c.split ? [[wantedShape(polygonPath(c.split.polygon)), c.split.fill, "transparent"]] : []),
      ]),
      ...drawing.trays.flatMap((t) => [
        [wantedShape(boxPath(t.box)), t.fill, t.stroke],
        [wantedShape(boxPath(t.strip.box)), t.strip.fill, "transparent"],
      ]),
    ].map((w) => w.join("|"));
    const map = r20.onPage("path", pageId).filter((p) => p.get("layer") === "map");
    expect(map.map((p) => [shapeOf(p), p.get("fill"), p.get("stroke")].join("|")).sort()).toEqual(wanted.sort());

    const tokens = drawnBoard(r20, tableId)?.pieces ?? [];
    expect(tokens.length).toBe(drawing.pieces.length);
    for (const token of tokens) {
      const object = r20.objects.get(token.id)?.object;
      const piece = drawing.pieces.find((p) => p.at === token.at && p.owner === token.owner)?.piece;
      if (!object || !piece) throw new Error(`${token.at}: no piece`);
      const path = piecePath(piece);
      expect(shapeOf(object)).toBe(wantedShape(path));
      expect(object.get("fill")).toBe(colour(piece.fill));
      expect(object.get("stroke")).toBe(colour(piece.edge));
    }

    // Every text stands where the geometry writes one: a cell's coordinate, a stack's badge, a tray's label.
    const spots: Point[] = [
      ...drawing.pieces.flatMap((p) => (p.piece.badge && !p.inTray ? [p.piece.badge.centre] : [])),
      ...drawing.trays.map((t) => t.labelText.at),
      ...drawing.cells.filter((c) => c.label !== "").map((c) => c.labelText.at),
    ];
    for (const text of r20.onPage("text", pageId)) {
      const y = Number(text.get("top"));
      expect(
        spots.some((s) => Math.abs(s.y - y) < 0.01),
        `${String(text.get("text"))} at ${y}`,
      ).toBe(true);
    }
  });
});
