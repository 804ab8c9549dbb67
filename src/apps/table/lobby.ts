/**
 * The lobby model both hosts share (the standalone page's lobby, Foundry's launcher): a form's
 * state built from a game's option schema, read back from the form, drawn as template context,
 * and turned into a TableSpec. Seats are limited to what the game allows; betting is the table's.
 */
import {
  type AnyGame,
  type BoardField,
  type FormField,
  type OptionField,
  type Result,
  fieldChoices,
  formFields,
  isPurseField,
  refuse,
  resolveBoardOption,
  succeed,
} from "../../rules/core";
import type { BoardPreview } from "../core/types";
import { Errors, type TableSpec } from "../../table/protocol";
import { type LobbyTime, lobbyTimeContext, newLobbyTime, readLobbyTime, turnClockSpec } from "./lobby-time";
import { type BoardChoice, LobbyFormErrors, boardChoices, pastedBoard } from "./lobby-boards";

export {
  type BoardChoice,
  type StoredBoard,
  LobbyFormErrors,
  boardChoices,
  pastedBoard,
  boardFieldsOf,
} from "./lobby-boards";

/** What the lobby knows of each game: the game itself, its bot levels, and whether spectators can bet on it. */
export interface LobbyGame {
  readonly game: AnyGame;
  readonly botLevels: readonly string[];
  /** The level a bot seat starts on (the descriptor's strongest; absent: the first listed). */
  readonly strongestLevel?: string;
  readonly betting: boolean;
  /** The game's picture of a board for the board picker (its app's `boardPreview`). */
  readonly preview?: (board: unknown) => BoardPreview | null;
}
export type LobbyCatalogue = Readonly<Record<string, LobbyGame>>;

/** The catalogue from the registry's maps (hosts pass them: src/apps never imports the registry). */
export function lobbyCatalogue(
  games: Readonly<Record<string, AnyGame>>,
  bots: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  markets: Readonly<Record<string, unknown>>,
  apps: Readonly<Record<string, { boardPreview?(board: unknown): BoardPreview | null }>> = {},
  strongest: Readonly<Record<string, string>> = {},
): LobbyCatalogue {
  const out: Record<string, LobbyGame> = {};
  for (const [id, game] of Object.entries(games)) {
    const app = Object.prototype.hasOwnProperty.call(apps, id) ? apps[id] : undefined;
    out[id] = {
      game,
      botLevels: Object.keys(bots[id] ?? {}),
      ...(Object.prototype.hasOwnProperty.call(strongest, id) ? { strongestLevel: strongest[id] } : {}),
      betting: markets[id] !== undefined,
      ...(app?.boardPreview ? { preview: (board: unknown) => app.boardPreview?.(board) ?? null } : {}),
    };
  }
  return out;
}

export interface LobbySeat {
  kind: "person" | "bot";
  userId: string;
  name: string;
  botLevel: string;
  /** A bot's stake from the house's purse, as typed (empty: the event's starting credits). */
  stake?: string;
}

/**
 * The option a game that uses the event ledger takes from the ledger instead (its schema's starting
 * credits): a seat brings its event balance, so a second "starting credits" in the lobby would be
 * silently ignored.
 */
function fromLedger(game: AnyGame | undefined, key: string): boolean {
  return game?.usesLedger === true && isPurseField(game.optionSchema[key], "credits");
}

export interface LobbyState {
  gameId: string;
  seats: LobbySeat[];
  /** Each option's value as the form holds it (a board field: the chosen board's value). */
  values: Record<string, string>;
  /** A board pasted as JSON: when set, it replaces the board chosen in the list. */
  boardJson: string;
  betting: boolean;
  winnerShare: string;
  error: string;
  /** The turn clock the GM chooses (lobby-time.ts). */
  time: LobbyTime;
}

/** The winner's share of each spectator pool a new table proposes (percent). */
export const DEFAULT_WINNER_SHARE = 5;
/** The most seats the lobby offers (a game without a seat limit, Super Simplified Sabacc, takes this many). */
export const LOBBY_MAX_SEATS = 40;

