/** What every game's help template starts from: the table (for ids) and the game's name key. */
import type { TableUpdate } from "../../table/protocol";

export function helpBasics(update: TableUpdate): { help: { tableId: string; gameKey: string; gameId: string } } {
  return {
    help: { tableId: update.table.id, gameKey: `CANTINA.Games.${update.table.gameId}`, gameId: update.table.gameId },
  };
}
