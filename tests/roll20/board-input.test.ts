/**
 * Bad input on a drawn board changes nothing: a piece dragged out of turn, to a square it cannot
 * reach, or off the board goes back where it was and its controller is whispered the localized
 * reason; `!cantina setup`/`art` refuse a player, an unknown table, a missing page, a game with no
 * board and an image from outside the user's library. With art mapped, pieces are library tokens.
 */
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { apps, games } from "../../src/games";
import { PUBLIC_USER } from "../../src/roll20/publish";
import { builtScript } from "./built";
import { boardFor, boardMoves, drawnBoard, publicDrawing } from "./board-helpers";
import { ALICE, BOB, GM, night, root, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

const board = (en as { CANTINA: { Roll20: { Board: { Error: Record<string, string> } } } }).CANTINA.Roll20.Board.Error;
const errors = (en as { CANTINA: { Error: Record<string, string> } }).CANTINA.Error;
const notYourTurn = errors.NotYourTurn ?? "";

/** A two-player game that draws no board (cards or tiles). */
const boardless =
  Object.values(games).find((g) => !apps[g.id]?.boardContext && g.minSeats <= 2 && g.maxSeats >= 2)?.id ?? "";

async function onPage(r20: FakeRoll20, gameId: string): Promise<string> {
  r20.moveRibbon(r20.addPage("Board"));
  r20.type(GM, `!cantina new ${gameId} ${ALICE} ${BOB}`);
  await r20.settle();
  const tableId = tables(r20)[0]?.id ?? "";
  r20.type(GM, `!cantina setup ${tableId} Board`);
  await r20.settle();
  return tableId;
}

const lastWhisperTo = (r20: FakeRoll20, player: string): string =>
  [...r20.chat].reverse().find((m) => m.to !== "all" && m.to.includes(player))?.content ?? "";

describe("bad input on a drawn board", () => {
  // Hununga opens with a roll (no piece can move yet), Porrika with a piece's move.
  it("a piece dragged out of turn goes back and its player is told it is not their turn", async () => {
    const r20 = night(script);
    const tableId = await onPage(r20, "hununga");
    const record = tables(r20)[0];
    if (!record) throw new Error("no table");
    const toAct = games.hununga?.status(record.state).toAct[0];
    const idle = record.seats.find((s) => s.seat !== toAct)?.userId ?? "";
    const token = drawnBoard(r20, tableId)?.pieces.find(
      (p) => r20.objects.get(p.id)?.object.get("controlledby") === idle,
    );
    const object = r20.objects.get(token?.id ?? "")?.object;
    const before = { left: object?.get("left"), top: object?.get("top") };
    const books = JSON.stringify(root(r20).tables);
    const empty = publicDrawing(r20, record).cells.find(
      (c) => !drawnBoard(r20, tableId)?.pieces.some((p) => p.at === c.id),
    );
    r20.drag(token?.id ?? "", { left: empty?.centre.x, top: empty?.centre.y });
    await r20.settle();
    expect({ left: object?.get("left"), top: object?.get("top") }).toEqual(before);
    expect(JSON.stringify(root(r20).tables)).toBe(books);
    expect(lastWhisperTo(r20, idle)).toContain(notYourTurn);
  });

  it("a piece dropped off the board or where it cannot go goes back with the reason", async () => {
    const r20 = night(script);
    const tableId = await onPage(r20, "porrika");
    const record = tables(r20)[0];
    if (!record) throw new Error("no table");
    const toAct = games.porrika?.status(record.state).toAct[0];
    const mover = record.seats.find((s) => s.seat === toAct)?.userId ?? "";
    const shown = boardFor(r20, record, PUBLIC_USER);
    const own = boardFor(r20, record, mover);
    if (!shown || !own) throw new Error("no board");
    const from = boardMoves(own, shown).find((m) => m.from !== m.to)?.from ?? "";
    const token = drawnBoard(r20, tableId)?.pieces.find((p) => p.at === from);
    const object = r20.objects.get(token?.id ?? "")?.object;
    const before = { left: object?.get("left"), top: object?.get("top") };
    const books = JSON.stringify(root(r20).tables);

    r20.drag(token?.id ?? "", { left: 5000, top: 5000 });
    await r20.settle();
    expect({ left: object?.get("left"), top: object?.get("top") }).toEqual(before);
    expect(lastWhisperTo(r20, mover)).toContain(board.OffBoard);

    const reachable = new Set(
      boardMoves(own, shown)
        .filter((m) => m.from === from)
        .map((m) => m.to),
    );
    const drawing = publicDrawing(r20, record);
    const wrong = drawing.cells.find(
      (c) => c.id !== from && !reachable.has(c.id) && !drawing.pieces.some((p) => p.at === c.id),
    );
    const seen = r20.chat.length;
    r20.drag(token?.id ?? "", { left: wrong?.centre.x, top: wrong?.centre.y });
    await r20.settle();
    expect({ left: object?.get("left"), top: object?.get("top") }).toEqual(before);
    expect(JSON.stringify(root(r20).tables)).toBe(books);
    const told = r20.chat.slice(seen).filter((m) => m.to !== "all" && m.to.includes(mover));
    expect(told.length).toBe(1);
  });

  it("setup and art refuse what they cannot do, and change nothing", async () => {
    const r20 = night(script);
    r20.addPage("Board");
    r20.type(GM, `!cantina new hununga ${ALICE} ${BOB}`);
    r20.type(GM, `!cantina new ${boardless} ${ALICE} ${BOB}`);
    await r20.settle();
    const [hununga, sabacc] = ["hununga", boardless].map((g) => tables(r20).find((t) => t.gameId === g)?.id ?? "");
    const count = r20.objects.size;
    r20.type(ALICE, `!cantina setup ${hununga} Board`);
    await r20.settle();
    expect(lastWhisperTo(r20, ALICE)).toContain(errors.GMOnly?.slice(0, 20) ?? "");
    r20.type(GM, `!cantina setup ${hununga} Nowhere`);
    await r20.settle();
    expect(lastWhisperTo(r20, GM)).toContain(board.NoPage?.split('"')[0] ?? "");
    r20.type(GM, `!cantina setup ${sabacc} Board`);
    await r20.settle();
    expect(lastWhisperTo(r20, GM)).toContain(board.NoBoard?.slice(0, 10) ?? "");
    r20.type(GM, "!cantina art 0 https://example.com/piece.png");
    await r20.settle();
    expect(lastWhisperTo(r20, GM)).toContain(board.BadArt?.slice(0, 30) ?? "");
    expect(r20.objects.size).toBe(count);
    expect(root(r20).extras?.art).toBeUndefined();
  });

  it("with art mapped, a side's pieces are tokens of the GM's library image, redrawn as graphics", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina art 0 https://s3.amazonaws.com/files.d20.io/images/123/abc/max.png?1700");
    await r20.settle();
    const tableId = await onPage(r20, "hununga");
    const pieces = drawnBoard(r20, tableId)?.pieces ?? [];
    const sideZero = pieces.filter((p) => p.owner === 0);
    expect(sideZero.length).toBeGreaterThan(0);
    for (const p of sideZero) {
      expect(p.type).toBe("graphic");
      expect(r20.objects.get(p.id)?.object.get("imgsrc")).toBe(
        "https://s3.amazonaws.com/files.d20.io/images/123/abc/thumb.png",
      );
      expect(r20.objects.get(p.id)?.object.get("layer")).toBe("objects");
    }
    expect(pieces.filter((p) => p.owner === 1).every((p) => p.type === "path")).toBe(true);
  });
});
