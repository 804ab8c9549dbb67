/**
 * What both hosts show of tables outside their windows: the rows of the table list, and who a
 * window's viewer is (their seat's name, the GM, or a spectator).
 */
import type { TableUpdate } from "../../table/protocol";
import type { Localizer } from "../core/i18n";
import { seatNames } from "../core/types";

export interface TableRow {
  readonly id: string;
  readonly nameKey: string;
  readonly players: string;
  readonly over: boolean;
  readonly toAct: string;
  readonly seated: boolean;
}

/** One row per table this user can see; `nameKeyOf` gives each game's name key. */
export function tableRows(
  updates: Iterable<TableUpdate>,
  nameKeyOf: (gameId: string) => string | undefined,
): TableRow[] {
  return [...updates].map((u) => {
    const names = seatNames(u);
    return {
      id: u.table.id,
      nameKey: nameKeyOf(u.table.gameId) ?? u.table.gameId,
      players: u.table.seats.map((s) => s.name).join(", "),
      over: u.table.over,
      toAct: u.table.toAct.map((s) => names[s] ?? s).join(", "),
      seated: u.seat !== null,
    };
  });
}

/** Who is looking: the seat's name (with "GM" when the GM holds it), the GM, or a spectator. */
export function viewerLabel(update: TableUpdate, isGM: boolean, i18n: Localizer): string {
  const seatName = update.table.seats.find((s) => s.seat === update.seat)?.name;
  const gm = i18n.localize("CANTINA.Viewer.GM");
  if (isGM) return seatName ? `${seatName} · ${gm}` : gm;
  return seatName ?? i18n.localize("CANTINA.Viewer.Spectator");
}
