/**
 * Where the host keeps tables and the event ledger: memory, localStorage, or Foundry. Every change
 * the host makes (a move and its settlement, a table opened with its purses, a bet, an early end)
 * is one `StoreChange`, stored whole or not at all (docs/table.md, "One change, one write").
 */
import {
  type JsonLimits,
  type Result,
  type RuleError,
  type SeatId,
  RECORD_LIMITS,
  hasOwn,
  parseBoundedJson,
  refused,
  succeed,
} from "../rules/core";
import {
  Errors,
  type HostReply,
  type SeatAssignment,
  type LogEntry,
  type SeatLobby,
  type TableOpEntry,
  type TableSpec,
  type TournamentLink,
  type TurnClockOptions,
  type UserId,
} from "./protocol";
import type { Ledger, Purses } from "./ledger";
import type { Book } from "./concerns/betting/book";

export interface TableRecord {
  readonly id: string;
  readonly gameId: string;
  readonly eventId: string;
  readonly options: unknown;
  /** What each seat brought from the event ledger (games that use it), given to `setup`. */
  readonly purses?: Purses;
  readonly seats: readonly SeatAssignment[];
  readonly state: unknown;
  readonly version: number;
  readonly log: readonly LogEntry[];
  readonly createdAt: number;
  /** The match result has been written to the ledger. */
  readonly settled: boolean;
  /** Spectator betting pools of this table (absent: no betting). */
  readonly betting?: Book;
  /** The countdown on the current state: the deadline's key and when (host clock, ms) it started. */
  readonly clock?: TableClock;
  /** When its match ended (host clock): finished tables are archived some time after. */
  readonly finishedAt?: number;
  /** Paused by a GM since `at` (host clock): no moves, no bots, the countdown stands still. */
  readonly paused?: { readonly at: number; readonly by: string };
  /** The GM's operations on this table (pause, seats handed to bots, a rematch), oldest first. */
  readonly ops?: readonly TableOpEntry[];
  /** Once the match is over: the seats whose players voted to play again (concerns/play-again). */
  readonly playAgain?: readonly string[];
  /** The turn clock the GM chose (absent: none), when the current turn started, and who is marked away since when. */
  readonly turnClock?: TurnClockOptions;
  readonly turnStartedAt?: number;
  readonly away?: Readonly<Record<SeatId, number>>;
  /** Players may take back their last move (concerns/undo). */
  readonly undo?: true;
  /** Waiting for its players to sit down (concerns/seat-lobby): the GM's spec the game starts from. */
  readonly lobby?: SeatLobby & { readonly spec: TableSpec };
  /** A round's table of a Sabacc tournament (concerns/tournament): its match result goes to the standings. */
  readonly tournament?: TournamentLink;
}

export interface TableClock {
  readonly key: string | null;
  readonly startedAt: number;
}

/**
 * What a game's sealed messages and records hold at most, in bytes of JSON (measured over random
 * matches, with a margin): each is padded to a bound of these and of public facts, so its length
 * tells nothing hidden (src/foundry/public-size.ts, docs/security.md "What lengths reveal").
 * `view`: a move's push (the view, legal moves, a move's events, the clock), pools apart;
 * `record`: a table's record without its log, pools apart (its state's size at the setup);
 * `perMove`: one log entry at most; `perLogged`: what each entry adds to a whole log (the largest
 * average over 8 entries); `perShown`: what each version adds to a full resync's events (the
 * largest average per version over whole matches); `step`: one step of a replay (a viewer's view
 * without legal moves, the status, the step's events; absent: `view + perShown`); `growth`: what a
 * view and a stored state may add per version, for a game whose state keeps its history (the
 * unequal-forces games' repetition hashes; absent: nothing).
 */
export interface SizeProfile {
  readonly view: number;
  readonly record: number;
  readonly perMove: number;
  readonly perLogged: number;
  readonly perShown: number;
  readonly step?: number;
  readonly growth?: number;
}

/** A request the host applied (its user and id), and its answer (given again to a repeat). */
export interface AnsweredRequest {
  readonly user: UserId;
  readonly id: string;
  readonly reply: HostReply;
}

/** The last requests whose change was stored, oldest first. */
export type AnsweredRequests = readonly AnsweredRequest[];