/** An amount times a percentage, rounded; a positive amount stays at least 1. */
export function scaledAmount(amount: number, scalePercent: number): number {
  if (amount <= 0) return amount;
  return Math.max(1, Math.round((amount * scalePercent) / 100));
}

/** A field's default as the form holds it; amounts marked `ante` times `anteScale` percent. */
function formDefault(field: OptionField, anteScale: number): string {
  if (field.kind === "integer")
    return String(field.ante ? Math.min(field.max, scaledAmount(field.default, anteScale)) : field.default);
  return String(field.default);
}

/** The option values a game's form starts with. */
export function defaultValues(game: AnyGame, anteScale = 100): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(game.optionSchema)) out[key] = formDefault(field, anteScale);
  return out;
}

/** The level a bot seat plays at: the one picked when the game has it, else the game's strongest. */
function seatLevel(entry: LobbyGame, seat: LobbySeat): string | undefined {
  return entry.botLevels.includes(seat.botLevel) ? seat.botLevel : entry.strongestLevel;
}

/** A new lobby on `gameId` (else the first game), its seats taken by `users` in order while they last, then bots. */
export function newLobby(
  catalogue: LobbyCatalogue,
  gameId: string | undefined,
  users: readonly string[],
  anteScale = 100,
): LobbyState {
  const id = gameId && catalogue[gameId] ? gameId : (Object.keys(catalogue)[0] ?? "");
  const entry = catalogue[id];
  const seats: LobbySeat[] = [];
  for (let i = 0; i < (entry?.game.minSeats ?? 2); i++) {
    const user = users[i];
    seats.push(
      user !== undefined
        ? { kind: "person", userId: user, name: "", botLevel: "" }
        : { kind: "bot", userId: "", name: "", botLevel: "" },
    );
  }
  const state: LobbyState = {
    gameId: id,
    seats,
    values: {},
    boardJson: "",
    betting: false,
    winnerShare: String(DEFAULT_WINNER_SHARE),
    error: "",
    time: newLobbyTime(),
  };
  selectGame(state, catalogue, id, anteScale, true);
  return state;
}

/** Switches the lobby to another game: its own defaults, and as many seats as it allows. */
export function selectGame(
  state: LobbyState,
  catalogue: LobbyCatalogue,
  gameId: string,
  anteScale = 100,
  force = false,
): void {
  const entry = catalogue[gameId];
  if (!entry || (gameId === state.gameId && !force)) return;
  state.gameId = gameId;
  state.values = defaultValues(entry.game, anteScale);
  state.boardJson = "";
  state.betting = entry.betting;
  state.seats = state.seats.slice(0, entry.game.maxSeats);
  while (state.seats.length < entry.game.minSeats)
    state.seats.push({ kind: "bot", userId: "", name: "", botLevel: "" });
}

/** How a host's form hands its fields over (FormData's `get`, or a stand-in). */
export type FormRead = (name: string) => string | null;

/**
 * Reads the form back into the state. A changed game resets the options; the seat count is held
 * to the game's bounds; a new seat goes to `userFor(index)`.
 */
export function readLobby(
  state: LobbyState,
  catalogue: LobbyCatalogue,
  read: FormRead,
  userFor: (index: number) => string,
  anteScale = 100,
): void {
  const gameId = read("gameId") ?? state.gameId;
  if (gameId !== state.gameId) selectGame(state, catalogue, gameId, anteScale);
  else {
    for (const key of Object.keys(state.values)) {
      const v = read(`option.${key}`);
      const field = catalogue[gameId]?.game.optionSchema[key];
      // An unchecked box sends nothing.
      if (field?.kind === "boolean") state.values[key] = v === null ? "false" : "true";
      else if (v !== null) state.values[key] = v;
    }
    readLobbyTime(state.time, read);
    const json = read("boardJson");
    if (json !== null) state.boardJson = json;
    if (catalogue[gameId]?.betting) {
      state.betting = read("betting") !== null;
      state.winnerShare = read("winnerShare") ?? state.winnerShare;
    }
  }
  const game = catalogue[state.gameId]?.game;
  const asked = Number(read("seatCount") ?? state.seats.length);
  const count = Math.max(
    game?.minSeats ?? 1,
    Math.min(game?.maxSeats ?? 8, LOBBY_MAX_SEATS, Number.isFinite(asked) ? Math.trunc(asked) : state.seats.length),
  );
  const seats: LobbySeat[] = [];
  for (let i = 0; i < count; i++) {
    const before = state.seats[i];
    const kind = (read(`seat${i}.kind`) ?? before?.kind ?? "person") === "bot" ? "bot" : "person";
    seats.push({
      kind,
      userId: read(`seat${i}.userId`) ?? before?.userId ?? userFor(i),
      // A seat turned from a person into a bot (or back) drops the name typed for what it was:
      // a bot must not sit under the player's name.
      name: before && before.kind !== kind ? "" : (read(`seat${i}.name`) ?? before?.name ?? ""),
      botLevel: read(`seat${i}.botLevel`) ?? before?.botLevel ?? "",
      stake: read(`seat${i}.stake`) ?? before?.stake ?? "",
    });
  }
  state.seats = seats;
}

