/** What anyone is told of a table waiting for its players: who sat down or declined (not the GM's spec). */
import type { LobbySummary } from "../../protocol";
import type { TableRecord } from "../../store";
import type { SummaryFields } from "../contract";

export const lobbyFields = (_ctx: unknown, record: TableRecord): SummaryFields =>
  record.lobby ? { lobby: lobbySummary(record.lobby) } : {};

/** The lobby as anyone may know it (without the GM's spec: its options are the game's business). */
function lobbySummary(lobby: NonNullable<TableRecord["lobby"]>): LobbySummary {
  return { seated: lobby.seated, declined: lobby.declined, version: lobby.version, by: lobby.by };
}
