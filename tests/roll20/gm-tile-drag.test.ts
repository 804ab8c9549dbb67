/**
 * Puzzle tiles and a GM on the player's page (issue 35): Roll20 does not say who dragged a tile, so
 * while a GM is on a player's page no claim is made for the player from their tiles' positions (the
 * player presses "Ubongo!"), and a tile dragged while its player is offline goes back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, click, night, tables } from "./harness";
import { drawn, layByHand, openRace, solution } from "./puzzle-helpers";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** A race with its first round rolled: the table and Alice's solution. */
async function rolled(r20: FakeRoll20) {
  const { tableId, pageOf } = await openRace(r20);
  const reader = new ChatReader(r20);
  const first = tables(r20)[0];
  const roll = [ALICE, BOB]
    .map((p) => ({ p, b: reader.moveButtons(p, tableId, first?.version ?? -1)[0] }))
    .find((x) => x.b !== undefined);
  if (!roll?.b) throw new Error("no roll button");
  click(r20, roll.p, roll.b);
  await r20.settle();
  const record = tables(r20)[0];
  const seat = record?.seats.find((s) => s.userId === ALICE)?.seat ?? "";
  const pieces = record ? solution(record, seat) : null;
  if (!record || !pieces) throw new Error("no round");
  return { tableId, pageOf, record, pieces };
}

describe("a GM and a player's puzzle tiles on Roll20", () => {
  it("while a GM is on the player's page, covering the card claims nothing; the player's Ubongo! does", async () => {
    const r20 = night(script);
    const { tableId, pageOf, record, pieces } = await rolled(r20);
    r20.viewPage(GM, pageOf[ALICE] ?? "");
    for (const piece of pieces) {
      layByHand(r20, record, ALICE, piece, 3);
      await r20.settle();
    }
    expect(tables(r20)[0]?.version).toBe(record.version);
    r20.type(ALICE, `!cantina done ${tableId}`);
    await r20.settle();
    expect(tables(r20)[0]?.version).toBeGreaterThan(record.version);
  });

  it("a tile dragged while its player is offline goes back where it was", async () => {
    const r20 = night(script);
    const { tableId, record, pieces } = await rolled(r20);
    const token = drawn(r20, tableId)
      ?.pages.find((p) => p.user === ALICE)
      ?.tiles.find((t) => t.tileId === pieces[0]?.tile);
    const object = r20.objects.get(token?.id ?? "")?.object;
    const before = { left: object?.get("left"), top: object?.get("top") };
    r20.setOnline(ALICE, false);
    if (pieces[0]) layByHand(r20, record, ALICE, pieces[0], 0);
    await r20.settle();
    expect({ left: object?.get("left"), top: object?.get("top") }).toEqual(before);
  });
});