// ---- context and spec ----

export interface LobbyUser {
  readonly id: string;
  readonly name: string;
  readonly isGM?: boolean;
}

/** A form field with its value, as the lobby templates draw it. */
export interface FieldContext extends FormField {
  readonly value: string;
  readonly isInteger: boolean;
  readonly isBoolean: boolean;
  readonly isChoice: boolean;
  readonly isBoard: boolean;
  readonly isText: boolean;
  readonly checked: boolean;
  readonly options: readonly { value: string; labelKey: string; label: string; selected: boolean }[];
  /** A board field: the chosen board as the game draws it (null: no picture). */
  readonly preview: BoardPreview | null;
}

export function lobbyContext(
  state: LobbyState,
  catalogue: LobbyCatalogue,
  users: readonly LobbyUser[],
  boards: Readonly<Record<string, readonly BoardChoice[]>> = {},
): Record<string, unknown> {
  const entry = catalogue[state.gameId];
  const game = entry?.game;
  const counts = [];
  for (let n = game?.minSeats ?? 2; n <= Math.min(game?.maxSeats ?? 2, LOBBY_MAX_SEATS); n++)
    counts.push({ n, selected: n === state.seats.length });
  const schemaFields: FieldContext[] = game
    ? formFields(game.optionSchema).map((f) => {
        const value = state.values[f.key] ?? "";
        const fixed =
          f.kind === "board"
            ? (boards[f.key] ?? boardChoices(game.optionSchema[f.key] as BoardField)).map((c) => ({
                value: c.value,
                labelKey: "",
                label: c.label,
              }))
            : fieldChoices(f);
        const chosen =
          f.kind === "board" && entry?.preview
            ? (boards[f.key] ?? boardChoices(game.optionSchema[f.key] as BoardField)).find((c) => c.value === value)
            : undefined;
        const boardData =
          chosen !== undefined ? resolveBoardOption(game.optionSchema[f.key] as BoardField, chosen.board) : null;
        const preview = boardData !== null && entry?.preview ? entry.preview(boardData) : null;
        // A value the list lacks (a board that left the compendium) is still shown, as itself.
        const list =
          fixed.length > 0 && !fixed.some((c) => c.value === value)
            ? [...fixed, { value, labelKey: "", label: value }]
            : fixed;
        return {
          ...f,
          value,
          isInteger: f.kind === "integer" && !f.values,
          isBoolean: f.kind === "boolean",
          isChoice: f.kind === "choice" || f.values !== undefined,
          isBoard: f.kind === "board",
          isText: f.kind === "text",
          checked: value === "true",
          options: list.map((c) => ({ ...c, selected: c.value === value })),
          preview,
        };
      })
    : [];
  // Options the ledger supplies are not offered (a second "starting credits" would be ignored).
  const fields = schemaFields.filter((f) => !fromLedger(game, f.key));
  return {
    games: Object.entries(catalogue).map(([id, g]) => ({ id, nameKey: g.game.nameKey, selected: id === state.gameId })),
    seatCounts: counts,
    seats: state.seats.map((s, index) => ({
      index,
      number: index + 1,
      isPerson: s.kind === "person",
      name: s.name,
      users: users.map((u) => ({ id: u.id, name: u.name, isGM: u.isGM === true, selected: u.id === s.userId })),
      botLevels: (entry?.botLevels ?? []).map((id) => ({ id, selected: id === (entry && seatLevel(entry, s)) })),
      hasBots: (entry?.botLevels.length ?? 0) > 0,
      // A bot of a game that uses the ledger plays on a stake from the house.
      hasStake: s.kind === "bot" && game?.usesLedger === true,
      stake: s.stake ?? "",
    })),
    fields,
    hasAmounts: fields.some((f) => f.isInteger),
    boardJson: state.boardJson,
    canBet: entry?.betting === true,
    betting: state.betting,
    winnerShare: state.winnerShare,
    hasOptions: fields.length > 0 || entry?.betting === true,
    usesLedger: game?.usesLedger === true,
    error: state.error,
    ...lobbyTimeContext(state.time),
  };
}

