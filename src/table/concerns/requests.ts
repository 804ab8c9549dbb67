/**
 * The requests of the table concerns, one line each (a concern's `request.ts`): the wire schema
 * (../parse-request.ts) joins them after the core's. Kept apart from ./index.ts because the schema
 * must not import the concerns' operations (they import the protocol, whose types come from it).
 */
import { bettingRequests } from "./betting/request";
import { clockRequests } from "./clock/request";
import { handOverRequests } from "./hand-over/request";
import { playAgainRequests } from "./play-again/request";
import { tournamentRequests } from "./tournament/request";
import { seatLobbyRequests } from "./seat-lobby/request";
import { undoRequests } from "./undo/request";
import { watchersRequests } from "./watchers/request";

export const CONCERN_REQUESTS = [
  ...bettingRequests,
  ...clockRequests,
  ...undoRequests,
  ...handOverRequests,
  ...seatLobbyRequests,
  ...playAgainRequests,
  ...watchersRequests,
  ...tournamentRequests,
] as const;
