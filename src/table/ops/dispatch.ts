/**
 * Which operation a request asks for, and what every request shares: the GM-only ones, and the
 * table a request is about (pushed again as stored when its change is refused).
 */
import type { ClientRequest, UserId } from "../protocol";
import { type Books, type OpContext, type OpResult } from "./context";
import { createTable } from "./create";
import { endTable } from "./end";
import { joinEvent } from "./event-join";
import { openEvent } from "./event-open";
import { handSeat } from "./hand-seat";
import { adjustLedger } from "./ledger-adjust";
import { move } from "./move";
import { pause } from "./pause";
import { playAgain } from "./play-again";
import { rematch } from "./rematch";
import { sideBet } from "./side-bet";
import { markAway, skipTurn } from "./away";
import { undo } from "./undo";
import { lobbyRefusal, openSeatLobby, sitDown, startLobby } from "./seat-lobby";

/** Requests only a GM may make. */
export const GM_ONLY: ReadonlySet<ClientRequest["type"]> = new Set([
  "create",
  "end",
  "rematch",
  "pause",
  "seat-bot",
  "remove-player",
  "seat-user",
  "event-create",
  "event-join",
  "ledger-adjust",
  "skip",
  "lobby-start",
]);

/** A request that changes the books (not a sync, a replay or a watch), with its sender. */
export type OperationRequest = Exclude<ClientRequest, { type: "sync" | "replay" | "watch" }> & {
  readonly from: UserId;
};

/** The operation a request asks for, computed on the books as stored. */
export function operate(books: Books, request: OperationRequest, ctx: OpContext): OpResult {
  const waiting = lobbyRefusal(books, request);
  if (waiting) return waiting;
  switch (request.type) {
    case "intent":
      return move(books, request, ctx);
    case "create":
      return request.spec.sitDown === true ? openSeatLobby(books, request, ctx) : createTable(books, request, ctx);
    case "sit-down":
      return sitDown(books, request, ctx);
    case "lobby-start":
      return startLobby(books, request, ctx);
    case "end":
      return endTable(books, request, ctx);
    case "rematch":
      return rematch(books, request, ctx);
    case "pause":
      return pause(books, request, ctx);
    case "seat-bot":
    case "remove-player": {
      const op = request.type === "seat-bot" ? (request.bot ? "seat-bot" : "seat-player") : "remove-player";
      return handSeat(books, { from: request.from, tableId: request.tableId, seat: request.seat, op }, ctx);
    }
    case "seat-user":
      return handSeat(books, { ...request, op: "seat-user" }, ctx);
    case "event-create":
      return openEvent(books, request, ctx);
    case "event-join":
      return joinEvent(books, request, ctx);
    case "ledger-adjust":
      return adjustLedger(books, request, ctx);
    case "side-bet":
      return sideBet(books, request, ctx);
    case "play-again":
      return playAgain(books, request, ctx);
    case "away":
      return markAway(books, request, ctx);
    case "skip":
      return skipTurn(books, request, ctx);
    case "undo":
      return undo(books, request, ctx);
  }
}

/** The table a request is about, pushed again as stored when its change is refused. */
export function tableOf(request: ClientRequest): string | null {
  switch (request.type) {
    case "intent":
    case "end":
    case "rematch":
    case "pause":
    case "seat-bot":
    case "remove-player":
    case "side-bet":
    case "play-again":
    case "seat-user":
    case "away":
    case "skip":
    case "undo":
    case "sit-down":
    case "lobby-start":
    case "watch":
      return request.tableId;
    default:
      return null;
  }
}
