/**
 * Chat commands in: `!cantina <verb> <args…>`. Any player can type any command, so nothing here
 * names the caller (that is `msg.playerid`); this only turns text into a checked command or a
 * localized reason. Roll20 hands over chat text HTML-escaped, so entities are decoded first.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { type IdiomCommand, parseIdiomCommand } from "./idiom-parse";
import { type TournamentCommand, parseTourCommand } from "./tournament-parse";

/** The last Unicode code point (U+10FFFF): an entity past it is left as written. */
const LAST_CODE_POINT = 1_114_111;

export const COMMAND = "!cantina";
/** Longer commands are refused unread: no button writes one this long. */
export const MAX_COMMAND_LENGTH = 1000;
const MAX_TOKENS = 40;
const MAX_INT = 1_000_000_000;

export type Command =
  | { readonly verb: "help" }
  | { readonly verb: "tables" }
  | { readonly verb: "show"; readonly tableId: string }
  | {
      readonly verb: "new";
      readonly gameId: string;
      readonly seats: readonly string[];
      readonly options: Record<string, unknown>;
    }
  | { readonly verb: "move"; readonly tableId: string; readonly version: number; readonly index: number }
  | {
      readonly verb: "amount";
      readonly tableId: string;
      readonly version: number;
      readonly index: number;
      readonly amount: number;
    }
  | { readonly verb: "claim"; readonly tableId: string; readonly version: number; readonly pieces: readonly Piece[] }
  | {
      readonly verb: "bet";
      readonly tableId: string;
      readonly pool: string;
      readonly outcome: string;
      readonly amount: number;
    }
  | { readonly verb: "end" | "pause" | "resume"; readonly tableId: string }
  | { readonly verb: "event"; readonly startingCredits: number; readonly name: string }
  | { readonly verb: "join"; readonly eventId: string; readonly playerId: string }
  | {
      readonly verb: "adjust";
      readonly eventId: string;
      readonly account: string;
      readonly credits: number;
      readonly luck: number;
      readonly reason: string;
    }
  | { readonly verb: "purse" }
  | { readonly verb: "setup"; readonly tableId: string; readonly page: string }
  | { readonly verb: "art"; readonly side: number; readonly image: string }
  | {
      readonly verb: "drop";
      readonly tableId: string;
      readonly version: number;
      readonly from: string;
      readonly to: string;
      /** The follow-up choice's index among that move's choices at that version (null: not chosen yet). */
      readonly choice: number | null;
    }
  | { readonly verb: "lang"; readonly lang: "en" | "de" }
  | { readonly verb: "tile"; readonly tableId: string; readonly tileId: string; readonly action: "turn" | "flip" }
  | { readonly verb: "done"; readonly tableId: string }
  | FlowCommand
  | IdiomCommand
  | TournamentCommand;

/**
 * The table flow (issue 27): play again, take back, sit down or decline (at the version the button
 * was written for); a seat to another player, marked away or back, a turn skipped, a waiting table started.
 */
export type FlowCommand =
  | { readonly verb: "again" | "undo"; readonly tableId: string; readonly version: number }
  | { readonly verb: "sit" | "decline"; readonly tableId: string; readonly seat: string; readonly version: number }
  | { readonly verb: "seatto"; readonly tableId: string; readonly seat: string; readonly playerId: string }
  | { readonly verb: "away" | "back" | "skip"; readonly tableId: string; readonly seat: string }
  | { readonly verb: "start"; readonly tableId: string };

/** A tile laid for a claim: `tile:side:turns:x:y`. */
export interface Piece {
  readonly tile: string;
  readonly side: string;
  readonly turns: number;
  readonly x: number;
  readonly y: number;
}

export const CommandErrors = {
  unknown: "CANTINA.Roll20.Error.UnknownCommand",
  malformed: "CANTINA.Roll20.Error.BadArguments",
  tooLong: "CANTINA.Roll20.Error.TooLong",
} as const;

/** Roll20's escaping of chat text, undone (numeric entities too). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|quot|amp|lt|gt|apos|#39);/gi, (m, body: string) => {
    const b = body.toLowerCase();
    if (b === "quot") return '"';
    if (b === "amp") return "&";
    if (b === "lt") return "<";
    if (b === "gt") return ">";
    if (b === "apos" || b === "#39") return "'";
    const code = b.startsWith("#x") ? parseInt(b.slice(2), 16) : parseInt(b.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= LAST_CODE_POINT ? String.fromCodePoint(code) : m;
  });
}

/** Is this message addressed to this script at all? (`!cantina`, not `!cantinas`.) */
export function isOurs(content: string): boolean {
  return content === COMMAND || content.startsWith(`${COMMAND} `);
}

