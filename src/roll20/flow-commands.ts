/**
 * The table-flow chat commands (issue 27) as the host's requests: play again, take back, sit down or
 * decline, a seat to another player, away / back / skip, a waiting table started. The host checks each.
 */
import { type Result, refuse, succeed } from "../rules/core";
import type { ClientRequest, TableSpec } from "../table/protocol";
import type { Command, FlowCommand } from "./commands";

/** What a flow command needs of the campaign's players: whether one exists, and their name. */
export interface FlowPlayers {
  exists(id: string): boolean;
  name(id: string): string;
}

/** The request a flow command asks the host for, or why it is refused here (a player the campaign lacks). */
export function flowRequest(
  command: FlowCommand,
  from: string,
  players: FlowPlayers,
  noSuchPlayer: string,
): Result<{ request: ClientRequest }> {
  const tableId = command.tableId;
  switch (command.verb) {
    case "again":
      return succeed({ request: { type: "play-again", tableId, version: command.version } });
    case "undo":
      return succeed({ request: { type: "undo", tableId, version: command.version } });
    case "sit":
    case "decline":
      return succeed({
        request: {
          type: "sit-down",
          tableId,
          seat: command.seat,
          sit: command.verb === "sit",
          version: command.version,
          name: players.name(from).slice(0, 100) || from,
        },
      });
    case "seatto":
      if (!players.exists(command.playerId)) return refuse(noSuchPlayer, { id: command.playerId });
      return succeed({ request: { type: "seat-user", tableId, seat: command.seat, userId: command.playerId } });
    case "away":
    case "back":
      return succeed({ request: { type: "away", tableId, seat: command.seat, away: command.verb === "away" } });
    case "skip":
      return succeed({ request: { type: "skip", tableId, seat: command.seat } });
    case "start":
      return succeed({ request: { type: "lobby-start", tableId } });
  }
}

/** `!cantina new`'s table: its seats (a campaign's player, or a bot at a level) and its options. */
export function newTableSpec(
  command: Extract<Command, { verb: "new" }>,
  players: FlowPlayers,
  noSuchPlayer: string,
): Result<{ spec: TableSpec }> {
  const seats = [];
  for (const s of command.seats) {
    if (s === "bot" || s.startsWith("bot:")) {
      const level = s.slice(4);
      seats.push({ name: "", kind: "bot" as const, userId: null, ...(level ? { botLevel: level } : {}) });
    } else if (players.exists(s)) seats.push({ name: players.name(s), kind: "person" as const, userId: s });
    else return refuse(noSuchPlayer, { id: s });
  }
  // `betting=N` is the table's spectator betting (the winner's share, percent), not a game option.
  // `sitdown=true`: the invited players sit down themselves (the table waits: concerns/seat-lobby/).
  // `undo=true`: players may take back their last move (the menu's drop-down; concerns/undo/).
  const { betting, sitdown, undo, ...options } = command.options;
  return succeed({
    spec: {
      gameId: command.gameId,
      seats,
      options,
      ...(typeof betting === "number" ? { betting: { winnerShare: betting } } : {}),
      ...(sitdown === true ? { sitDown: true } : {}),
      ...(undo === true ? { undo: true } : {}),
    },
  });
}
