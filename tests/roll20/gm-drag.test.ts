/**
 * A GM's drag is not played as the player's move (issue 35). Roll20 lets a GM drag any token and
 * does not say who dragged; the script decides from what it is told: the token's controller, whether
 * they are online and on the token's page, and whether a GM is on that page too (their `_lastpage`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { PUBLIC_USER } from "../../src/roll20/publish";
import { boardFor, boardMoves, drawnBoard, publicDrawing } from "./board-helpers";
import { openBoard } from "./board-play";
import { builtScript } from "./built";
import { GM, buttonsIn, click, night, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** Porrika opens with a piece's move: the seat to act, one token they may drag, and where to. */
async function porrika(r20: FakeRoll20) {
  const { tableId, pageId } = await openBoard(r20, "porrika");
  const record = tables(r20).find((t) => t.id === tableId);
  if (!record) throw new Error("no table");
  const seat = games.porrika?.status(record.state).toAct[0];
  const player = record.seats.find((s) => s.seat === seat)?.userId ?? "";
  const shown = boardFor(r20, record, PUBLIC_USER);
  const own = boardFor(r20, record, player);
  if (!shown || !own) throw new Error("no board");
  const move = boardMoves(own, shown).find((m) => m.from !== m.to);
  const token = drawnBoard(r20, tableId)?.pieces.find((p) => p.at === move?.from);
  const drawing = publicDrawing(r20, record);
  const target = [...drawing.cells, ...drawing.trays, ...drawing.points].find((c) => c.id === move?.to);
  if (!token || !target) throw new Error("no move");
  const object = r20.objects.get(token.id)?.object;
  const home = { left: object?.get("left"), top: object?.get("top") };
  return { tableId, pageId, player, version: record.version, token: token.id, to: target.centre, home, object };
}

const toPlayer = (r20: FakeRoll20, player: string, from: number) =>
  r20.chat.slice(from).filter((m) => m.to !== "all" && m.to.includes(player));

describe("a GM's drag on Roll20", () => {
  it("is not played while the piece's player is offline: put back, the GM told", async () => {
    const r20 = night(script);
    const p = await porrika(r20);
    r20.setOnline(p.player, false);
    const at = r20.chat.length;
    r20.dragBy(GM, p.token, { left: p.to.x, top: p.to.y });
    await r20.advance(3_000);
    expect(tables(r20).find((t) => t.id === p.tableId)?.version).toBe(p.version);
    expect({ left: p.object?.get("left"), top: p.object?.get("top") }).toEqual(p.home);
    expect(toPlayer(r20, GM, at).some((m) => m.content.includes("was put back"))).toBe(true);
  });

  it("on a page a GM is on, is put back and its player asked to confirm; their click plays it", async () => {
    const r20 = night(script);
    const p = await porrika(r20);
    r20.viewPage(GM, p.pageId);
    const at = r20.chat.length;
    r20.dragBy(GM, p.token, { left: p.to.x, top: p.to.y });
    await r20.advance(3_000);
    expect(tables(r20).find((t) => t.id === p.tableId)?.version).toBe(p.version);
    expect({ left: p.object?.get("left"), top: p.object?.get("top") }).toEqual(p.home);
    const confirm = toPlayer(r20, p.player, at)
      .flatMap((m) => buttonsIn(m.content))
      .find((b) => b.command.startsWith(`!cantina drop ${p.tableId} ${p.version} `));
    expect(confirm).toBeDefined();
    // The GM cannot play it from that button: the caller is who clicks.
    if (confirm) click(r20, GM, confirm);
    await r20.advance(3_000);
    expect(tables(r20).find((t) => t.id === p.tableId)?.version).toBe(p.version);
    if (confirm) click(r20, p.player, confirm);
    await r20.advance(3_000);
    expect(tables(r20).find((t) => t.id === p.tableId)?.version).toBeGreaterThan(p.version);
  });

  it("the player's own drag on their page, no GM there, is played at once", async () => {
    const r20 = night(script);
    const p = await porrika(r20);
    r20.dragBy(p.player, p.token, { left: p.to.x, top: p.to.y });
    await r20.advance(3_000);
    expect(tables(r20).find((t) => t.id === p.tableId)?.version).toBeGreaterThan(p.version);
  });
});
