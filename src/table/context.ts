/**
 * What every table operation reads (the stored books, the host's context) and what it gives back:
 * one change to store, the reply, and what to push once stored. Operations change nothing themselves.
 */
import {
  type AnyBot,
  type AnyGame,
  type BotBudget,
  type GameStatus,
  type Random,
  type Result,
  type SeatId,
  hasOwn,
} from "../rules/core";
import type { Ledger } from "./ledger";
import type { MarketSet } from "./concerns/betting/book";
import type { ClientRequest, HostReply, TableOpEntry, UserId } from "./protocol";
import type { StoreChange, TableRecord } from "./store";
import type { CharacterRef } from "../tournament/types";

/** The host's books as stored: the live tables by id and the event ledger. */
export interface Books {
  readonly tables: ReadonlyMap<string, TableRecord>;
  readonly ledger: Ledger;
}

/** What an operation may use besides the books: the games, the host's user, clock, ids and dice. */
export interface OpContext {
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly bots?: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>;
  /** The time each bot decision may hold the host (a search returns its best move so far); absent: no limit. */
  readonly botTime?: BotBudget;
  readonly markets?: Readonly<Record<string, MarketSet>>;
  /** The user the host runs for: the author of the entries it writes itself. */
  readonly hostUser: UserId;
  readonly isGM: (user: UserId) => boolean;
  readonly allowSpectators?: () => boolean;
  readonly now: () => number;
  readonly newId: () => string;
  /** The game's dice, recorded in the log with each move. */
  readonly random: Random;
  /** Dice for the betting pools' timings, apart from the game's. */
  readonly bettingRandom: Random;
  /** The steps after a move, in the registry's order (src/table/concerns): every applied move goes through them. */
  readonly afterMove: readonly MoveExtension[];
  /** The users who have a table's window open, as they told the host (concerns/watchers; absent: none known). */
  readonly watchers?: (tableId: string) => readonly UserId[];
  /**
   * The characters a user may play (Foundry: actors they own; Roll20: characters they control; the
   * page: their stand-in), answered from what the host holds. Absent: entering a tournament is refused.
   */
  readonly characters?: (user: UserId) => readonly CharacterRef[];
}

/**
 * A move on its way down the pipeline: the table as it will be stored and the ledger as it will
 * be, to which each concern's step after a move adds.
 */
export interface MoveStep {
  readonly game: AnyGame;
  /** The table before the move. */
  readonly before: TableRecord;
  /** The status after the move. */
  readonly status: GameStatus;
  /** The table after the move, as it will be stored. */
  readonly record: TableRecord;
  /** The ledger as it will be stored. */
  readonly ledger: Ledger;
  /** This move's change settles the match into the ledger. */
  readonly settles: boolean;
}

/** One step after a move: the step with its part added (the same step when it has nothing to add). */
export type MoveExtension = (step: MoveStep, ctx: OpContext) => MoveStep;

/** A request of one type as an operation receives it: parsed, with its sender as the transport names them. */
export type Asked<T extends ClientRequest["type"]> = Extract<ClientRequest, { type: T }> & { readonly from: UserId };

/** A table to push to everyone once stored, and the version its push starts from. */
export interface TablePush {
  readonly record: TableRecord;
  readonly since: number;
}

/**
 * An operation's outcome: the one change to store (absent: the books already are as asked, nothing
 * is stored), the reply once stored, and what everyone is sent then.
 */
export interface Outcome {
  readonly reply: HostReply;
  readonly change?: StoreChange;
  readonly push?: readonly TablePush[];
  /** Tables everyone is told are gone. */
  readonly removed?: readonly string[];
  /** The removed tables were ended by the GM before their end (their players are told why). */
  readonly ended?: true;
  /** Push the ledger even when the change carries none (default: when it carries one). */
  readonly pushLedger?: boolean;
  /** The table whose bots act next once stored; `afterMove`: a move was stored (its bots' failures are forgotten). */
  readonly bots?: { readonly tableId: string; readonly afterMove?: boolean };
  /** More tables whose bots act once stored (a tournament's round opens several at once). */
  readonly botTables?: readonly string[];
}

/**
 * What an operation returns: `succeed(outcome)`, which stores `outcome.change` (or nothing) and
 * answers as given, or `refuse`/`refused`: nothing changed.
 */
export type OpResult = Result<Outcome>;

/** A game the host runs, by id (never one an object inherits). */
export function gameOf(ctx: Pick<OpContext, "games">, id: string): AnyGame | undefined {
  return hasOwn(ctx.games, id) ? ctx.games[id] : undefined;
}

/** A GM's operation as the table's record keeps it. */
export function opEntry(
  ctx: Pick<OpContext, "now">,
  by: UserId,
  op: TableOpEntry["op"],
  extra: { seat?: SeatId; from?: string; to?: UserId } = {},
): TableOpEntry {
  return { at: ctx.now(), by, op, ...extra };
}

/** The ledger field of a change: present only when the operation changed the ledger. */
export function ledgerChange(ledger: Ledger, before: Ledger): { ledger?: Ledger } {
  return ledger !== before ? { ledger } : {};
}

/** The purses a table's seats brought from the ledger (one reading, shared with record files). */
export { pursesOf } from "./record-file";
