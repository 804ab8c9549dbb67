/**
 * The boards a lobby offers for a game's board field: shipped and stored boards (a stored board that
 * is a shipped one unchanged goes by its id), and a board pasted as JSON.
 */
import { type AnyGame, type BoardField, type Result, BOARD_LIMITS, parseBoundedJson, succeed } from "../../rules/core";

/** A board the lobby offers: a shipped one by its id, or a stored board that differs from it, by its data. */
export interface BoardChoice {
  readonly value: string;
  readonly label: string;
  /** What the table's board option becomes. */
  readonly board: unknown;
}

/** A board a host holds apart from the shipped ones (Foundry: a compendium entry). */
export interface StoredBoard {
  readonly id: string;
  readonly name: string;
  /** The shipped board it was made from, if any. */
  readonly boardId: string | null;
  readonly board: unknown;
}

/** JSON with its object keys sorted, to compare two boards whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The boards to choose from for a board field: every stored board the game can be played on (one
 * that is a shipped board unchanged goes by the shipped id, so the table stores just the id; a
 * changed one by its data), then the shipped boards not offered yet.
 */
export function boardChoices(field: BoardField, stored: readonly StoredBoard[] = []): BoardChoice[] {
  const playable = (board: unknown): boolean => field.validate(board).ok;
  const out: BoardChoice[] = [];
  for (const entry of stored) {
    if (!playable(entry.board)) continue;
    const shipped =
      entry.boardId !== null && Object.prototype.hasOwnProperty.call(field.shipped, entry.boardId)
        ? field.shipped[entry.boardId]
        : undefined;
    const same = shipped !== undefined && canonical(shipped) === canonical(entry.board);
    const value = same && entry.boardId !== null ? entry.boardId : `pack:${entry.id}`;
    if (out.some((c) => c.value === value)) continue;
    out.push({ value, label: entry.name, board: same ? entry.boardId : entry.board });
  }
  for (const [id, board] of Object.entries(field.shipped)) {
    if (playable(board) && !out.some((c) => c.value === id)) out.push({ value: id, label: board.name, board: id });
  }
  return out;
}

/** The lobby form's own refusals (the host's are `Errors` in src/table/protocol.ts). */
export const LobbyFormErrors = {
  /** A pasted board that is not JSON. */
  badJson: "CANTINA.Lobby.BadJson",
  /** A bot's stake that is not a whole number of credits (`n`: the seat's row). */
  badStake: "CANTINA.Lobby.BadStake",
} as const;

/** The board a pasted text names: a board's JSON, or an exported board document's (its `flags.<module>.board`). */
export function pastedBoard(text: string): Result<{ readonly board: unknown }> {
  // Refused by its length and nesting before it is parsed; each value counted before anything reads it.
  const read = parseBoundedJson(text, BOARD_LIMITS, LobbyFormErrors.badJson);
  if (!read.ok) return read;
  const parsed = read.value;
  const flags = (parsed as { flags?: Record<string, { board?: unknown } | undefined> } | null)?.flags;
  const flagged =
    flags && typeof flags === "object" ? Object.values(flags).find((f) => f?.board !== undefined) : undefined;
  return succeed({ board: flagged?.board ?? parsed });
}

/** The board fields of a game, each with its choices (hosts add their stored boards). */
export function boardFieldsOf(game: AnyGame): Record<string, BoardField> {
  const out: Record<string, BoardField> = {};
  for (const [key, field] of Object.entries(game.optionSchema)) if (field.kind === "board") out[key] = field;
  return out;
}
