/**
 * Which operation a request asks for: the core's (a table's life, the ledger) or a concern's from the
 * registry; what every request shares: the GM-only ones, the concerns' refusals, the table it is about.
 */
import { refuse } from "../../rules/core";
import { CONCERNS } from "../concerns";
import type {
  ConcernOperations,
  GatedRequest,
  OperationRequest,
  OperationType,
  TableConcern,
} from "../concerns/contract";
import { type ClientRequest, Errors } from "../protocol";
import type { Asked, Books, OpContext, OpResult } from "../context";
import { createTable } from "./create";
import { endTable } from "./end";
import { joinEvent } from "./event-join";
import { openEvent } from "./event-open";
import { adjustLedger } from "./ledger-adjust";
import { move } from "./move";
import { pause } from "./pause";
import { rematch } from "./rematch";
import { openSeatLobby } from "../concerns/seat-lobby/seat-lobby-op";

export type { OperationRequest };

/** The core's operations; every other request is a concern's (src/table/concerns). */
const CORE: ConcernOperations = {
  intent: { run: move },
  create: {
    gmOnly: true,
    run: (books, request, ctx) =>
      request.spec.sitDown === true ? openSeatLobby(books, request, ctx) : createTable(books, request, ctx),
  },
  end: { gmOnly: true, run: endTable },
  rematch: { gmOnly: true, run: rematch },
  pause: { gmOnly: true, run: pause },
  "event-create": { gmOnly: true, run: openEvent },
  "event-join": { gmOnly: true, run: joinEvent },
  "ledger-adjust": { gmOnly: true, run: adjustLedger },
};

/** Every operation by request type, the core's and each concern's; a type claimed twice is a programmer's error. */
export function operationsOf(concerns: readonly TableConcern[]): ConcernOperations {
  let all: ConcernOperations = CORE;
  for (const concern of concerns) {
    const claimed = Object.keys(concern.operations ?? {}).filter((type) => Object.hasOwn(all, type));
    if (claimed.length > 0) throw new Error(`${concern.name} claims requests already served: ${claimed.join(", ")}`);
    all = { ...all, ...concern.operations };
  }
  return all;
}

const OPERATIONS = operationsOf(CONCERNS);

/** Requests only a GM may make. */
export const GM_ONLY: ReadonlySet<ClientRequest["type"]> = new Set(
  (Object.keys(OPERATIONS) as OperationType[]).filter((type) => OPERATIONS[type]?.gmOnly === true),
);

/** The first concern's refusal of a request before any operation runs (a table still waiting for players), or null. */
export function concernRefusal(books: Books, request: GatedRequest): OpResult | null {
  for (const concern of CONCERNS) {
    const refusal = concern.refuse?.(books, request);
    if (refusal) return refusal;
  }
  return null;
}

/** The operation a request asks for, computed on the books as stored. */
export function operate(books: Books, request: OperationRequest, ctx: OpContext): OpResult {
  return concernRefusal(books, request) ?? run(request.type, request, books, ctx);
}

function run<T extends OperationType>(type: T, request: Asked<T>, books: Books, ctx: OpContext): OpResult {
  const operation: ConcernOperations[T] = OPERATIONS[type];
  return operation ? operation.run(books, request, ctx) : refuse(Errors.malformed);
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
