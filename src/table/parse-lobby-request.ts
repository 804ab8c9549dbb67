/** The runtime check of the seat lobby's requests (`sit-down`, `lobby-start`) and of `watch`. */
import { isRecord } from "../rules/core";
import type { LobbyRequest } from "./protocol";

const isIdText = (x: unknown): x is string =>
  typeof x === "string" && x.length > 0 && x.length <= 200 && !(x in Object.prototype);
const isName = (x: unknown): x is string => typeof x === "string" && x.trim().length > 0 && x.length <= 100;

export function parseLobbyRequest(raw: unknown): LobbyRequest | null {
  if (!isRecord(raw)) return null;
  switch (raw.type) {
    case "sit-down":
      return isIdText(raw.tableId) &&
        isIdText(raw.seat) &&
        typeof raw.sit === "boolean" &&
        typeof raw.version === "number" &&
        Number.isSafeInteger(raw.version) &&
        raw.version >= 0 &&
        (raw.name === undefined || isName(raw.name))
        ? {
            type: "sit-down",
            tableId: raw.tableId,
            seat: raw.seat,
            sit: raw.sit,
            version: raw.version,
            ...(isName(raw.name) ? { name: raw.name.trim() } : {}),
          }
        : null;
    case "lobby-start":
      return isIdText(raw.tableId) ? { type: "lobby-start", tableId: raw.tableId } : null;
    case "watch":
      return isIdText(raw.tableId) && typeof raw.watching === "boolean"
        ? { type: "watch", tableId: raw.tableId, watching: raw.watching }
        : null;
    default:
      return null;
  }
}
