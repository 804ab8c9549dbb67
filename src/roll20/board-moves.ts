/**
 * A move made on a drawn board, as a chat button's: the mover's own board names it (a tray's id
 * differs per viewer), the game's "board-move" action turns it into the rules' move, and the same
 * TableHost request as a button checks it. Roll20-free: the caller says who moved.
 */
import type { BoardChoice, BoardContext } from "../apps/board/context";
import { apps } from "../games";
import type { TableHost } from "../table/host";
import { type HostReply, type TableUpdate, type UserId, Errors } from "../table/protocol";
import { PUBLIC_USER } from "./publish";
import { refuse } from "../rules/core";

export const BoardErrors = {
  noBoard: "CANTINA.Roll20.Board.Error.NoBoard",
  noPage: "CANTINA.Roll20.Board.Error.NoPage",
  offBoard: "CANTINA.Roll20.Board.Error.OffBoard",
  botPiece: "CANTINA.Roll20.Board.Error.BotPiece",
  badArt: "CANTINA.Roll20.Board.Error.BadArt",
} as const;

/** A tray's id in another viewer's board (Ulwan's own "hand" is "hand-0" to others); cells keep theirs. */
export function trayIdIn(id: string, from: BoardContext, to: BoardContext): string {
  const tray = from.trays.find((t) => t.id === id);
  return tray ? (to.trays.find((t) => t.owner === tray.owner && t.labelKey === tray.labelKey)?.id ?? id) : id;
}

/** The public board of a table (the spectator's view: no hidden part, no flip): what the page shows. */
export function publicBoard(host: TableHost, tableId: string): { update: TableUpdate; board: BoardContext } | null {
  const record = host.record(tableId);
  const update = record ? host.updateFor(record, PUBLIC_USER, record.version) : null;
  const board = update ? (apps[update.table.gameId]?.boardContext?.(update) ?? null) : null;
  return update && board ? { update, board } : null;
}

export interface BoardMoveAsked {
  readonly mover: UserId;
  readonly tableId: string;
  readonly version: number;
  /** Public ids (the drawing's). */
  readonly from: string;
  readonly to: string;
  /** The follow-up choice's index, when the move has several (null: none chosen yet). */
  readonly choice: number | null;
}

/**
 * Plays `asked`; a move with follow-up choices and none chosen changes nothing and hands the
 * choices to `whisperChoices` (the mover picks one with a button).
 */
export async function playBoardMove(
  host: TableHost,
  asked: BoardMoveAsked,
  whisperChoices: (choices: readonly BoardChoice[]) => void,
): Promise<HostReply> {
  const { mover, tableId, version, from, to, choice } = asked;
  // The host's own checks of a move (the seat, the turn, the version) before the board is read.
  const checked = host.checkTurn(mover, tableId, version);
  if (!checked.ok) return checked;
  const { record } = checked;
  const update = host.updateFor(record, mover, record.version);
  const app = apps[record.gameId];
  const own = update ? (app?.boardContext?.(update) ?? null) : null;
  const shown = publicBoard(host, tableId);
  if (!app || !update || !own || !shown) return refuse(BoardErrors.noBoard);
  const [f, t] = [trayIdIn(from, shown.board, own), trayIdIn(to, shown.board, own)];
  const offer = own.moves.find((m) => m.from === f && m.to === t);
  const choices = offer?.choices ?? [];
  const chosen = choice === null ? undefined : choices[choice];
  if (choices.length > 0 && chosen === undefined) {
    whisperChoices(choices);
    return { ok: true };
  }
  const offered = offer !== undefined;
  const id = offer?.id;
  const data: Record<string, string> = { action: "board-move", from: f, to: t };
  if (chosen !== undefined) data.id = chosen.id;
  else if (id !== undefined) data.id = id;
  if (!offered) data.refused = "true";
  const action = app.actions["board-move"];
  if (!action) return refuse(BoardErrors.noBoard);
  const result = action({ data, fields: {} }, update);
  if (!result.ok) return result;
  if (!("move" in result)) return refuse(Errors.failed);
  return host.handle(mover, { type: "intent", tableId, version, move: result.move });
}
