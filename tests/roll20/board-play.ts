/**
 * A board game on a Roll20 page played by dragging tokens (a roll or a pass, which no piece makes, by
 * its chat button), with a sandbox restart in the middle; after every step the tokens stand where the
 * public board has the pieces. For tests/roll20/boards.test.ts and its soak run to the end.
 */
import { expect } from "vitest";
import { games, markets } from "../../src/games";
import { boardFor, boardMoves, drawnBoard, publicDrawing } from "./board-helpers";
import { ALICE, BOB, ChatReader, Chooser, GM, buttonsIn, click, night, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";
import type { TableRecord } from "../../src/table/store";
import { PUBLIC_USER } from "../../src/roll20/publish";

/** Every piece of the public board has a token on its spot, and no token stands for nothing. */
function expectTokensOnPieces(r20: FakeRoll20, record: TableRecord): void {
  const drawn = drawnBoard(r20, record.id);
  const drawing = publicDrawing(r20, record);
  expect(drawn?.pieces.length).toBe(drawing.pieces.length);
  for (const piece of drawing.pieces) {
    const token = drawn?.pieces.find((p) => p.at === piece.at && p.owner === piece.owner);
    expect(token, `a token on ${piece.at}`).toBeDefined();
    const object = r20.objects.get(token?.id ?? "")?.object;
    expect(object?.removed).toBe(false);
    expect(Math.abs(Number(object?.get("left")) - piece.centre.x)).toBeLessThan(20);
    expect(Math.abs(Number(object?.get("top")) - piece.centre.y)).toBeLessThan(20);
  }
}

export async function openBoard(r20: FakeRoll20, gameId: string): Promise<{ tableId: string; pageId: string }> {
  const pageId = r20.addPage("Cantina Board");
  // The players are on the board's page (a drag can be theirs only there).
  r20.moveRibbon(pageId);
  const extra = Object.keys(markets).includes(gameId) ? " betting=10" : "";
  if (extra) {
    r20.type(GM, "!cantina event 1000 Night");
    await r20.settle();
  }
  r20.type(GM, `!cantina new ${gameId} ${ALICE} ${BOB}${extra}`);
  await r20.settle();
  const tableId = tables(r20).find((t) => t.gameId === gameId)?.id ?? "";
  r20.type(GM, `!cantina setup ${tableId} Cantina Board`);
  await r20.settle();
  return { tableId, pageId };
}

/**
 * Sets up `gameId`'s board on a page of a new sandbox running `script` and plays up to `maxSteps`
 * steps (drags or chat buttons, the restart one of them); whether the game is over at the end.
 */
export async function playBoardByTokens(script: string, gameId: string, maxSteps: number): Promise<boolean> {
  const r20 = night(script);
  const { tableId, pageId } = await openBoard(r20, gameId);
  const game = games[gameId];
  if (!game) throw new Error(gameId);
  const first = tables(r20).find((t) => t.id === tableId);
  if (!first) throw new Error("no table");
  // The board: one path per cell (a split tile's half one more) and two per tray (its box, its owner's strip)
  // on the map layer of the named page.
  const cells = publicDrawing(r20, first);
  const paths = r20.onPage("path", pageId).filter((p) => p.get("layer") === "map");
  expect(paths.length).toBe(cells.cells.length + cells.cells.filter((c) => c.split).length + 2 * cells.trays.length);
  expectTokensOnPieces(r20, first);
  // Each piece is controlled by its seat's player only, and carries nothing in name or notes.
  for (const token of drawnBoard(r20, tableId)?.pieces ?? []) {
    const object = r20.objects.get(token.id)?.object;
    expect([ALICE, BOB]).toContain(object?.get("controlledby"));
    expect(object?.get("name") ?? "").toBe("");
    expect(object?.get("gmnotes") ?? "").toBe("");
  }

  const choose = new Chooser(gameId.length * 131);
  const reader = new ChatReader(r20);
  let restarted = false;
  let drags = 0;
  for (let step = 0; step < maxSteps; step++) {
    const record = tables(r20).find((t) => t.id === tableId);
    if (!record || game.status(record.state).over) break;
    if (!restarted && record.version >= 6) {
      r20.restart();
      restarted = true;
      await r20.settle();
      continue;
    }
    const shown = boardFor(r20, record, PUBLIC_USER);
    const acting = game
      .status(record.state)
      .toAct.map((seat) => record.seats.find((s) => s.seat === seat)?.userId ?? null)
      .filter((u): u is string => u !== null);
    const mover = acting
      .map((user) => ({
        user,
        // A move in place (Defiance's stay or turn) is no drag: it is played by its chat button.
        moves: shown ? boardMoves(boardFor(r20, record, user) ?? shown, shown).filter((m) => m.from !== m.to) : [],
      }))
      .find((x) => x.moves.length > 0);
    if (mover) {
      const move = choose.pick(mover.moves);
      const token = drawnBoard(r20, tableId)?.pieces.find((p) => p.at === move.from);
      const target =
        [...publicDrawing(r20, record).cells, ...publicDrawing(r20, record).trays].find((c) => c.id === move.to) ??
        publicDrawing(r20, record).points.find((p) => p.id === move.to);
      expect(token, `${gameId}: a token on ${move.from}`).toBeDefined();
      expect(target).toBeDefined();
      const seen = r20.chat.length;
      r20.drag(token?.id ?? "", { left: (target?.centre.x ?? 0) + 7, top: (target?.centre.y ?? 0) - 5 });
      await r20.advance(3_000);
      // A move with a follow-up choice (attack or not, a facing) is whispered as buttons.
      const choice = r20.chat
        .slice(seen)
        .filter((m) => m.to !== "all" && m.to.includes(mover.user))
        .flatMap((m) => buttonsIn(m.content))
        .find((b) => b.command.startsWith("!cantina drop "));
      if (choice) {
        click(r20, mover.user, choice);
        await r20.advance(3_000);
      }
      const after = tables(r20).find((t) => t.id === tableId);
      expect(after === undefined || after.version > record.version, `${gameId}: the drop was played`).toBe(true);
      drags++;
    } else {
      const withButtons = acting
        .map((user) => ({ user, buttons: reader.moveButtons(user, tableId, record.version) }))
        .find((x) => x.buttons.length > 0);
      if (withButtons) click(r20, withButtons.user, choose.pick(withButtons.buttons));
      await r20.advance(withButtons ? 3_000 : 5_000);
    }
    const now = tables(r20).find((t) => t.id === tableId);
    if (now) expectTokensOnPieces(r20, now);
  }
  const end = tables(r20).find((t) => t.id === tableId);
  expect(restarted).toBe(true);
  expect(drags).toBeGreaterThan(3);
  return end === undefined || game.status(end.state).over;
}
