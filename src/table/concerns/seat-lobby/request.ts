/** The seat lobby's wire schemas (`sit-down`, `lobby-start`; valibot); ../requests.ts joins them into the one request schema. */
import * as v from "valibot";
import { Id, Name, Version, request } from "../../wire-schema";

/**
 * `sit-down`: a player sits down at the seat they are invited to, or at an open seat (`sit: true`),
 * or declines their invitation / stands up again before the start (`sit: false`), at the lobby's version;
 * `name` is the name an open seat takes (absent: the user's id).
 */
export const SitDownSchema = request({
  type: v.literal("sit-down"),
  tableId: Id,
  seat: Id,
  sit: v.boolean(),
  version: Version,
  name: v.optional(Name),
});
/** `lobby-start`: a GM starts now, a bot (the game's first) in every seat nobody sat down at. */
export const LobbyStartSchema = request({ type: v.literal("lobby-start"), tableId: Id });

export const seatLobbyRequests = [SitDownSchema, LobbyStartSchema] as const;

export type SitDownRequest = v.InferOutput<typeof SitDownSchema>;
export type SeatLobbyRequest = v.InferOutput<(typeof seatLobbyRequests)[number]>;
