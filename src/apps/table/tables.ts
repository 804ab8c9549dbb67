/**
 * What both hosts show of tables outside their game's parts: the rows of the table list, who a
 * window's viewer is (their seat's name, the GM, or a spectator), and the window's table controls
 * (templates/table/controls.hbs: the pause notice, the help button, the GM's operations).
 */
import type { HostReply, TableUpdate } from "../../table/protocol";
import type { Localizer } from "../core/i18n";
import { seatNames } from "../core/types";
import { type EndSummaryContext, endSummary } from "./end-summary";
import {
  PLAYER_TABLE_OPS,
  TIME_TABLE_OPS,
  type TimeControlsContext,
  type TimeTableOp,
  sendTimeOp,
  timeControls,
} from "./time-controls";
import { LOBBY_TABLE_OPS, type LobbyTableOp, PLAYER_LOBBY_OPS, sendLobbyOp, waitingKey } from "./seat-lobby";

export interface TableRow {
  readonly id: string;
  readonly nameKey: string;
  readonly players: string;
  readonly over: boolean;
  readonly toAct: string;
  readonly seated: boolean;
  /** A table waiting for its players: how many it still waits for (0: started), and the words for it. */
  readonly waiting: number;
  readonly waitingKey: string;
  /** A finished table's winners, named (empty: nobody won): its row folds to this one line. */
  readonly winners: string;
}

/** One row per table this user can see; `nameKeyOf` gives each game's name key. */
export function tableRows(
  updates: Iterable<TableUpdate>,
  nameKeyOf: (gameId: string) => string | undefined,
): TableRow[] {
  const rows = [...updates].map((u) => {
    const names = seatNames(u);
    const seated = u.table.lobby?.seated;
    const awaited = seated ? u.table.seats.filter((s) => s.kind === "person" && !seated.includes(s.seat)).length : 0;
    return {
      id: u.table.id,
      nameKey: nameKeyOf(u.table.gameId) ?? u.table.gameId,
      players: u.table.seats.map((s) => s.name).join(", "),
      over: u.table.over,
      toAct: u.table.toAct.map((s) => names[s] ?? s).join(", "),
      seated: u.seat !== null,
      waiting: awaited,
      waitingKey: waitingKey(awaited),
      winners: (u.table.result?.winners ?? []).map((s) => names[s] ?? s).join(", "),
    };
  });
  // Live tables first (a GM looks for the ones still playing); each group keeps its order.
  return [...rows.filter((r) => !r.over), ...rows.filter((r) => r.over)];
}

/** Who is looking: the seat's name (with "GM" when the GM holds it), the GM, or a spectator. */
export function viewerLabel(update: TableUpdate, isGM: boolean, i18n: Localizer): string {
  const seatName = update.table.seats.find((s) => s.seat === update.seat)?.name;
  const gm = i18n.localize("CANTINA.Viewer.GM");
  if (isGM) return seatName ? `${seatName} · ${gm}` : gm;
  return seatName ?? i18n.localize("CANTINA.Viewer.Spectator");
}

/** An operation a table-controls button asks for (its `data-op`): the GM's, a player's vote to play again, and the time ops. */
export type TableOp =
  | "play-again"
  | "seat-user"
  | "rematch"
  | "pause"
  | "resume"
  | "end"
  | "seat-bot"
  | "seat-player"
  | "remove-player"
  | TimeTableOp
  | LobbyTableOp;

export const TABLE_OPS: readonly TableOp[] = [
  "play-again",
  "seat-user",
  "rematch",
  "pause",
  "resume",
  "end",
  "seat-bot",
  "seat-player",
  "remove-player",
  ...TIME_TABLE_OPS,
  ...LOBBY_TABLE_OPS,
];

/** The operations that ask the GM to confirm first, with the question's key. */
export const CONFIRM_KEYS: Readonly<Partial<Record<TableOp, string>>> = {
  rematch: "CANTINA.TableOps.RematchConfirm",
  end: "CANTINA.TableOps.EndConfirm",
  "remove-player": "CANTINA.TableOps.RemoveConfirm",
  "seat-user": "CANTINA.SeatUser.Confirm",
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
  /** The seats the GM may give to another user mid-game, each with the users it may go to. */
  readonly seatUsers: readonly SeatUserChoice[];
  /** A finished table's summary and "Play again" vote (null while the match runs). */
  readonly endSummary: EndSummaryContext | null;
  /** Turn clock and away marks (time-controls.ts). */
  readonly time: TimeControlsContext;
}

