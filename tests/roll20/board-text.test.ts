/**
 * The public card of a board game shows the position as text: for every board game, the card posted
 * after the table opens and after a move holds a row per line of spots, one side's symbol per piece
 * or stack on the board (as many as the public board has), the trays, and the legend by name.
 */
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import type { Drawing } from "../../src/roll20/board-geometry";
import { colour } from "../../src/palette";
import { SIDE_SYMBOLS, boardPicture, pictureRows } from "../../src/roll20/board-text";
import { BOARD_GAMES, publicDrawing } from "./board-helpers";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, click, night, tables } from "./harness";
import { decodeEntities } from "../../src/roll20/commands";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

const onBoard = (d: Drawing, owner: number): number =>
  d.pieces.filter((p) => p.owner === owner && !d.trays.some((t) => t.id === p.at)).length;

describe("a text picture of the position in the public card", () => {
  it("draws a tiny board: rows by height, a mark per spot, stacks counted", () => {
    const drawing = {
      cells: [
        {
          id: "a",
          kind: "plain",
          polygon: [],
          centre: { x: 10, y: 10 },
          label: "",
          fill: colour("board-point"),
          split: null,
        },
        {
          id: "b",
          kind: "plain",
          polygon: [],
          centre: { x: 20, y: 10 },
          label: "",
          fill: colour("board-point"),
          split: null,
        },
        {
          id: "c",
          kind: "plain",
          polygon: [],
          centre: { x: 20, y: 20 },
          label: "",
          fill: colour("board-point"),
          split: null,
        },
      ],
      points: [],
      trays: [],
      pieces: [
        { at: "a", owner: 0, count: 1, centre: { x: 10, y: 10 } },
        { at: "c", owner: 1, count: 3, centre: { x: 20, y: 20 } },
      ],
      pieceSize: 40,
      width: 100,
      height: 100,
    };
    expect(pictureRows(drawing)).toEqual(["● ·", "  ○3"]);
    const html = boardPicture(drawing, ["Alice", "Bob <b>"], dictionaryLocalizer(en));
    expect(html).toContain("● Alice  ○ Bob &lt;b&gt;");
  });

  it.each(BOARD_GAMES)(
    "%s: the card's picture has each side's pieces on the board",
    { timeout: 120_000 },
    async (gameId) => {
      const r20 = night(script);
      r20.type(GM, `!cantina new ${gameId} ${ALICE} ${BOB}`);
      await r20.settle();
      const reader = new ChatReader(r20);
      for (let step = 0; step < 2; step++) {
        const record = tables(r20)[0];
        if (!record) throw new Error("no table");
        const drawing = publicDrawing(r20, record);
        const last = r20.chat.filter((m) => m.to === "all" && m.content.includes("font-family:monospace")).at(-1);
        const html = /white-space:pre[^>]*>(.*?)<\/div>/.exec(last?.content ?? "")?.[1] ?? "";
        const picture = decodeEntities(html.split("<br>").join("\n"));
        const rows = picture.split("\n\n")[0] ?? "";
        for (const owner of [0, 1])
          expect(rows.split(SIDE_SYMBOLS[owner] ?? "").length - 1).toBe(onBoard(drawing, owner));
        expect(picture).toContain(`${SIDE_SYMBOLS[0]} Alice`);
        const acting = [ALICE, BOB]
          .map((p) => ({ p, b: reader.moveButtons(p, record.id, record.version)[0] }))
          .find((x) => x.b);
        if (!acting?.b) break;
        click(r20, acting.p, acting.b);
        await r20.settle();
      }
    },
  );
});