/**
 * One change of the host's books: the table records it writes or deletes, the finished tables it
 * archives (taken out of the live tables, kept compacted: their result and log, no state), the
 * new ledger, and the requests answered so far with the one this change applies (so applying a
 * change and remembering its request id are one write: a repeat after a restart applies nothing).
 */
export interface StoreChange {
  readonly tables?: readonly TableRecord[];
  readonly deleted?: readonly string[];
  readonly archived?: readonly TableRecord[];
  readonly ledger?: Ledger;
  readonly requests?: AnsweredRequests;
}

/** A finished table as archived: everything but its state, which its log replays. */
export type ArchivedTable = Omit<TableRecord, "state">;

export function archiveOf(record: TableRecord): ArchivedTable {
  const { state: _state, ...rest } = record;
  return rest;
}

export interface StoredBooks {
  readonly tables: TableRecord[];
  readonly ledger: Ledger | null;
  /** The answered requests stored with the last change that carried them. */
  readonly requests?: AnsweredRequests;
  /** Stored values not read back (too big or damaged): left out of these books, kept as stored. */
  readonly refused?: readonly StoredRefusal[];
}

/** A stored value that was not read back (too big, or not JSON), and why. */
export interface StoredRefusal {
  readonly key: string;
  readonly error: RuleError;
}

/** Why a store refuses every change while its stored ledger could not be read back. */
export const LEDGER_REFUSED =
  "the stored event ledger was refused when read back (too large or damaged): not overwriting it";

/**
 * The books from their stored texts (a store keeping one value per table, one for the ledger, one
 * for the answered requests), each parsed within `RECORD_LIMITS`. A table refused is left out (and
 * stays stored as it is: the host writes only tables it holds); a ledger refused gives no ledger and
 * `ledgerRead` its refusal, on which the store must refuse every change (so it is never overwritten);
 * the requests refused are dropped (repeats are then checked like new requests).
 */
export function readStoredBooks(
  tables: readonly (readonly [key: string, text: string])[],
  ledger: readonly [key: string, text: string] | null,
  requests: readonly [key: string, text: string] | null,
  limits: JsonLimits = RECORD_LIMITS,
): { readonly books: StoredBooks; readonly ledgerRead: Result } {
  const refusals: StoredRefusal[] = [];
  const read = ([key, text]: readonly [string, string]): unknown => {
    const parsed = parseBoundedJson(text, limits, Errors.storedNotJson);
    if (parsed.ok) return parsed.value;
    refusals.push({ key, error: parsed.error });
    return undefined;
  };
  const records: TableRecord[] = [];
  for (const entry of tables) {
    const record = read(entry);
    if (record !== undefined) records.push(record as TableRecord);
  }
  const before = refusals.length;
  const book = ledger ? read(ledger) : undefined;
  const ledgerError = refusals.length > before ? refusals[before]?.error : undefined;
  const ledgerRead = ledgerError ? refused(ledgerError) : succeed({});
  const answered = requests ? read(requests) : undefined;
  return {
    books: {
      tables: records.sort((a, b) => a.createdAt - b.createdAt),
      ledger: book === undefined ? null : (book as Ledger),
      ...(answered !== undefined ? { requests: asAnsweredRequests(answered) } : {}),
      ...(refusals.length > 0 ? { refused: refusals } : {}),
    },
    ledgerRead,
  };
}

/** Stored answered requests as read back: anything malformed is dropped. */
export function asAnsweredRequests(raw: unknown): AnsweredRequests {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (a: unknown): a is AnsweredRequest =>
      typeof a === "object" &&
      a !== null &&
      typeof (a as AnsweredRequest).user === "string" &&
      typeof (a as AnsweredRequest).id === "string" &&
      typeof (a as AnsweredRequest).reply === "object" &&
      (a as AnsweredRequest).reply !== null,
  );
}
export interface TableStore {
  /** Everything stored, with a change left half-written by a crash completed first. */
  load(): Promise<StoredBooks>;
  /** Stores the whole change, or throws having stored none of it. */
  commit(change: StoreChange): Promise<void>;
}

/** Why a store refusals a write, in words for the GM (a permission, a quota, a lost connection). */
export function writeFailure(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === "string" && error ? error : "unknown";
}

/**
 * Key-value storage with a write-ahead journal: the change's puts are first written as one
 * journal entry (the commit point), then each put is applied. `recover` (at load) applies a
 * journal entry a crash left behind; applying a put twice writes the same value, so a change
 * takes effect exactly once. A put's `null` deletes the key.
 */
