/**
 * The seat lobby and the watchers list as they travel between a table client and the host
 * (ops/seat-lobby.ts, watchers.ts; issue 27): invited players sit down themselves before the game starts.
 */
import type { SeatId } from "../rules/core";

/** A table waiting for its players (TableRecord.lobby): who sat down, who declined, and its own count of changes. */
export interface SeatLobby {
  /** The seats whose player has sat down (an open seat taken names its player in the record's seats). */
  readonly seated: readonly SeatId[];
  /** Seats whose invited player declined (the seat is open then), with who declined. */
  readonly declined: readonly { readonly seat: SeatId; readonly user: string }[];
  /** Counts the lobby's changes; a sit-down names the count it saw (the table's version stays 0 until the start). */
  readonly version: number;
  /** The GM who opened the table (the author of the start's ledger entries). */
  readonly by: string;
}

/** What anyone may know of a table's lobby (TableSummary.lobby). */
export type LobbySummary = SeatLobby;

/**
 * `sit-down`: a player sits down at the seat they are invited to, or at an open seat (`sit: true`),
 * or declines their invitation / stands up again before the start (`sit: false`), at the lobby's version.
 * `lobby-start`: a GM starts now, a bot (the game's first) in every seat nobody sat down at.
 * `watch`: a user says they opened (`watching: true`) or closed a table's window.
 */
export type LobbyRequest =
  | {
      readonly type: "sit-down";
      readonly tableId: string;
      readonly seat: string;
      readonly sit: boolean;
      readonly version: number;
      /** The name an open seat takes (absent: the user's id). */
      readonly name?: string;
    }
  | { readonly type: "lobby-start"; readonly tableId: string }
  | { readonly type: "watch"; readonly tableId: string; readonly watching: boolean };

export const LobbyErrors = {
  notInvited: "CANTINA.SeatLobby.Error.NotInvited",
  seatTaken: "CANTINA.SeatLobby.Error.SeatTaken",
  alreadySeated: "CANTINA.SeatLobby.Error.AlreadySeated",
  notWaiting: "CANTINA.SeatLobby.Error.NotWaiting",
  notStarted: "CANTINA.SeatLobby.Error.NotStarted",
} as const;
