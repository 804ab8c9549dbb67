/**
 * Ubongo on Roll20 pages, as the tests play it: the GM's pages and setup, the player who "solves" a
 * card with the rules' own solution and lays it tile by tile by dragging and turning tokens, a whole
 * race, and what must hold of the pages after every step (no page or tile of one player another's).
 */
import { expect } from "vitest";
import { placementOfPiece, traySide } from "../../src/apps/ubongo/context";
import { apps, games } from "../../src/games";
import { PUZZLES_KEY, type PuzzleRecord } from "../../src/roll20/puzzle-pages";
import { tilePath } from "../../src/roll20/puzzle-geometry";
import type { Piece, UbongoView } from "../../src/rules/ubongo";
import type { TableRecord } from "../../src/table/store";
import { updateOf } from "./board-helpers";
import { ALICE, BOB, ChatReader, GM, click, root, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

export function drawn(r20: FakeRoll20, tableId: string): PuzzleRecord | undefined {
  return (root(r20).extras?.[PUZZLES_KEY] as Record<string, PuzzleRecord> | undefined)?.[tableId];
}

export function pages(r20: FakeRoll20): Record<string, string> | false {
  return r20.objects.get("root")?.object.get("playerspecificpages") as Record<string, string> | false;
}

export async function openRace(
  r20: FakeRoll20,
  extra = "",
): Promise<{ tableId: string; pageOf: Record<string, string> }> {
  const pageOf = { [ALICE]: r20.addPage("Race 1"), [BOB]: r20.addPage("Race 2") };
  r20.type(GM, `!cantina new ubongo ${ALICE} ${BOB} hourglass=120${extra}`);
  await r20.settle();
  const tableId = tables(r20)[0]?.id ?? "";
  r20.type(GM, `!cantina setup ${tableId} Race`);
  await r20.settle();
  return { tableId, pageOf };
}

/** The solution the rules know for a seat's card (the test "solves" it), as pieces. */
export function solution(record: TableRecord, seat: string): Piece[] | null {
  const claim = games.ubongo?.legalMoves(record.state, seat).find((m) => (m as { type?: string }).type === "claim");
  return (claim as { pieces?: Piece[] } | undefined)?.pieces ?? null;
}

/**
 * A player lays one piece by hand: turns the tile with its rotation handle a little off the right
 * angle and drops it a little off the squares (the script snaps it).
 */
export function layByHand(r20: FakeRoll20, record: TableRecord, user: string, piece: Piece, jitter: number): void {
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
export function expectPagesApart(r20: FakeRoll20, tableId: string, pageOf: Record<string, string>): void {
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

export interface Race {
  readonly restarted: boolean;
  readonly timedOut: boolean;
  readonly claimsByDrag: number;
}

/**
 * Plays a race of Alice and Bob to its end by tile moves: each solves by laying tiles, except Bob in
 * round 2, on whom the hourglass runs out (with `restart`, the sandbox restarts while it runs).
 */
export async function playRace(
  r20: FakeRoll20,
  tableId: string,
  afterStep: () => void,
  restart: boolean,
): Promise<Race> {
  const reader = new ChatReader(r20);
  let restarted = !restart;
  let timedOut = false;
  let claimsByDrag = 0;
  for (let step = 0; step < 400; step++) {
    const record = tables(r20).find((t) => t.id === tableId);
    if (!record || games.ubongo?.status(record.state).over) break;
    afterStep();
    const view = games.ubongo?.view(record.state, { role: "spectator" }) as UbongoView;
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
      if (view.round === 2 && !restarted) {
        // Mid-round, the hourglass running: Roll20 restarts the sandbox (memory and timers gone).
        await r20.advance(30_000);
        r20.restart();
        restarted = true;
        await r20.settle();
        afterStep();
      }
      timedOut ||= view.round === 2;
      // The hourglass is re-armed from `state` after the restart: it runs out with nobody acting.
      await r20.advance(100_000);
      continue;
    }
    const seat = record.seats.find((s) => s.userId === solver)?.seat ?? "";
    const pieces = solution(record, seat);
    if (!pieces) throw new Error("no solution");
    pieces.forEach((piece, i) => layByHand(r20, record, solver, piece, i % 2 === 0 ? 9 : -12));
    await r20.settle();
    const after = tables(r20).find((t) => t.id === tableId);
    const mineAfter = (games.ubongo?.view(after?.state, { role: "spectator" }) as UbongoView | undefined)?.seats.find(
      (s) => s.seat === seat,
    );
    // The last tile dropped covered the card: the claim went in from the token positions alone.
    expect(mineAfter?.place !== null || after?.version !== record.version).toBe(true);
    claimsByDrag++;
    await r20.advance(3_000);
  }
  return { restarted, timedOut, claimsByDrag };
}