export interface KeyValueBackend {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

export type Puts = Readonly<Record<string, string | null>>;

export class JournaledKeyValue {
  /** Puts committed (in the journal) but not yet all applied: applied before the next change. */
  private pending: Puts | null = null;

  constructor(
    private readonly backend: KeyValueBackend,
    private readonly journalKey: string,
  ) {}

  /** Completes the journal entry a crash left behind, if any. */
  recover(): void {
    const raw = this.backend.get(this.journalKey);
    if (raw === null) return;
    this.pending = JSON.parse(raw) as Puts;
    this.applyPending();
  }

  /** Writes the puts whole (the journal write is the commit point) or throws having changed nothing. */
  write(puts: Puts): void {
    // A change committed earlier but not yet applied goes first, or this journal entry would erase it.
    this.applyPending();
    this.backend.set(this.journalKey, JSON.stringify(puts));
    this.pending = puts;
    try {
      this.applyPending();
    } catch {
      // Committed: the journal holds it; applied before the next change or at the next load.
    }
  }

  /** A value as stored, with committed puts not yet applied read from the journal. */
  get(key: string): string | null {
    if (this.pending && hasOwn(this.pending, key)) return this.pending[key] ?? null;
    return this.backend.get(key);
  }

  keys(): string[] {
    const out = new Set(this.backend.keys().filter((k) => k !== this.journalKey));
    for (const [k, v] of Object.entries(this.pending ?? {})) {
      if (v === null) out.delete(k);
      else out.add(k);
    }
    return [...out];
  }

  private applyPending(): void {
    const puts = this.pending;
    if (!puts) return;
    for (const [key, value] of Object.entries(puts)) {
      if (value === null) this.backend.remove(key);
      else this.backend.set(key, value);
    }
    this.backend.remove(this.journalKey);
    this.pending = null;
  }
}

/** The puts of a change for a store keeping one key per table and one for the ledger. */
export function putsOf(
  change: StoreChange,
  tableKey: (id: string) => string,
  ledgerKey: string,
  archiveKey: (id: string) => string,
  requestsKey?: string,
): Puts {
  const puts: Record<string, string | null> = {};
  for (const id of change.deleted ?? []) puts[tableKey(id)] = null;
  for (const record of change.archived ?? []) {
    puts[tableKey(record.id)] = null;
    puts[archiveKey(record.id)] = JSON.stringify(archiveOf(record));
  }
  for (const record of change.tables ?? []) puts[tableKey(record.id)] = JSON.stringify(record);
  if (change.ledger) puts[ledgerKey] = JSON.stringify(change.ledger);
  if (change.requests && requestsKey !== undefined) puts[requestsKey] = JSON.stringify(change.requests);
  return puts;
}

/** In memory (tests, benchmarks): a commit is one synchronous step, so it is whole by itself. */
export class MemoryStore implements TableStore {
  readonly tables = new Map<string, string>();
  ledger: string | null = null;
  readonly archives = new Map<string, string>();
  requests: string | null = null;
  /** Commits stored so far. */
  writes = 0;

  /** The stored ledger was refused at load: every change is refused, so it is never overwritten. */
  ledgerRefused = false;

  /** `limits`: what a stored value may hold to be read back (tests give smaller ones). */
  constructor(private readonly limits: JsonLimits = RECORD_LIMITS) {}

  async load(): Promise<StoredBooks> {
    const read = readStoredBooks(
      [...this.tables.entries()],
      this.ledger === null ? null : ["ledger", this.ledger],
      this.requests === null ? null : ["requests", this.requests],
      this.limits,
    );
    this.ledgerRefused = !read.ledgerRead.ok;
    return read.books;
  }

  async commit(change: StoreChange): Promise<void> {
    if (this.ledgerRefused) throw new Error(LEDGER_REFUSED);
    this.writes++;
    for (const id of change.deleted ?? []) this.tables.delete(id);
    for (const record of change.archived ?? []) {
      this.tables.delete(record.id);
      this.archives.set(record.id, JSON.stringify(archiveOf(record)));
    }
    for (const record of change.tables ?? []) this.tables.set(record.id, JSON.stringify(record));
    if (change.ledger) this.ledger = JSON.stringify(change.ledger);
    if (change.requests) this.requests = JSON.stringify(change.requests);
  }
}
