/** The runtime check of the table-flow requests (`away`, `skip`, `undo`) and of a table spec's turn clock. */
import { isRecord } from "../rules/core";
import type { TimeRequest, TurnClockOptions, UndoRequest } from "./protocol";

const isIdText = (x: unknown): x is string =>
  typeof x === "string" && x.length > 0 && x.length <= 200 && !(x in Object.prototype);
const isInt = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x);

/** A turn clock's shape (its bounds are the host's check, with a message naming them). */
export function isTurnClock(x: unknown): x is TurnClockOptions {
  return isRecord(x) && isInt(x.turnSeconds) && isInt(x.botAfterSeconds) && Object.keys(x).length === 2;
}

export function parseTimeRequest(raw: Record<string, unknown>): TimeRequest | UndoRequest | null {
  switch (raw.type) {
    case "away":
      return isIdText(raw.tableId) && isIdText(raw.seat) && typeof raw.away === "boolean"
        ? { type: "away", tableId: raw.tableId, seat: raw.seat, away: raw.away }
        : null;
    case "skip":
      return isIdText(raw.tableId) && isIdText(raw.seat)
        ? { type: "skip", tableId: raw.tableId, seat: raw.seat }
        : null;
    case "undo":
      return isIdText(raw.tableId) && isInt(raw.version) && raw.version >= 0
        ? { type: "undo", tableId: raw.tableId, version: raw.version }
        : null;
    default:
      return null;
  }
}
