/** The lobby drawn as template context: the games, the seats, each option's field, the turn clock. */
import { type BoardField, formFields, resolveBoardOption } from "../../rules/core";
import { type FieldContext, fieldContext } from "../core/form-field";
import type { BoardPreview } from "../core/types";
import { type BoardChoice, boardChoices } from "./lobby-boards";
import { type LobbyCatalogue, fromLedger, seatLevel } from "./lobby-catalogue";
import { LOBBY_MAX_SEATS, type LobbyState } from "./lobby-state";
import { lobbyTimeContext } from "./lobby-time";

export interface LobbyUser {
  readonly id: string;
  readonly name: string;
  readonly isGM?: boolean;
}

/** A form field as the lobby draws it: a board field also shows the chosen board. */
export interface LobbyFieldContext extends FieldContext {
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
  const schemaFields: LobbyFieldContext[] = game
    ? formFields(game.optionSchema).map((f) => {
        const value = state.values[f.key] ?? "";
        if (f.kind !== "board") return { ...fieldContext(f, value), preview: null };
        const field = game.optionSchema[f.key] as BoardField;
        const offered = boards[f.key] ?? boardChoices(field);
        const fixed = offered.map((c) => ({ value: c.value, labelKey: "", label: c.label }));
        // A value the list lacks (a board that left the compendium) is still shown, as itself.
        const list =
          fixed.length > 0 && !fixed.some((c) => c.value === value)
            ? [...fixed, { value, labelKey: "", label: value }]
            : fixed;
        const chosen = entry?.preview ? offered.find((c) => c.value === value) : undefined;
        const boardData = chosen ? resolveBoardOption(field, chosen.board) : null;
        const preview = boardData !== null && entry?.preview ? entry.preview(boardData) : null;
        return { ...fieldContext(f, value, list), preview };
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
