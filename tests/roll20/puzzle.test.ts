/**
 * Ubongo on Roll20 pages: each player is sent to a page of their own, their tiles are path tokens
 * only they control on their drawn card, and a whole race with two players is played by dragging and
 * turning tiles (snapped to the squares; the covered card claimed by the rules), with a sandbox
 * restart in the middle; the hourglass runs out once; at the end the pages are cleared and the
 * players are back on the players' page. The chat buttons (turn, turn over, "Ubongo!") are checked too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { traySide } from "../../src/apps/ubongo/context";
import { placementOfPiece } from "../../src/apps/ubongo/context";
import { apps, games } from "../../src/games";
import { PUZZLES_KEY, type PuzzleRecord } from "../../src/roll20/puzzle-pages";
import { tilePath } from "../../src/roll20/puzzle-geometry";
import type { Piece, UbongoView } from "../../src/rules/ubongo";
import type { TableRecord } from "../../src/table/store";
import { updateOf } from "./board-helpers";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, buttonsIn, click, night, root, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

function drawn(r20: FakeRoll20, tableId: string): PuzzleRecord | undefined {
  return (root(r20).extras?.[PUZZLES_KEY] as Record<string, PuzzleRecord> | undefined)?.[tableId];
}

function pages(r20: FakeRoll20): Record<string, string> | false {
  return r20.objects.get("root")?.object.get("playerspecificpages") as Record<string, string> | false;
}

async function openRace(r20: FakeRoll20, extra = ""): Promise<{ tableId: string; pageOf: Record<string, string> }> {
  const pageOf = { [ALICE]: r20.addPage("Race 1"), [BOB]: r20.addPage("Race 2") };
  r20.type(GM, `!cantina new ubongo ${ALICE} ${BOB} hourglass=120${extra}`);
  await r20.settle();
  const tableId = tables(r20)[0]?.id ?? "";
  r20.type(GM, `!cantina setup ${tableId} Race`);
  await r20.settle();
  return { tableId, pageOf };
}

/** The solution the rules know for a seat's card (the test "solves" it), as pieces. */
function solution(record: TableRecord, seat: string): Piece[] | null {
  const claim = games.ubongo?.legalMoves(record.state, seat).find((m) => (m as { type?: string }).type === "claim");
  return (claim as { pieces?: Piece[] } | undefined)?.pieces ?? null;
}

/**
 * A player lays one piece by hand: turns the tile with its rotation handle a little off the right
 * angle and drops it a little off the squares (the script snaps it).
 */
function layByHand(r20: FakeRoll20, record: TableRecord, user: string, piece: Piece, jitter: number): void {
  const update = updateOf(r20, record, user);
  const task = update ? apps.ubongo?.puzzle?.(update) : null;
  const view = update?.view as UbongoView;
  const spec = task?.tiles.find((t) => t.id === piece.tile);
  const laid = placementOfPiece(piece, traySide(view));
  const token = drawn(r20, record.id)
    ?.pages.find((p) => p.user === user)
    ?.tiles.find((t) => t.tileId === piece.tile);
  if (!spec || !laid || !token) throw new Error(`cannot lay ${piece.tile}`);
  expect(laid.flipped).toBe(token.flipped);
  const target = tilePath(spec.shape, laid);
  r20.drag(token.id, { left: target.left + jitter, top: target.top - jitter, rotation: target.rotation + jitter / 4 });
}

/** What no other player may get: a player's page, or a tile of theirs on another's page or under their control. */
function expectPagesApart(r20: FakeRoll20, tableId: string, pageOf: Record<string, string>): void {
  const sent = pages(r20);
  const record = drawn(r20, tableId);
  if (!record) return;
  expect(sent && sent[ALICE]).toBe(pageOf[ALICE]);
  expect(sent && sent[BOB]).toBe(pageOf[BOB]);
  for (const page of record.pages) {
    expect(page.pageId).toBe(pageOf[page.user]);
    for (const tile of page.tiles) {
      const object = r20.objects.get(tile.id)?.object;
      expect(object?.get("_pageid")).toBe(page.pageId);
      expect(["", page.user]).toContain(object?.get("controlledby"));
    }
    // Whatever is drawn on a player's page is that player's: nobody else controls anything there.
    for (const type of ["path", "text"] as const)
      for (const o of r20.onPage(type, page.pageId)) expect(["", page.user]).toContain(o.get("controlledby"));
  }
}

describe("Ubongo on players' pages", () => {
  it(
    "plays a two-player race by moving tiles, restarted mid-game, and clears the pages at the end",
    { timeout: 180_000 },
    async () => {
      const r20 = night(script);
      const { tableId, pageOf } = await openRace(r20);
      expect(pages(r20)).toEqual({ [ALICE]: pageOf[ALICE], [BOB]: pageOf[BOB] });
      const reader = new ChatReader(r20);
      let restarted = false;
      let timedOut = false;
      let claimsByDrag = 0;
      for (let step = 0; step < 400; step++) {
        const record = tables(r20).find((t) => t.id === tableId);
        if (!record || games.ubongo?.status(record.state).over) break;
        expectPagesApart(r20, tableId, pageOf);
        const view = games.ubongo?.view(record.state, { role: "spectator" }) as UbongoView;
        if (!restarted && view.round >= 3) {
          r20.restart();
          restarted = true;
          await r20.settle();
          continue;
        }
        const roll = [ALICE, BOB]
          .map((p) => ({ p, b: reader.moveButtons(p, tableId, record.version)[0] }))
          .find((x) => x.b && x.b.command.startsWith("!cantina move"));
        if (view.phase === "start" && roll?.b) {
          click(r20, roll.p, roll.b);
          await r20.advance(2_000);
          continue;
        }
        if (view.phase !== "solve") {
          await r20.advance(5_000);
          continue;
        }
        // Round 2: Bob does not find it and the hourglass runs out on him.
        const solver = [ALICE, BOB].find((user) => {
          const seat = record.seats.find((s) => s.userId === user)?.seat ?? "";
          const mine = view.seats.find((s) => s.seat === seat);
          return mine?.contender && mine.place === null && !(view.round === 2 && user === BOB);
        });
        if (!solver) {
          timedOut ||= view.round === 2;
          await r20.advance(130_000);
          continue;
        }
        const seat = record.seats.find((s) => s.userId === solver)?.seat ?? "";
        const pieces = solution(record, seat);
        if (!pieces) throw new Error("no solution");
        pieces.forEach((piece, i) => layByHand(r20, record, solver, piece, i % 2 === 0 ? 9 : -12));
        await r20.settle();
        const after = tables(r20).find((t) => t.id === tableId);
        const mineAfter = (
          games.ubongo?.view(after?.state, { role: "spectator" }) as UbongoView | undefined
        )?.seats.find((s) => s.seat === seat);
        // The last tile dropped covered the card: the claim went in from the token positions alone.
        expect(mineAfter?.place !== null || after?.version !== record.version).toBe(true);
        claimsByDrag++;
        await r20.advance(3_000);
      }
      const final = tables(r20).find((t) => t.id === tableId) ?? root(r20).archives?.at(-1);
      expect(restarted).toBe(true);
      expect(timedOut).toBe(true);
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
});
