/** The wire schemas of the seat lobby's requests (`sit-down`, `lobby-start`) and of `watch` (valibot). */
import * as v from "valibot";
import { Id, Name, Version, request } from "./wire-schema";

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
/** `watch`: a user says they opened (`watching: true`) or closed a table's window. */
export const WatchSchema = request({ type: v.literal("watch"), tableId: Id, watching: v.boolean() });
