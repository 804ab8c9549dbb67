/**
 * The one contract of a table concern (a clock, a vote, a money rule), after boardgame.io's plugins: its
 * requests, its step after a move, what it adds to each viewer's summary and update, and its timers; all optional.
 */
import type { AnyGame, GameStatus, SeatId, Viewer } from "../../rules/core";
import type { Asked, Books, MoveExtension, MoveStep, OpContext, OpResult } from "../context";
import type { HostServices } from "../host-services";
import type { ClientRequest, TableSummary, TableUpdate, UserId } from "../protocol";
import type { TableRecord } from "../store";

/**
 * A request that changes the books as one computed change (not a sync, a replay or a watch; nor a
 * tournament's transfer, which the host runs itself: it writes a character's sheet between two changes).
 */
export type OperationRequest = Exclude<ClientRequest, { type: "sync" | "replay" | "watch" | "tournament-transfer" }> & {
  readonly from: UserId;
};
export type OperationType = OperationRequest["type"];

/** One request's operation: computes one change aside (nothing of the books changes), refused to non-GMs when `gmOnly`. */
export interface ConcernOperation<T extends OperationType> {
  readonly gmOnly?: true;
  readonly run: (books: Books, request: Asked<T>, ctx: OpContext) => OpResult;
}

/** A concern's operations by request type (each type belongs to one concern, or to the core). */
export type ConcernOperations = { readonly [T in OperationType]?: ConcernOperation<T> };

/** A move on its way down the pipeline, and one step after it (in context.ts: every operation applies moves with them). */
export type { MoveExtension, MoveStep };

/** What the summary of a table reads of the host (anyone may see a summary). */
export type SummaryContext = Pick<OpContext, "games" | "watchers" | "isGM" | "allowSpectators">;

/** The fields a concern may add to a table's summary (the rest is the core's). */
export type SummaryFields = Partial<
  Omit<TableSummary, "id" | "gameId" | "eventId" | "seats" | "version" | "over" | "toAct" | "createdAt">
>;

/** One user's update being built: the table as stored and how this user sees it (never another's view). */
export interface TableViewer {
  readonly ctx: OpContext;
  readonly books: Pick<Books, "ledger">;
  readonly record: TableRecord;
  readonly game: AnyGame;
  readonly status: GameStatus;
  readonly user: UserId;
  readonly viewer: Viewer;
  readonly seat: SeatId | null;
}

/** The fields a concern may add to one user's update (the rest is the core's). */
export type UpdateFields = Partial<
  Omit<TableUpdate, "type" | "table" | "seat" | "view" | "legalMoves" | "events" | "full" | "rev">
>;

/**
 * Arms a table's timers of this concern from the table as stored now (after each stored change and at
 * a host's start), on the host's one timer service. `moved`: a timer stored a change here (its bots act next).
 */
export type ConcernTimers = (host: HostServices, tableId: string, moved: (tableId: string) => void) => void;

/** A request as a refusal before any operation sees it (its type, and its table if it names one). */
export interface GatedRequest {
  readonly type: string;
  readonly tableId?: string;
}

export interface TableConcern {
  /** Its folder's name under src/table/concerns (tests/architecture/concerns.test.ts checks). */
  readonly name: string;
  readonly operations?: ConcernOperations;
  /** Refuses a request before its operation runs (null: let it through), whoever's operation it is. */
  readonly refuse?: (books: Books, request: GatedRequest) => OpResult | null;
  readonly afterMove?: MoveExtension;
  /** Built from the stored record and what anyone may know: a summary goes to everyone who may see the table. */
  readonly summary?: (ctx: SummaryContext, record: TableRecord) => SummaryFields;
  /** Built from this viewer's own seat or role, so nothing hidden travels (a lobby's table gets none). */
  readonly update?: (viewer: TableViewer) => UpdateFields;
  readonly timers?: ConcernTimers;
}
