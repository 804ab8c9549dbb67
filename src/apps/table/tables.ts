/**
 * What both hosts show of tables outside their game's parts: the rows of the table list, who a
 * window's viewer is (their seat's name, the GM, or a spectator), and the window's table controls
 * (templates/table/controls.hbs: the pause notice, the help button, the GM's operations).
 */
import type { HostReply, TableUpdate } from "../../table/protocol";
import type { Localizer } from "../core/i18n";
import { seatNames } from "../core/types";
import { TIME_TABLE_OPS, type TimeControlsContext, type TimeTableOp, sendTimeOp, timeControls } from "./time-controls";

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

/** A GM operation a table-controls button asks for (its `data-op`). */
export type TableOp =
  "rematch" | "pause" | "resume" | "end" | "seat-bot" | "seat-player" | "remove-player" | TimeTableOp;

export const TABLE_OPS: readonly TableOp[] = [
  "rematch",
  "pause",
  "resume",
  "end",
  "seat-bot",
  "seat-player",
  "remove-player",
  ...TIME_TABLE_OPS,
];

/** The operations that ask the GM to confirm first, with the question's key. */
export const CONFIRM_KEYS: Readonly<Partial<Record<TableOp, string>>> = {
  rematch: "CANTINA.TableOps.RematchConfirm",
  end: "CANTINA.TableOps.EndConfirm",
  "remove-player": "CANTINA.TableOps.RemoveConfirm",
};

export interface ControlSeat {
  readonly seat: string;
  readonly name: string;
  /** A player holds it now (it can go to a bot, or the player be removed). */
  readonly isPerson: boolean;
  /** A bot holds it for this absent player, who can have it back. */
  readonly away: boolean;
}

export interface TableControlsContext {
  readonly tableId: string;
  readonly paused: boolean;
  readonly over: boolean;
  readonly isGM: boolean;
  readonly hasHelp: boolean;
  readonly helpOpen: boolean;
  /** The game has bots to hand seats to. */
  readonly hasBots: boolean;
  /** The controls offer "End the table" (Foundry's window has its own in its header). */
  readonly showEnd: boolean;
  readonly seats: readonly ControlSeat[];
  /** Turn clock and away marks (time-controls.ts). */
  readonly time: TimeControlsContext;
}

/** The table controls of a window: for everyone the pause notice and help, for a GM the operations. */
export function tableControls(
  update: TableUpdate,
  o: {
    readonly isGM: boolean;
    readonly hasHelp: boolean;
    readonly helpOpen: boolean;
    readonly hasBots: boolean;
    readonly showEnd?: boolean;
  },
): { tableControls: TableControlsContext } {
  return {
    tableControls: {
      tableId: update.table.id,
      paused: update.table.paused === true,
      over: update.table.over,
      isGM: o.isGM,
      hasHelp: o.hasHelp,
      helpOpen: o.hasHelp && o.helpOpen,
      hasBots: o.hasBots,
      showEnd: o.showEnd !== false,
      seats: update.table.seats
        .filter((s) => s.kind === "person" || s.awayUserId !== undefined)
        .map((s) => ({ seat: s.seat, name: s.name, isPerson: s.kind === "person", away: s.awayUserId !== undefined })),
      time: timeControls(update),
    },
  };
}

/** What a window draws again for besides a new version: a pause, a seat changing hands. */
export function tableKey(update: TableUpdate): string {
  return JSON.stringify([
    update.table.paused === true,
    update.table.seats.map((s) => [s.kind, s.userId, s.awayUserId ?? null]),
    update.table.time?.away ?? [],
  ]);
}

/** The request a table-controls button sends through the client; `seat` for the seat operations. */
export function sendTableOp(
  client: {
    rematch(tableId: string): Promise<HostReply>;
    pause(tableId: string, paused: boolean): Promise<HostReply>;
    end(tableId: string): Promise<HostReply>;
    seatBot(tableId: string, seat: string, bot: boolean): Promise<HostReply>;
    removePlayer(tableId: string, seat: string): Promise<HostReply>;
    markAway(tableId: string, seat: string, away: boolean): Promise<HostReply>;
    skipTurn(tableId: string, seat: string): Promise<HostReply>;
    undo(tableId: string): Promise<HostReply>;
  },
  op: TableOp,
  tableId: string,
  seat: string,
): Promise<HostReply> {
  switch (op) {
    case "rematch":
      return client.rematch(tableId);
    case "pause":
    case "resume":
      return client.pause(tableId, op === "pause");
    case "end":
      return client.end(tableId);
    case "seat-bot":
    case "seat-player":
      return client.seatBot(tableId, seat, op === "seat-bot");
    case "remove-player":
      return client.removePlayer(tableId, seat);
    case "mark-away":
    case "back":
    case "skip":
    case "undo":
      return sendTimeOp(client, op, tableId, seat);
  }
}

export const isTableOp = (x: string | undefined): x is TableOp => TABLE_OPS.includes(x as TableOp);
