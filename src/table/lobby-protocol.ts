/**
 * The seat lobby and the watchers list as they travel between a table client and the host
 * (concerns/seat-lobby, concerns/watchers; issue 27): invited players sit down themselves before the game starts.
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

/** The seat lobby's requests and `watch`: their types are the concerns' own, inferred from their wire schemas. */
export type { SeatLobbyRequest, SitDownRequest } from "./concerns/seat-lobby/request";
export type { WatchRequest } from "./concerns/watchers/request";

export const LobbyErrors = {
  notInvited: "CANTINA.SeatLobby.Error.NotInvited",
  seatTaken: "CANTINA.SeatLobby.Error.SeatTaken",
  alreadySeated: "CANTINA.SeatLobby.Error.AlreadySeated",
  notWaiting: "CANTINA.SeatLobby.Error.NotWaiting",
  notStarted: "CANTINA.SeatLobby.Error.NotStarted",
} as const;

/** Any of the seat lobby's codes. */
export type LobbyErrorCode = (typeof LobbyErrors)[keyof typeof LobbyErrors];
