/**
 * Ubongo on Roll20 pages: each player is sent to a page of their own, their tiles are path tokens
 * only they control on their drawn card, and a whole race with two players is played by dragging and
 * turning tiles (snapped to the squares; the covered card claimed by the rules), with a sandbox
 * restart in the middle; the hourglass runs out once; at the end the pages are cleared and the
 * players are back on the players' page. The chat buttons (turn, turn over, "Ubongo!") are checked too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { placementOfPiece } from "../../src/apps/ubongo/context";
import { games } from "../../src/games";
import type { UbongoView } from "../../src/rules/ubongo";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, buttonsIn, click, night, tables } from "./harness";
import { drawn, expectPagesApart, layByHand, openRace, pages, playRace, solution } from "./puzzle-helpers";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("Ubongo on players' pages", () => {
  it(
    "plays a two-player race by moving tiles, restarted mid-game, and clears the pages at the end",
    { timeout: 180_000 },
    async () => {
      const r20 = night(script);
      const { tableId, pageOf } = await openRace(r20);
      expect(pages(r20)).toEqual({ [ALICE]: pageOf[ALICE], [BOB]: pageOf[BOB] });
      const race = await playRace(r20, tableId, () => expectPagesApart(r20, tableId, pageOf), true);
      const { restarted, timedOut, claimsByDrag } = race;
      const final = tables(r20).find((t) => t.id === tableId);
      expect(restarted).toBe(true);
      expect(timedOut).toBe(true);
      expect(final?.log.some((e) => e.timeout === true)).toBe(true);
      expect(claimsByDrag).toBeGreaterThanOrEqual(7);
      expect(final && games.ubongo?.status(final.state).over).toBe(true);
      // The scoring in chat: the public cards name every finish and the winner.
      const said = r20.chat.filter((m) => m.to === "all").map((m) => m.content);
      expect(said.some((c) => c.includes("Ubongo!"))).toBe(true);
      expect(said.some((c) => c.includes("The match is over"))).toBe(true);
      // Cleared: nothing left on the players' pages, everyone back on the players' page.
      expect(drawn(r20, tableId)).toBeUndefined();
      expect(pages(r20)).toBe(false);
      for (const page of Object.values(pageOf))
        for (const type of ["path", "text"] as const) expect(r20.onPage(type, page)).toEqual([]);
    },
  );

  it("turns and claims by chat buttons (the keyboard alternative), and refuses what is not allowed", async () => {
    const r20 = night(script);
    const { tableId } = await openRace(r20);
    const reader = new ChatReader(r20);
    const first = tables(r20)[0];
    const roll = [ALICE, BOB]
      .map((p) => ({ p, b: reader.moveButtons(p, tableId, first?.version ?? -1)[0] }))
      .find((x) => x.b);
    if (!roll?.b) throw new Error("no roll button");
    click(r20, roll.p, roll.b);
    await r20.settle();
    // Alice was whispered her tile card: a turn button per tile and "Ubongo!".
    const card = r20.chat.filter((m) => m.to !== "all" && m.to.includes(ALICE)).at(-1)?.content ?? "";
    const buttons = buttonsIn(card);
    expect(buttons.some((b) => b.command === `!cantina done ${tableId}`)).toBe(true);
    const turn = buttons.find((b) => / turn$/.test(b.command));
    if (!turn) throw new Error("no turn button");
    const tileId = turn.command.split(" ")[3] ?? "";
    const token = drawn(r20, tableId)
      ?.pages.find((p) => p.user === ALICE)
      ?.tiles.find((t) => t.tileId === tileId);
    const before = Number(r20.objects.get(token?.id ?? "")?.object.get("rotation") ?? 0);
    click(r20, ALICE, turn);
    await r20.settle();
    expect(Number(r20.objects.get(token?.id ?? "")?.object.get("rotation"))).toBe((before + 90) % 360);
    // Bob cannot turn Alice's tile: his own command names only his page.
    const changes = r20.writes.length;
    r20.type(BOB, `!cantina tile ${tableId} nosuchtile turn`);
    await r20.settle();
    expect(r20.chat.at(-1)?.to).toEqual([BOB]);
    expect(r20.writes.length).toBe(changes);
    // Turning over is not allowed in the standard race; "Ubongo!" with nothing on the card is refused.
    r20.type(ALICE, `!cantina tile ${tableId} ${tileId} flip`);
    await r20.settle();
    expect(r20.chat.at(-1)?.content).toContain("turned, not turned over");
    const version = tables(r20)[0]?.version;
    click(r20, ALICE, { label: "", command: `!cantina done ${tableId}` });
    await r20.settle();
    expect(r20.chat.at(-1)?.content).toContain("No tile lies on your card");
    expect(tables(r20)[0]?.version).toBe(version);
    // Alice lays her solution: claimed; her tiles are then nobody's, and a drag (a GM's) is put back.
    const record = tables(r20)[0];
    const seat = record?.seats.find((s) => s.userId === ALICE)?.seat ?? "";
    const pieces = record ? solution(record, seat) : null;
    if (!record || !pieces) throw new Error("no solution");
    for (const piece of pieces) layByHand(r20, record, ALICE, piece, 0);
    await r20.settle();
    const claimed = tables(r20)[0];
    const aliceView = games.ubongo?.view(claimed?.state, { role: "spectator" }) as UbongoView;
    expect(aliceView.seats.find((s) => s.seat === seat)?.place).toBe(1);
    const tiles = drawn(r20, tableId)?.pages.find((p) => p.user === ALICE)?.tiles ?? [];
    for (const t of tiles) expect(r20.objects.get(t.id)?.object.get("controlledby")).toBe("");
    const lifted = r20.objects.get(tiles[0]?.id ?? "")?.object;
    const at = { left: lifted?.get("left"), top: lifted?.get("top") };
    r20.drag(tiles[0]?.id ?? "", { left: 5, top: 5 });
    await r20.settle();
    expect({ left: lifted?.get("left"), top: lifted?.get("top") }).toEqual(at);
    r20.type(GM, `!cantina end ${tableId}`);
    await r20.settle();
    expect(pages(r20)).toBe(false);
  });

  it("Jedi Masters: a tile is turned over by its chat button (a new token, mirrored) and the card still claims", async () => {
    const r20 = night(script);
    const { tableId } = await openRace(r20, " variant=jedi");
    const reader = new ChatReader(r20);
    const first = tables(r20)[0];
    const roll = [ALICE, BOB]
      .map((p) => ({ p, b: reader.moveButtons(p, tableId, first?.version ?? -1)[0] }))
      .find((x) => x.b);
    if (!roll?.b) throw new Error("no roll button");
    click(r20, roll.p, roll.b);
    await r20.settle();
    const record = tables(r20)[0];
    const seat = record?.seats.find((s) => s.userId === ALICE)?.seat ?? "";
    const pieces = record ? solution(record, seat) : null;
    if (!record || !pieces) throw new Error("no solution");
    const flipped = pieces.filter((p) => placementOfPiece(p, "light")?.flipped);
    expect(flipped.length).toBeGreaterThan(0);
    for (const piece of flipped) {
      const before = drawn(r20, tableId)
        ?.pages.find((p) => p.user === ALICE)
        ?.tiles.find((t) => t.tileId === piece.tile);
      r20.type(ALICE, `!cantina tile ${tableId} ${piece.tile} flip`);
      await r20.settle();
      const after = drawn(r20, tableId)
        ?.pages.find((p) => p.user === ALICE)
        ?.tiles.find((t) => t.tileId === piece.tile);
      expect(after?.flipped).toBe(true);
      expect(after?.id).not.toBe(before?.id);
      expect(r20.objects.get(before?.id ?? "")?.object.removed).toBe(true);
      expect(r20.objects.get(after?.id ?? "")?.object.get("controlledby")).toBe(ALICE);
    }
    for (const piece of pieces) layByHand(r20, record, ALICE, piece, 6);
    await r20.settle();
    const view = games.ubongo?.view(tables(r20)[0]?.state, { role: "spectator" }) as UbongoView;
    expect(view.seats.find((s) => s.seat === seat)?.place).toBe(1);
  });
});
