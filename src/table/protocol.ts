/** What travels between a table client and the host, and the runtime checks for it. */
import type { GameEvent, Result, RuleError, SeatId } from "../rules/core";
import type { BookView } from "./concerns/betting/book";
import type { Delta } from "./delta";
import type { InferOutput } from "valibot";
import type { ClientRequestSchema, TableSpecSchema } from "./parse-request";
import type { TimeOp, TimeSummary } from "./time-protocol";
import type { LobbySummary } from "./lobby-protocol";
import type { ViewedReplay } from "./replay-protocol";
import type { SeatAssignment } from "./seat-protocol";
import type { TournamentLink, TournamentView } from "./tournament-protocol";

export * from "./time-protocol";
export * from "./lobby-protocol";
export * from "./replay-protocol";
export * from "./seat-protocol";
export * from "./tournament-protocol";

export type UserId = string;

/** What anyone may know of a table: no state, no hidden parts. */
export interface TableSummary {
  readonly id: string;
  readonly gameId: string;
  /** The event whose ledger the seats' credits and points come from. */
  readonly eventId: string;
  readonly seats: readonly SeatAssignment[];
  readonly version: number;
  readonly over: boolean;
  readonly toAct: readonly SeatId[];
  readonly createdAt: number;
  /** Once the match is over: who won and each seat's net change in credits (public by then). */
  readonly result?: { readonly winners: readonly SeatId[]; readonly creditDelta: Readonly<Record<SeatId, number>> };
  /** The GM paused the table: no move is taken and its countdown stands still until it resumes. */
  readonly paused?: boolean;
  /** Once the match is over: the seats whose players voted to play again (all of them: dealt again). */
  readonly playAgain?: readonly SeatId[];
  /** The table's turn clock and the seats marked away (src/table/concerns/clock). */
  readonly time?: TimeSummary;
  /** The GM lets players take back their last move (concerns/undo). */
  readonly undo?: true;
  /** The table waits for its invited players to sit down (concerns/seat-lobby); the game starts after. */
  readonly lobby?: LobbySummary;
  /** The users without a seat here who have its window open, as the host knows them (concerns/watchers). */
  readonly watchers?: readonly UserId[];
  /** A round's table of a Sabacc tournament (concerns/tournament): which tournament, circuit and round. */
  readonly tournament?: TournamentLink;
}

/** A GM's operation on a table (not a move), as the table's record keeps it. */
export interface TableOpEntry {
  readonly at: number;
  readonly by: UserId;
  readonly op:
    | "pause"
    | "resume"
    | "seat-bot"
    | "seat-player"
    | "remove-player"
    | "rematch"
    | "seat-user"
    | "lobby-start"
    | TimeOp;
  readonly seat?: SeatId;
  /** For a seat given to another user (`seat-user`): who took it. */
  readonly to?: UserId;
  /** For a rematch: the table it deals again (on the new table's record). */
  readonly from?: string;
}

export interface LogEntry {
  readonly version: number;
  /** null for the setup. */
  readonly seat: SeatId | null;
  readonly move: unknown;
  /** Every die the move consumed, in order, so the game replays exactly. */
  readonly dice: readonly number[];
  readonly events: readonly GameEvent[];
  /** The host applied this move because a deadline ran out (the game's timeout move). */
  readonly timeout?: true;
  /** The seat took back its move just before (concerns/undo): the state is the one before that move. */
  readonly undo?: true;
}

/** A running countdown as a viewer receives it (from the game's Deadline and the host's clock). */
export interface DeadlineView {
  /** Milliseconds left when the host sent the update. */
  readonly remainingMs: number;
  /** The whole countdown's length. */
  readonly ms: number;
  readonly seat?: SeatId;
  /** When it runs out on the receiver's clock (the client sets it on receipt). */
  readonly endsAt?: number;
}

/** A stopwatch counting up from the table's start (the game's `status().stopwatch`). */
export interface StopwatchView {
  /** Milliseconds run when the host sent the update. */
  readonly elapsedMs: number;
  /** When it started on the receiver's clock (the client sets it on receipt). */
  readonly startedAt?: number;
}

/** What a GM asks for when making a table (inferred from its wire schema in ./parse-request.ts). */
export type TableSpec = InferOutput<typeof TableSpecSchema>;

