/** The new table's spec from the lobby: every option as the game takes it, the seats named, betting and the clock. */
import { type OptionField, type Result, refuse, succeed } from "../../rules/core";
import { Errors, type TableSpec } from "../../table/protocol";
import { type BoardChoice, LobbyFormErrors, boardChoices, pastedBoard } from "./lobby-boards";
import { type LobbyCatalogue, fromLedger, seatLevel } from "./lobby-catalogue";
import type { LobbyState } from "./lobby-state";
import { turnClockSpec } from "./lobby-time";

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