/** A user a host knows (Foundry's users, the standalone page's). */
export interface KnownUser {
  readonly id: string;
  readonly name: string;
}

/** A seat the GM may give to another user: its name, and the users it may go to. */
export interface SeatUserChoice {
  readonly seat: string;
  readonly name: string;
  readonly users: readonly KnownUser[];
}

/**
 * The seats a GM may give to another user while the match runs (not one the house staked), each
 * with the users who hold no other seat here (concerns/hand-over/hand-seat-op.ts refuses the rest with a reason).
 */
export function seatUserChoices(update: TableUpdate, users: readonly KnownUser[]): SeatUserChoice[] {
  if (update.table.over) return [];
  const seats = update.table.seats;
  return seats
    .filter((s) => s.stake === undefined)
    .map((s) => ({
      seat: s.seat,
      name: s.name,
      users: users.filter((u) => !seats.some((o) => o.kind === "person" && o.userId === u.id)),
    }))
    .filter((c) => c.users.length > 0);
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
    /** The users a GM may give a seat to (absent: none offered). */
    readonly users?: readonly KnownUser[];
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
        // A finished table shows no live notice: nobody is "away" once the match is over.
        .map((s) => ({
          seat: s.seat,
          name: s.name,
          isPerson: s.kind === "person",
          away: !update.table.over && s.awayUserId !== undefined,
        })),
      seatUsers: o.isGM ? seatUserChoices(update, o.users ?? []) : [],
      endSummary: endSummary(update),
      time: timeControls(update),
    },
  };
}

/** What a window draws again for besides a new version: a pause, a seat changing hands. */
export function tableKey(update: TableUpdate): string {
  return JSON.stringify([
    update.table.paused === true,
    update.table.playAgain ?? [],
    update.table.seats.map((s) => [s.kind, s.userId, s.awayUserId ?? null]),
    update.table.time?.away ?? [],
    update.table.lobby ?? null,
    update.table.watchers ?? [],
  ]);
}

/**
 * What a game window was drawn from, the same in every host: the table's version, its betting book
 * (a bet moves the book, not the version) and `tableKey`; `hostOwn`: what only that host draws.
 */
export function windowDrawnFor(update: TableUpdate, ...hostOwn: readonly unknown[]): string {
  return JSON.stringify([update.table.version, update.betting ?? null, tableKey(update), ...hostOwn]);
}

/** What a table's canvas board was drawn from in every host: the version, its lock, a pause (it then offers no move). */
export function boardDrawnFor(update: TableUpdate, locked: boolean): string {
  return JSON.stringify([update.table.version, locked, update.table.paused === true]);
}

/** The request a table-controls button sends through the client; `seat` for the seat operations. */
export function sendTableOp(
  client: {
    playAgain(tableId: string): Promise<HostReply>;
    rematch(tableId: string): Promise<HostReply>;
    pause(tableId: string, paused: boolean): Promise<HostReply>;
    end(tableId: string): Promise<HostReply>;
    seatBot(tableId: string, seat: string, bot: boolean): Promise<HostReply>;
    removePlayer(tableId: string, seat: string): Promise<HostReply>;
    seatUser(tableId: string, seat: string, userId: string): Promise<HostReply>;
    markAway(tableId: string, seat: string, away: boolean): Promise<HostReply>;
    skipTurn(tableId: string, seat: string): Promise<HostReply>;
    undo(tableId: string): Promise<HostReply>;
    sitDown(tableId: string, seat: string, sit: boolean): Promise<HostReply>;
    startLobby(tableId: string): Promise<HostReply>;
  },
  op: TableOp,
  tableId: string,
  seat: string,
  userId = "",
): Promise<HostReply> {
  switch (op) {
    case "play-again":
      return client.playAgain(tableId);
    case "seat-user":
      return client.seatUser(tableId, seat, userId);
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
    case "sit-down":
    case "decline":
    case "stand-up":
    case "lobby-start":
      return sendLobbyOp(client, op, tableId, seat);
  }
}

/** The user picked for a `seat-user` button: the select beside it (templates/table/controls.hbs). */
export function chosenUser(button: Element): string {
  return button.closest("[data-seat-user]")?.querySelector("select")?.value ?? "";
}

/** Only a GM may ask for it: everything but a vote to play again, a player's "I'm back", take-back and sit-down. */
export const gmOnlyTableOp = (op: TableOp): boolean =>
  op !== "play-again" && !PLAYER_TABLE_OPS.has(op) && !PLAYER_LOBBY_OPS.has(op);

export const isTableOp = (x: string | undefined): x is TableOp => TABLE_OPS.includes(x as TableOp);
