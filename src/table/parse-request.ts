/**
 * The runtime check of every request a client sends: its envelope, ids that no object inherits, and
 * numbers and names within bounds. The move inside an intent is checked by its game.
 */
import { isRecord } from "../rules/core";
import type { ClientRequest, TableSpec } from "./protocol";
import { isTurnClock, parseTimeRequest } from "./parse-time-request";
import { parseLobbyRequest } from "./parse-lobby-request";

/**
 * A GM's free text as stored: control characters become spaces and lone surrogates U+FFFD, so
 * that each UTF-16 unit takes at most 3 bytes in JSON (what `LedgerSizes.reason` allows).
 */
export function plainText(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) out += " ";
    else if (code >= 0xd800 && code <= 0xdfff) out += "\ufffd";
    else out += ch;
  }
  return out;
}

/** An id from outside: never a name an object inherits (`__proto__`, `constructor`, `toString`…). */
export const isId = (x: unknown): x is string =>
  typeof x === "string" && x.length > 0 && x.length <= 200 && !(x in Object.prototype);
const isInt = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x);
const isName = (x: unknown): x is string => typeof x === "string" && x.trim().length > 0 && x.length <= 100;

function isSeatSpec(x: unknown): boolean {
  if (!isRecord(x)) return false;
  return (
    typeof x.name === "string" &&
    x.name.length <= 100 &&
    (x.kind === "person" || x.kind === "bot") &&
    (x.userId === null || isId(x.userId)) &&
    (x.account === undefined || isId(x.account)) &&
    (x.botLevel === undefined || isId(x.botLevel)) &&
    (x.stake === undefined || (typeof x.stake === "number" && Number.isSafeInteger(x.stake) && x.stake >= 0))
  );
}

/** Checks the envelope of a request; the move inside is checked by its game. */
export function parseRequest(raw: unknown): ClientRequest | null {
  if (!isRecord(raw)) return null;
  if (raw.requestId !== undefined && !isId(raw.requestId)) return null;
  const body = parseBody(raw);
  return body && isId(raw.requestId) ? { ...body, requestId: raw.requestId } : body;
}

function parseBody(raw: Record<string, unknown>): ClientRequest | null {
  switch (raw.type) {
    case "intent":
      return isId(raw.tableId) &&
        isInt(raw.version) &&
        raw.version >= 0 &&
        "move" in raw &&
        (raw.seat === undefined || isId(raw.seat))
        ? {
            type: "intent",
            tableId: raw.tableId,
            version: raw.version,
            move: raw.move,
            ...(isId(raw.seat) ? { seat: raw.seat } : {}),
          }
        : null;
    case "sync":
      if (raw.tableId === undefined) return { type: "sync" };
      return isId(raw.tableId) ? { type: "sync", tableId: raw.tableId } : null;
    case "create": {
      const spec = raw.spec;
      if (!isRecord(spec) || !isId(spec.gameId) || !Array.isArray(spec.seats) || !spec.seats.every(isSeatSpec))
        return null;
      if (spec.eventId !== undefined && !isId(spec.eventId)) return null;
      if (spec.betting !== undefined && !(isRecord(spec.betting) && isInt(spec.betting.winnerShare))) return null;
      if (spec.turnClock !== undefined && !isTurnClock(spec.turnClock)) return null;
      if (spec.undo !== undefined && typeof spec.undo !== "boolean") return null;
      if (spec.sitDown !== undefined && typeof spec.sitDown !== "boolean") return null;
      return { type: "create", spec: spec as unknown as TableSpec };
    }
    case "end":
      return isId(raw.tableId) ? { type: "end", tableId: raw.tableId } : null;
    case "rematch":
      return isId(raw.tableId) ? { type: "rematch", tableId: raw.tableId } : null;
    case "replay":
      return isId(raw.tableId) &&
        (raw.from === undefined || (isInt(raw.from) && raw.from >= 0)) &&
        (raw.count === undefined || (isInt(raw.count) && raw.count >= 1))
        ? {
            type: "replay",
            tableId: raw.tableId,
            ...(isInt(raw.from) ? { from: raw.from } : {}),
            ...(isInt(raw.count) ? { count: raw.count } : {}),
          }
        : null;
    case "pause":
      return isId(raw.tableId) && typeof raw.paused === "boolean"
        ? { type: "pause", tableId: raw.tableId, paused: raw.paused }
        : null;
    case "seat-bot":
      return isId(raw.tableId) && isId(raw.seat) && typeof raw.bot === "boolean"
        ? { type: "seat-bot", tableId: raw.tableId, seat: raw.seat, bot: raw.bot }
        : null;
    case "remove-player":
      return isId(raw.tableId) && isId(raw.seat)
        ? { type: "remove-player", tableId: raw.tableId, seat: raw.seat }
        : null;
    case "seat-user":
      return isId(raw.tableId) && isId(raw.seat) && isId(raw.userId)
        ? { type: "seat-user", tableId: raw.tableId, seat: raw.seat, userId: raw.userId }
        : null;
    case "play-again":
      return isId(raw.tableId) && isInt(raw.version) && raw.version >= 0
        ? { type: "play-again", tableId: raw.tableId, version: raw.version }
        : null;
    case "event-create":
      return isName(raw.name) && isInt(raw.startingCredits) && raw.startingCredits >= 0
        ? { type: "event-create", name: raw.name.trim(), startingCredits: raw.startingCredits }
        : null;
    case "event-join":
      return isId(raw.eventId) && isId(raw.account) && isName(raw.name)
        ? { type: "event-join", eventId: raw.eventId, account: raw.account, name: raw.name.trim() }
        : null;
    case "ledger-adjust":
      // An empty reason is well-formed; the host refuses it with its own message.
      return isId(raw.eventId) &&
        isId(raw.account) &&
        isInt(raw.credits) &&
        isInt(raw.luck) &&
        typeof raw.reason === "string" &&
        raw.reason.length <= 500
        ? {
            type: "ledger-adjust",
            eventId: raw.eventId,
            account: raw.account,
            credits: raw.credits,
            luck: raw.luck,
            reason: plainText(raw.reason).trim(),
          }
        : null;
    case "side-bet":
      return isId(raw.tableId) && isId(raw.pool) && isId(raw.outcome) && isInt(raw.amount)
        ? { type: "side-bet", tableId: raw.tableId, pool: raw.pool, outcome: raw.outcome, amount: raw.amount }
        : null;
    default:
      return parseTimeRequest(raw) ?? parseLobbyRequest(raw);
  }
}
