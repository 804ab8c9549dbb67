/**
 * The lobby model both hosts share (the standalone page's lobby, Foundry's launcher), one entry for
 * the hosts: the catalogue of games, the form's state, its template context, and the new table's
 * spec, each in its own file.
 */
export { type LobbyGame, type LobbyCatalogue, lobbyCatalogue } from "./lobby-catalogue";
export {
  type LobbySeat,
  type LobbyState,
  type FormRead,
  DEFAULT_WINNER_SHARE,
  LOBBY_MAX_SEATS,
  scaledAmount,
  defaultValues,
  newLobby,
  selectGame,
  readLobby,
} from "./lobby-state";
export { type LobbyUser, type LobbyFieldContext, lobbyContext } from "./lobby-context";
export { lobbySpec } from "./lobby-spec";
export {
  type BoardChoice,
  type StoredBoard,
  LobbyFormErrors,
  boardChoices,
  pastedBoard,
  boardFieldsOf,
} from "./lobby-boards";