export interface LedgerAccountView {
  readonly id: string;
  readonly name: string;
  readonly credits: number;
  readonly luck: number;
  /** In a view only: what this character has at tables still playing. */
  readonly atTables?: { readonly credits: number; readonly luck: number };
}

/** One event as a user may see it: the GM every account, a player only their own. */
/** A user's best value for one personal-record key (solo games), and the table that set it. */
export interface BestRecord {
  readonly value: number;
  readonly better: "higher" | "lower";
  readonly at: number;
  readonly tableId: string;
}

/** Per record key, a user's bests. */
export type UserRecords = Readonly<Record<string, BestRecord>>;

export interface EventView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly startingCredits: number;
  readonly accounts: readonly LedgerAccountView[];
  readonly entries: readonly LedgerEntryView[];
  /** GM only: what the house took in this event (Sabacc Pots nobody won, shares of tables ended early). */
  readonly houseTakings?: number;
  /** The event's tables by id, numbered in the order they opened (for "Table 2 (True Sabacc)"). */
  readonly tables?: Readonly<Record<string, TableLabel>>;
}

/** How a table is named in the ledger and chat: its number in the event and its game. */
export interface TableLabel {
  readonly number: number;
  readonly gameId: string;
  /** The game's name key (CANTINA.Games.…). */
  readonly nameKey: string;
}

/** What a ledger entry is about, for the sentence that tells it (entries written before it have none). */
export interface EntryDetail {
  readonly table?: string;
  /** A seat's name: the bot the house staked, or the seat a purse went to. */
  readonly seat?: string;
  /** Betting: the pool's id and market, and what moved (a stake, a payout, a refund, the winner's share). */
  readonly pool?: string;
  readonly market?: string;
  readonly bet?: "stake" | "payout" | "refund" | "share";
}

export interface LedgerEntryView {
  readonly at: number;
  readonly account: string;
  /**
   * Opened with the event's stake; a purse taken to a table ("seated") and paid back changed by
   * the match ("match") or unchanged when the table ended early ("voided"); or an adjustment.
   */
  readonly kind: "opened" | "seated" | "match" | "voided" | "adjustment" | "bet" | "house" | "stake";
  readonly credits: number;
  readonly luck: number;
  /** The GM's words for an adjustment; the table id for a match. */
  readonly reason: string;
  readonly by: UserId;
  readonly detail?: EntryDetail;
}

/** A request from a client, as its wire schema in ./parse-request.ts reads it (the variants are documented there). */
export type ClientRequest = InferOutput<typeof ClientRequestSchema>;

/** The host's answer to a request: the project's one `Result` (src/rules/core/result.ts). */
export type HostReply = Result<{
  readonly version?: number;
  readonly tableId?: string;
  readonly eventId?: string;
  /** The answer to a `replay` request: a page of the steps as the asking user may see them. */
  readonly replay?: ViewedReplay;
  /** Not the host's: no GM answered, so the client keeps this move and sends it when a GM is back. */
  readonly kept?: true;
  /** The answer to `tournament-create`: the new tournament's id. */
  readonly tournamentId?: string;
  /** The answer to `tournament-round`: the round's tables, opened in the tournament's event. */
  readonly tableIds?: readonly string[];
}>;

/**
 * One viewer's picture of one table. `V` and `M` are the game's view and move types: a game's window
 * receives only its own game's updates (src/games/family.ts `defineGame` ties them); generic code
 * keeps the defaults.
 */
export interface TableUpdate<V = unknown, M = unknown> {
  readonly type: "table";
  readonly table: TableSummary;
  /** Which seat this user holds, if any. */
  readonly seat: SeatId | null;
  readonly view: V;
  readonly legalMoves: readonly M[];
  /** Events this viewer may see, new since `since` (or the whole history on a full sync). */
  readonly events: readonly { readonly version: number; readonly event: GameEvent }[];
  readonly full: boolean;
  /** Spectator betting at this table, as this user sees it (their own stakes only). */
  readonly betting?: BookView;
  /** This user may bet here (betting is on and they hold no seat). */
  readonly canBet?: boolean;
  /** The countdown on the current state, if the game gives one. */
  readonly deadline?: DeadlineView;
  /** The time run on the current state's stopwatch, if the game counts up (a solo stopwatch). */
  readonly stopwatch?: StopwatchView;
  /** This user's personal records, by key (games that set records: the solo games). */
  readonly records?: UserRecords;
  /** This user may take back the last move now (concerns/undo). */
  readonly canUndo?: true;
  /** The seat a bot plays for this user since they were away (a time-out): they may take it back ("I'm back"). */
  readonly reclaim?: SeatId;
  /**
   * Which of the host's updates to this user this is (a host's own token and a count): a later
   * `table-delta` names it as its base. Absent: no delta will follow from it.
   */
  readonly rev?: string;
}

