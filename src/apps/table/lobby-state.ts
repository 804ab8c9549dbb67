/**
 * The lobby's form state: a new lobby on a game, switching games, and reading a host's form back.
 * Seats are limited to what the game allows.
 */
import type { AnyGame, OptionField } from "../../rules/core";
import type { LobbyCatalogue } from "./lobby-catalogue";
import { type LobbyTime, newLobbyTime, readLobbyTime } from "./lobby-time";

export interface LobbySeat {
  kind: "person" | "bot";
  userId: string;
  name: string;
  botLevel: string;
  /** A bot's stake from the house's purse, as typed (empty: the event's starting credits). */
  stake?: string;
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
