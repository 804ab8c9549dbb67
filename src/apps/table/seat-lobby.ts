/**
 * The seat lobby's part of a window in both hosts (issue 27; templates/table/seat-lobby.hbs): who sat
 * down, who is awaited, "Sit down" / "Decline" / "Stand up" for the viewer, the GM's "Start now"; and who is watching.
 */
import type { HostReply, TableUpdate } from "../../table/protocol";

/** A user a host knows by id and name (tables.ts's KnownUser, which imports this file). */
interface KnownUser {
  readonly id: string;
  readonly name: string;
}

/** The lobby operations a window button asks for (its `data-op`); all but the start are a player's own. */
export type LobbyTableOp = "sit-down" | "decline" | "stand-up" | "lobby-start";
export const LOBBY_TABLE_OPS: readonly LobbyTableOp[] = ["sit-down", "decline", "stand-up", "lobby-start"];
export const PLAYER_LOBBY_OPS: ReadonlySet<string> = new Set<LobbyTableOp>(["sit-down", "decline", "stand-up"]);

export interface LobbySeatRow {
  readonly seat: string;
  readonly name: string;
  /** What the seat waits for: a bot plays it, its player sat down, its invited player, anyone, or it was declined. */
  readonly state: "bot" | "seated" | "invited" | "open";
  readonly stateKey: string;
  /** Who declined it ("" none): it is open since. */
  readonly declinedBy: string;
  readonly canSit: boolean;
  readonly canDecline: boolean;
  readonly canStand: boolean;
}

export interface SeatLobbyContext {
  readonly tableId: string;
  /** How many person seats are still awaited, and the words for it. */
  readonly waiting: number;
  readonly waitingKey: string;
  readonly seats: readonly LobbySeatRow[];
  readonly canStart: boolean;
  /** The GM may end it from here (Foundry's window has "End" in its header). */
  readonly canEnd: boolean;
}

const nameOf = (users: readonly KnownUser[], id: string): string => users.find((u) => u.id === id)?.name ?? id;

/**
 * The lobby as this viewer sees it, or null once the game has started. A viewer may sit at the seat
 * they are invited to or at an open one (while they sit nowhere else), and decline their invitation.
 */
export function seatLobbyContext(
  update: TableUpdate,
  o: { readonly isGM: boolean; readonly showEnd?: boolean; readonly users?: readonly KnownUser[] },
): { seatLobby: SeatLobbyContext } | null {
  const lobby = update.table.lobby;
  if (!lobby) return null;
  const users = o.users ?? [];
  const mine = update.seat;
  const sitting = mine !== null && lobby.seated.includes(mine);
  const seats = update.table.seats.map((s): LobbySeatRow => {
    const seated = lobby.seated.includes(s.seat);
    const state = s.kind === "bot" ? "bot" : seated ? "seated" : s.userId === null ? "open" : "invited";
    const declined = lobby.declined.find((d) => d.seat === s.seat);
    const own = s.seat === mine;
    return {
      seat: s.seat,
      name: s.name,
      state,
      stateKey: `CANTINA.SeatLobby.State.${state}`,
      declinedBy: declined && state === "open" ? nameOf(users, declined.user) : "",
      canSit: (state === "invited" && own) || (state === "open" && !sitting),
      canDecline: state === "invited" && own,
      canStand: state === "seated" && own,
    };
  });
  const waiting = seats.filter((s) => s.state === "invited" || s.state === "open").length;
  return {
    seatLobby: {
      tableId: update.table.id,
      waiting,
      waitingKey: waitingKey(waiting),
      seats,
      canStart: o.isGM,
      canEnd: o.isGM && o.showEnd !== false,
    },
  };
}

/** "Waiting for 1 player" / "Waiting for 3 players". */
export const waitingKey = (count: number): string =>
  count === 1 ? "CANTINA.SeatLobby.WaitingOne" : "CANTINA.SeatLobby.Waiting";

/** Who is watching, by name, for everyone who sees the table (the host lists only users who may see it). */
export function watchersContext(
  update: TableUpdate,
  users: readonly KnownUser[] = [],
): { watchers: { readonly tableId: string; readonly names: string; readonly count: number } } {
  const ids = update.table.watchers ?? [];
  return {
    watchers: { tableId: update.table.id, names: ids.map((id) => nameOf(users, id)).join(", "), count: ids.length },
  };
}

/** The request a lobby button sends through the client. */
export function sendLobbyOp(
  client: {
    sitDown(tableId: string, seat: string, sit: boolean): Promise<HostReply>;
    startLobby(tableId: string): Promise<HostReply>;
  },
  op: LobbyTableOp,
  tableId: string,
  seat: string,
): Promise<HostReply> {
  return op === "lobby-start" ? client.startLobby(tableId) : client.sitDown(tableId, seat, op === "sit-down");
}
