/**
 * Whose turn it is, for the turn cue both hosts show: the tables where this user's seat is to act,
 * and which of them became so since the last look (a turn that starts plays the optional sound). A
 * paused table is nobody's turn: its window shows "Paused" instead and offers no move.
 */
import type { TableUpdate } from "../../table/protocol";

/** Whether this user's seat is to act at this table now (never while the GM has it paused). */
export function isMyTurn(update: TableUpdate): boolean {
  return (
    !update.table.over &&
    update.table.paused !== true &&
    update.seat !== null &&
    update.table.toAct.includes(update.seat)
  );
}

/**
 * The update a window draws from: while the table is paused, without its moves, so that every
 * window and board offers none (the host refuses them anyway; a stale click still gets its reason).
 */
export function drawnUpdate(update: TableUpdate): TableUpdate {
  return update.table.paused === true && update.legalMoves.length > 0 ? { ...update, legalMoves: [] } : update;
}

/** Follows the tables where it is this user's turn; `look` says which turns started since the last look. */
export class TurnWatch {
  private mine = new Set<string>();

  look(updates: Iterable<TableUpdate>): { readonly turns: readonly string[]; readonly started: readonly string[] } {
    const turns = [...updates].filter(isMyTurn).map((u) => u.table.id);
    const started = turns.filter((id) => !this.mine.has(id));
    this.mine = new Set(turns);
    return { turns, started };
  }
}