/**
 * What changed in one viewer's picture of a table: the update this user holds as `base` (its
 * `rev`), turned by `delta` into the update `rev` (src/table/delta.ts). A client that does not
 * hold `base` (a push lost, a new tab) or cannot apply the delta asks for the whole table again.
 */
export interface TableDelta {
  readonly type: "table-delta";
  readonly tableId: string;
  readonly base: string;
  readonly rev: string;
  /** The update's own version (public: every viewer sees each move), for the padding bound. */
  readonly version: number;
  /** The table's game (public), for the padding bound. */
  readonly gameId: string;
  /** How many betting pools the table's book lists (public), for the padding bound; absent: no book. */
  readonly pools?: number;
  /** The delta of the update without its `rev`. */
  readonly delta: Delta;
}

export type HostMessage =
  | TableUpdate
  | TableDelta
  /** A table gone: `ended` when the GM ended it (its players are told so), absent when archived or replaced. */
  | { readonly type: "table-removed"; readonly tableId: string; readonly ended?: true }
  /** The ledger this user may see, and their own personal records (solo games). */
  | {
      readonly type: "ledger";
      readonly events: readonly EventView[];
      readonly records?: UserRecords;
      /**
       * The tournaments of the events this user may see, as this user may see them (issue 37).
       * Absent from hosts that predate them: none.
       */
      readonly tournaments?: readonly TournamentView[];
      /** The size its sealed form is padded to, from public facts only (`ledgerPushBound`). */
      readonly bound?: number;
    }
  /** Something went wrong that no request's reply tells (a bot's move not stored): for the GMs. */
  | { readonly type: "notice"; readonly error: RuleError; readonly tableId?: string };

export const Errors = {
  malformed: "CANTINA.Error.Malformed",
  noHost: "CANTINA.Error.NoHost",
  /** No answer came in time (a request or its reply lost): the client sends it again with its id. */
  noAnswer: "CANTINA.Error.NoAnswer",
  unknownTable: "CANTINA.Error.UnknownTable",
  unknownGame: "CANTINA.Error.UnknownGame",
  notYourSeat: "CANTINA.Error.NotYourSeat",
  notYourTurn: "CANTINA.Error.NotYourTurn",
  stale: "CANTINA.Error.StaleVersion",
  gmOnly: "CANTINA.Error.GMOnly",
  tableOver: "CANTINA.Error.GameOver",
  unknownAccount: "CANTINA.Error.UnknownAccount",
  unknownEvent: "CANTINA.Error.UnknownEvent",
  reasonRequired: "CANTINA.Error.ReasonRequired",
  sameAccountTwice: "CANTINA.Error.SameAccountTwice",
  noSpectators: "CANTINA.Error.NoSpectators",
  timeoutMove: "CANTINA.Error.TimeoutMove",
  storeFailed: "CANTINA.Error.StoreFailed",
  /** A stored value damaged outside the module (not JSON): left out of the books, kept as stored. */
  storedNotJson: "CANTINA.Error.StoredNotJson",
  botsStopped: "CANTINA.Error.BotsStopped",
  reservedAccount: "CANTINA.Error.ReservedAccount",
  badOption: "CANTINA.Error.BadOption",
  paused: "CANTINA.Error.TablePaused",
  notFinished: "CANTINA.Error.NotFinished",
  notSeated: "CANTINA.Error.NotSeated",
  unknownSeat: "CANTINA.Error.UnknownSeat",
  notAPlayer: "CANTINA.Error.NotAPlayerSeat",
  nobodyAway: "CANTINA.Error.NobodyAway",
  /** A bot seat without a bot level, or no bot to take a seat over. */
  noBot: "CANTINA.Error.NoBot",
  /** A second move at a table whose first waits for a GM (kept by the client). */
  moveKept: "CANTINA.GameNight.MoveKept",
  /** A request the window could not turn into one (no move, no error). */
  failed: "CANTINA.Error.Failed",
} as const;