/** A form value as the option's JSON value (the game checks it again; a bad number stays NaN and is refused). */
function optionValue(field: OptionField, text: string, choices: readonly BoardChoice[]): unknown {
  switch (field.kind) {
    case "integer":
      return text.trim() === "" ? Number.NaN : Number(text);
    case "boolean":
      return text === "true";
    case "board":
      return choices.find((c) => c.value === text)?.board ?? text;
    default:
      return text.trim();
  }
}

/**
 * The table spec the lobby asks for, or the refusal (a pasted board that is not JSON…). Seats
 * without a name take their user's name or "Bot n"; a board chosen from a list becomes that board.
 */
export function lobbySpec(
  state: LobbyState,
  catalogue: LobbyCatalogue,
  names: { user(id: string): string; bot(n: number): string },
  boards: Readonly<Record<string, readonly BoardChoice[]>> = {},
  eventId?: string,
): Result<{ readonly spec: TableSpec }> {
  const entry = catalogue[state.gameId];
  if (!entry) return refuse(Errors.unknownGame, { game: state.gameId });
  const share = Number(state.winnerShare);
  if (entry.betting && state.betting && !Number.isSafeInteger(share))
    return refuse(Errors.badOption, { option: "winnerShare" });
  const badStake = state.seats.findIndex((s) => {
    const text = (s.stake ?? "").trim();
    return s.kind === "bot" && text !== "" && !(Number.isSafeInteger(Number(text)) && Number(text) >= 0);
  });
  if (entry.game.usesLedger && badStake >= 0) return refuse(LobbyFormErrors.badStake, { n: badStake + 1 });
  const time = turnClockSpec(state.time);
  if (!time.ok) return time;
  const options: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(entry.game.optionSchema)) {
    // Not offered: the game's default, which the ledger's balances override.
    if (fromLedger(entry.game, key)) {
      options[key] = field.default;
      continue;
    }
    if (field.kind === "board" && state.boardJson.trim() !== "") {
      const pasted = pastedBoard(state.boardJson);
      if (!pasted.ok) return pasted;
      options[key] = pasted.board;
      continue;
    }
    const choices = field.kind === "board" ? (boards[key] ?? boardChoices(field)) : [];
    options[key] = optionValue(field, state.values[key] ?? String(field.default), choices);
  }
  const spec: TableSpec = {
    gameId: state.gameId,
    seats: state.seats.map((s, i) => ({
      kind: s.kind,
      userId: s.kind === "person" ? s.userId : null,
      name: s.name.trim() || (s.kind === "person" ? names.user(s.userId) : names.bot(i + 1)),
      ...(s.kind === "bot" && seatLevel(entry, s) ? { botLevel: seatLevel(entry, s) } : {}),
      ...(s.kind === "bot" && entry.game.usesLedger && (s.stake ?? "").trim() !== "" ? { stake: Number(s.stake) } : {}),
    })),
    options,
    ...(entry.betting && state.betting ? { betting: { winnerShare: share } } : {}),
    ...time.flow,
    ...(eventId !== undefined ? { eventId } : {}),
  };
  return succeed({ spec });
}
