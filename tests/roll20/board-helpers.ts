/**
 * What a test player sees of a drawn board: their own board (the moves they may make, as the host
 * builds their update), the public drawing the tokens stand on, and the tokens the script keeps in
 * `state`. Used to play whole matches by dragging tokens in the sandbox stand-in.
 */
import type { BoardContext } from "../../src/apps/board/context";
import { apps, bots, games, markets } from "../../src/games";
import { BOARDS_KEY, type BoardRecord } from "../../src/roll20/board-pages";
import { type Drawing, drawingOf } from "../../src/roll20/board-geometry";
import { PUBLIC_USER } from "../../src/roll20/publish";
import type { OpContext } from "../../src/table/context";
import type { TableUpdate } from "../../src/table/protocol";
import type { TableRecord } from "../../src/table/store";
import { emptyLedger } from "../../src/table/ledger";
import { CONCERNS } from "../../src/table/concerns";
import { tableUpdate } from "../../src/table/updates";
import { GM, root } from "./harness";
import type { FakeRoll20 } from "./sandbox";

/** The games that draw a board (the hook the canvas uses too). */
export const BOARD_GAMES = Object.values(apps)
  .filter((a) => a.boardContext !== undefined)
  .map((a) => a.gameId);

/** The update is built only to read it: no die is rolled. */
const noDice: OpContext["random"] = {
  die: () => {
    throw new Error("no die is rolled to read an update");
  },
};

/** The update `user` gets of the table now, as the host builds it. */
export function updateOf(r20: FakeRoll20, record: TableRecord, user: string): TableUpdate | null {
  const ctx = {
    games,
    bots,
    markets,
    hostUser: "roll20-api",
    isGM: (u: string) => u === GM,
    now: () => r20.clock,
    newId: () => "unused",
    random: noDice,
    bettingRandom: noDice,
  } as unknown as OpContext;
  return tableUpdate(ctx, CONCERNS, { ledger: root(r20).ledger ?? emptyLedger() }, record, user, 0);
}

/** The board `user` sees of the table now, as the host builds their update. */
export function boardFor(r20: FakeRoll20, record: TableRecord, user: string): BoardContext | null {
  const update = updateOf(r20, record, user);
  return update ? (apps[record.gameId]?.boardContext?.(update) ?? null) : null;
}

export function publicDrawing(r20: FakeRoll20, record: TableRecord): Drawing {
  const board = boardFor(r20, record, PUBLIC_USER);
  if (!board) throw new Error("no board");
  return drawingOf(board);
}

/** The drawn board of a table as kept in `state`. */
export function drawnBoard(r20: FakeRoll20, tableId: string): BoardRecord | undefined {
  const boards = root(r20).extras?.[BOARDS_KEY] as Record<string, BoardRecord> | undefined;
  return boards?.[tableId];
}

/** Every (from, to) the user's own board offers, in the public drawing's ids (a tray's id differs per viewer). */
export function boardMoves(own: BoardContext, shown: BoardContext): { from: string; to: string }[] {
  const toPublic = (id: string): string => {
    const tray = own.trays.find((t) => t.id === id);
    return tray ? (shown.trays.find((t) => t.owner === tray.owner && t.labelKey === tray.labelKey)?.id ?? id) : id;
  };
  return [...own.cells, ...own.points, ...own.trays].flatMap((target) =>
    target.destFor
      .split(" ")
      .filter((f) => f !== "")
      .map((from) => ({ from: toPublic(from), to: toPublic(target.id) })),
  );
}
