/**
 * The seat lobby (issue 27): a table opened with `sitDown` waits for its players (`sit-down`, the GM's
 * `lobby-start`); every other request about it is refused until it starts. The GM's `create` opens it.
 */
import type { TableConcern } from "../contract";
import { lobbyRefusal, sitDown, startLobby } from "./seat-lobby-op";
import { lobbyFields } from "./view";

export const seatLobbyConcern: TableConcern = {
  name: "seat-lobby",
  operations: { "sit-down": { run: sitDown }, "lobby-start": { gmOnly: true, run: startLobby } },
  refuse: lobbyRefusal,
  summary: lobbyFields,
};