const ID = /^[A-Za-z0-9_+-]{1,64}$/;
const isId = (s: string | undefined): s is string => s !== undefined && ID.test(s) && !(s in Object.prototype);
/** A board's cell, point or tray id: hex and square cells are named "col,row". */
const SPOT = /^[A-Za-z0-9_,.+-]{1,64}$/;
const isSpot = (s: string | undefined): s is string => s !== undefined && SPOT.test(s);
function int(s: string | undefined, min = 0): number | null {
  if (s === undefined || !/^-?[0-9]{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= MAX_INT ? n : null;
}

type Parsed = Result<{ readonly command: Command }>;
const bad: Parsed = refuse(CommandErrors.malformed);
const ok = (command: Command): Parsed => succeed({ command });

/** An option given as `key=value`: a number, true/false, or text. */
function optionValue(text: string): unknown {
  if (/^-?[0-9]{1,10}$/.test(text)) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text;
}

function piece(text: string): Piece | null {
  const [tile, side, turns, x, y, extra] = text.split(":");
  const t = int(turns);
  const px = int(x);
  const py = int(y);
  if (extra !== undefined || !isId(tile) || !isId(side) || t === null || px === null || py === null) return null;
  return { tile, side, turns: t, x: px, y: py };
}

// ---- One-time ids (issue 35) ----
// A button that changes money or creates something ends in `once:<id>`, new for every card drawn:
// the host keeps the id in `state` with its change and answers a repeat with the first result.

const ONCE = /^once:([A-Za-z0-9_-]{8,32})$/;

/** A one-time id for a button (random enough that two cards never share one, across restarts too). */
export function newRequestId(): string {
  return Array.from({ length: 12 }, () => Math.floor(Math.random() * 36).toString(36)).join("");
}

/** A button's command with a fresh one-time id at its end. */
export function once(command: string): string {
  return `${command} once:${newRequestId()}`;
}

/** The one-time id a command ends with, or null. */
export function requestIdIn(raw: string): string | null {
  const last = decodeEntities(raw).trim().split(/\s+/).pop() ?? "";
  return ONCE.exec(last)?.[1] ?? null;
}

function withoutRequestId(tokens: readonly string[]): string[] {
  return ONCE.test(tokens[tokens.length - 1] ?? "") ? tokens.slice(0, -1) : [...tokens];
}

export function parseCommand(raw: string): Parsed {
  if (raw.length > MAX_COMMAND_LENGTH) return refuse(CommandErrors.tooLong);
  const text = decodeEntities(raw).trim();
  const tokens = withoutRequestId(text.split(/\s+/).slice(1));
  if (tokens.length > MAX_TOKENS) return refuse(CommandErrors.tooLong);
  const [first, ...a] = tokens;
  // Roll20's idiom (idiom-parse.ts): `!cantina` alone is the menu; `config`, `handout`.
  const idiom = parseIdiomCommand(first, a);
  if (idiom !== undefined) return idiom ? ok(idiom) : bad;
  const verb = first ?? "";
  switch (verb) {
    case "help":
    case "tables":
    case "purse":
      return a.length === 0 ? ok({ verb }) : bad;
    case "show":
    case "done":
    case "end":
    case "pause":
    case "resume":
      return a.length === 1 && isId(a[0]) ? ok({ verb, tableId: a[0] }) : bad;
    case "lang":
      return a.length === 1 && (a[0] === "en" || a[0] === "de") ? ok({ verb, lang: a[0] }) : bad;
    case "new": {
      const [gameId, ...rest] = a;
      if (!isId(gameId)) return bad;
      const seats = rest.filter((t) => !t.includes("="));
      const options: Record<string, unknown> = {};
      for (const t of rest.filter((x) => x.includes("="))) {
        const [key, value, extra] = t.split("=");
        if (!isId(key) || value === undefined || extra !== undefined || value.length > 100) return bad;
        options[key] = optionValue(value);
      }
      if (seats.length === 0 || !seats.every((s) => isId(s) || /^bot(:[A-Za-z0-9_-]{1,32})?$/.test(s))) return bad;
      return ok({ verb, gameId, seats, options });
    }
    case "move": {
      const [t, v, i] = [a[0], int(a[1]), int(a[2])];
      return a.length === 3 && isId(t) && v !== null && i !== null
        ? ok({ verb, tableId: t, version: v, index: i })
        : bad;
    }
    case "amount": {
      const [t, v, i, n] = [a[0], int(a[1]), int(a[2]), int(a[3])];
      return a.length === 4 && isId(t) && v !== null && i !== null && n !== null
        ? ok({ verb, tableId: t, version: v, index: i, amount: n })
        : bad;
    }
    case "claim": {
      const [t, v] = [a[0], int(a[1])];
      const pieces = a.slice(2).map(piece);
      if (!isId(t) || v === null || pieces.length === 0 || pieces.length > 12) return bad;
      if (pieces.some((p) => p === null)) return bad;
      return ok({ verb, tableId: t, version: v, pieces: pieces as Piece[] });
    }
    case "bet": {
      const [t, pool, outcome, n] = [a[0], a[1], a[2], int(a[3], 1)];
      return a.length === 4 && isId(t) && isId(pool) && isId(outcome) && n !== null
        ? ok({ verb, tableId: t, pool, outcome, amount: n })
        : bad;
    }
    case "event": {
      const credits = int(a[0]);
      const name = a.slice(1).join(" ");
      return credits !== null && name.length > 0 && name.length <= 100
        ? ok({ verb, startingCredits: credits, name })
        : bad;
    }
    case "join":
      return a.length === 2 && isId(a[0]) && isId(a[1]) ? ok({ verb, eventId: a[0], playerId: a[1] }) : bad;
    case "adjust": {
      const [e, account, c, l] = [a[0], a[1], int(a[2], -MAX_INT), int(a[3], -MAX_INT)];
      const reason = a.slice(4).join(" ");
      return isId(e) && isId(account) && c !== null && l !== null && reason.length <= 500
        ? ok({ verb, eventId: e, account, credits: c, luck: l, reason })
        : bad;
    }
    case "setup": {
      // The page's name may hold spaces (Roll20 page names do).
      const page = a.slice(1).join(" ");
      return isId(a[0]) && page.length <= 100 ? ok({ verb, tableId: a[0], page }) : bad;
    }
    case "art": {
      const side = int(a[0]);
      return a.length === 2 && side !== null && side < 6 && a[1] !== undefined && a[1].length <= 300
        ? ok({ verb, side, image: a[1] })
        : bad;
    }
    case "drop": {
      // Without a choice: a drop confirmed by its player (a GM was on the page), its choices asked next.
      const [t, v, f, to, c] = [a[0], int(a[1]), a[2], a[3], a.length === 4 ? null : int(a[4])];
      return (a.length === 5 ? c !== null : a.length === 4) && isId(t) && v !== null && isSpot(f) && isSpot(to)
        ? ok({ verb, tableId: t, version: v, from: f, to, choice: c })
        : bad;
    }
    case "again":
    case "undo": {
      const v = int(a[1]);
      return a.length === 2 && isId(a[0]) && v !== null ? ok({ verb, tableId: a[0], version: v }) : bad;
    }
    case "sit":
    case "decline": {
      const v = int(a[2]);
      return a.length === 3 && isId(a[0]) && isId(a[1]) && v !== null
        ? ok({ verb, tableId: a[0], seat: a[1], version: v })
        : bad;
    }
    case "seatto":
      return a.length === 3 && isId(a[0]) && isId(a[1]) && isId(a[2])
        ? ok({ verb, tableId: a[0], seat: a[1], playerId: a[2] })
        : bad;
    case "away":
    case "back":
    case "skip":
      return a.length === 2 && isId(a[0]) && isId(a[1]) ? ok({ verb, tableId: a[0], seat: a[1] }) : bad;
    case "start":
      return a.length === 1 && isId(a[0]) ? ok({ verb, tableId: a[0] }) : bad;
    case "tour": {
      // The Sabacc tournament (issue 37): tournament-parse.ts.
      const tour = parseTourCommand(a);
      return tour ? ok(tour) : bad;
    }
    case "tile":
      return a.length === 3 && isId(a[0]) && isId(a[1]) && (a[2] === "turn" || a[2] === "flip")
        ? ok({ verb, tableId: a[0], tileId: a[1], action: a[2] })
        : bad;
    default:
      return refuse(CommandErrors.unknown, { verb: verb.slice(0, 20) });
  }
}
