/**
 * Where the host keeps tables and the ledger in Foundry: hidden world settings, which the server
 * stores in the world's database and sends to every client. So that a move costs bytes in
 * proportion to that move (not to every table), the books are split into records, each its own
 * setting (`cantina-games.vault-<key>`):
 *
 *   index          the ids of the stored tables and events (plain: ids and counts are no secret)
 *   t-<table>      a table's record without its log, with the log's length   (sealed, kind "table")
 *   l-<table>-<n>  the n-th chunk of LOG_CHUNK log entries of that table       (sealed, kind "log")
 *   e-<event>      one event of the ledger                                      (sealed, kind "ledger")
 *   a-<table>      a finished table archived: its record but the state, whole log (sealed, kind "archive")
 *   journal        the puts of the last change, written before them            (its values sealed)
 *
 * A move that touches one table only writes its log's last chunk, then the table's record: the
 * record, which says how long the log is, is the commit point (entries past that length are not
 * read), so a crash between the two leaves the move not made. A change touching more (a
 * settlement or a bet with the ledger, a table opened or ended, a new event) is written first as
 * the journal (the commit point), then applied, then the journal is emptied; `load` applies again
 * a journal a crash left behind (writing a value twice stores the same value, so a change takes
 * effect exactly once).
 *
 * Every sealed record is sealed for the GMs only, each with a fresh data key wrapped for each GM
 * who has published a key. A record this GM cannot open is never overwritten: an unreadable table
 * stays stored as it is, and so does the ledger. While a stored event cannot be opened
 * (`ledgerUnreadable`), every stored table is held back with it (tables settle into the ledger,
 * so none may be played without it) and every change is refused (docs/security.md).
 * No Foundry global here: the settings are read and written through `VaultBackend`.
 */
import { RECORD_LIMITS, checkJsonBounds } from "../rules/core";
import { type EventLedger, type Ledger, eventBound } from "../table/ledger";
import type { LogEntry } from "../table/protocol";
import {
  type AnsweredRequests,
  type ArchivedTable,
  type StoreChange,
  type StoredBooks,
  type TableRecord,
  type TableStore,
  archiveOf,
  asAnsweredRequests,
} from "../table/store";
import { MODULE_ID } from "./api";
import { type PublicJwk, type Sealer, isSealedRecord } from "./crypto";
import { logChunkBound, recordBound, requestsBound } from "./public-size";

/** Reads and writes one vault record (a world setting) by its key; `null` empties it. */
export interface VaultBackend {
  read(key: string): unknown;
  write(key: string, value: unknown): Promise<void>;
}

export const RecordKinds = {
  table: "table",
  log: "log",
  ledger: "ledger",
  archive: "archive",
  requests: "requests",
} as const;

/** Log entries per stored chunk: a move rewrites only the last one. */
export const LOG_CHUNK = 8;

/** Why a commit is refused while the stored ledger cannot be opened. */
export const LEDGER_LOCKED = "the stored event ledger cannot be opened on this browser";
/** Why a commit is refused after this GM handed the tables over. */
export const STORE_CLOSED = "this GM no longer hosts the tables";

export const VaultKeys = {
  index: "index",
  journal: "journal",
  /** The ids of the requests answered lately, written with the change that answers one. */
  requests: "requests",
  table: (id: string) => `t-${id}`,
  log: (id: string, chunk: number) => `l-${id}-${chunk}`,
  event: (id: string) => `e-${id}`,
  archive: (id: string) => `a-${id}`,
} as const;

export interface VaultIndex {
  readonly v: 2;
  readonly tables: readonly string[];
  readonly events: readonly string[];
  readonly archived: readonly string[];
}

/** A table's record as stored: without its log, whose length says how many chunks it has. */
type TableHead = Omit<TableRecord, "log"> & { readonly logLength: number };

type Puts = Record<string, unknown>;

function asIndex(raw: unknown): VaultIndex {
  const r = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const ids = (x: unknown): string[] => (Array.isArray(x) ? x.filter((i): i is string => typeof i === "string") : []);
  return { v: 2, tables: ids(r.tables), events: ids(r.events), archived: ids(r.archived) };
}

function asJournal(raw: unknown): Puts | null {
  if (typeof raw !== "object" || raw === null) return null;
  const puts = (raw as { puts?: unknown }).puts;
  return typeof puts === "object" && puts !== null ? (puts as Puts) : null;
}

const chunks = (logLength: number): number => Math.ceil(logLength / LOG_CHUNK);

export class SealedStore implements TableStore {
  /** Tables stored here that this GM cannot open (sealed before this GM published a key). */
  readonly unreadable: string[] = [];
  /** Tables not loaded because the stored ledger they settle into cannot be opened (kept as they are). */
  readonly heldBack: string[] = [];
  private readonly plainTables = new Map<string, TableRecord>();
  private readonly plainEvents = new Map<string, EventLedger>();
  private plainRequests: AnsweredRequests | null = null;
  private index: VaultIndex = { v: 2, tables: [], events: [], archived: [] };
  private lockedLedger = false;
  /** Puts committed (the journal holds them) but not all applied yet: applied before the next change. */
  private pending: Puts | null = null;
  private writes: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly sealer: Sealer,
    /** The GMs' published keys: every record is sealed for each of them. */
    private readonly readers: () => Readonly<Record<string, PublicJwk>>,
    private readonly backend: VaultBackend,
  ) {}

  private sealFor(): Record<string, PublicJwk> {
    // The host can always read back what it wrote, even before its own key shows in the directory.
    return { ...this.readers(), [this.sealer.user]: this.sealer.publicJwk };
  }

  /**
   * True when a ledger is stored that this GM cannot open: it is then kept as it is (never
   * overwritten), and so is every stored table.
   */
  get ledgerUnreadable(): boolean {
    return this.lockedLedger;
  }

  /** Completes a change a crash left half-applied, then opens every record this GM can open. */
  async load(): Promise<StoredBooks> {
    await this.writes;
    const journal = asJournal(this.backend.read(VaultKeys.journal));
    if (journal) {
      this.pending = journal;
      await this.applyPending(true).catch(() => undefined);
    }
    this.index = asIndex(this.read(VaultKeys.index));
    this.unreadable.length = 0;
    this.heldBack.length = 0;
    this.plainTables.clear();
    this.plainEvents.clear();
    this.lockedLedger = false;
    for (const id of this.index.events) {
      try {
        this.plainEvents.set(id, (await this.openRead(VaultKeys.event(id), RecordKinds.ledger)) as EventLedger);
      } catch {
        this.lockedLedger = true;
      }
    }
    const tables: TableRecord[] = [];
    for (const id of this.index.tables) {
      if (this.lockedLedger) {
        this.heldBack.push(id);
        continue;
      }
      try {
        const { logLength, ...head } = (await this.openRead(VaultKeys.table(id), RecordKinds.table)) as TableHead;
        const log: LogEntry[] = [];
        for (let n = 0; n < chunks(logLength); n++)
          log.push(...((await this.openRead(VaultKeys.log(id, n), RecordKinds.log)) as LogEntry[]));
        // The last chunk may hold entries of a move whose record was never written: not made.
        const record: TableRecord = { ...head, log: log.slice(0, logLength) };
        this.plainTables.set(id, record);
        tables.push(record);
      } catch {
        this.unreadable.push(id);
      }
    }
    tables.sort((a, b) => a.createdAt - b.createdAt);
    const ledger: Ledger | null =
      this.lockedLedger || this.plainEvents.size === 0 ? null : { events: Object.fromEntries(this.plainEvents) };
    this.plainRequests = null;
    if (isSealedRecord(this.read(VaultKeys.requests)))
      try {
        this.plainRequests = asAnsweredRequests(await this.openRead(VaultKeys.requests, RecordKinds.requests));
      } catch {
        // Sealed before this GM published a key: repeats are then checked like new requests.
      }
    return { tables, ledger, ...(this.plainRequests ? { requests: this.plainRequests } : {}) };
  }

  /** An archived table opened for a replay; null when none is stored under the id or it cannot be opened. */
  async readArchive(id: string): Promise<ArchivedTable | null> {
    await this.writes;
    if (!this.index.archived.includes(id)) return null;
    try {
      return (await this.openRead(VaultKeys.archive(id), RecordKinds.archive)) as ArchivedTable;
    } catch {
      return null;
    }
  }

  /** A value as stored, or as a committed change not yet applied will store it. */
  private read(key: string): unknown {
    if (this.pending && Object.prototype.hasOwnProperty.call(this.pending, key)) return this.pending[key];
    return this.backend.read(key);
  }

  private async openRead(key: string, kind: string): Promise<unknown> {
    const sealed = this.read(key);
    if (!isSealedRecord(sealed)) throw new Error(`no record ${key}`);
    const value = await this.sealer.openRecord(sealed, kind);
    // Too big to walk: refused like a record this GM cannot open (kept as stored, never overwritten).
    if (checkJsonBounds(value, RECORD_LIMITS)) throw new Error(`record ${key} refused: too large`);
    return value;
  }

  /**
   * One change, one journal write: the table records, log chunks and events it touches, sealed,
   * are written together as the journal first, then applied. A refused journal write changes
   * nothing and throws.
   */
  commit(change: StoreChange): Promise<void> {
    return this.serial(async () => {
      if (this.lockedLedger) {
        // Never overwrite a ledger this GM cannot open, nor anything that settles into it.
        console.error(`${MODULE_ID} | the stored ledger cannot be opened on this browser: not overwriting it`);
        throw new Error(LEDGER_LOCKED);
      }
      const readers = this.sealFor();
      const puts: Puts = {};
      let tables = [...this.index.tables];
      const events = [...this.index.events];
      const archived = [...this.index.archived];
      const drop = (id: string): void => {
        const old = this.plainTables.get(id);
        puts[VaultKeys.table(id)] = null;
        for (let n = 0; n < chunks(old?.log.length ?? 0); n++) puts[VaultKeys.log(id, n)] = null;
        tables = tables.filter((t) => t !== id);
      };
      for (const id of change.deleted ?? []) drop(id);
      // A finished table compacted: one record, its log whole and no state; its live records emptied.
      for (const record of change.archived ?? []) {
        drop(record.id);
        puts[VaultKeys.archive(record.id)] = await this.sealer.sealRecord(
          RecordKinds.archive,
          readers,
          archiveOf(record),
          recordBound(record, true),
        );
        archived.push(record.id);
      }
      for (const record of change.tables ?? []) {
        const old = this.plainTables.get(record.id);
        const { log, ...rest } = record;
        const head: TableHead = { ...rest, logLength: log.length };
        // Only the chunks the new entries fall in (the last one stored, and any new one), then the
        // record: written in this order, the record is the commit point of a one-table change.
        const stored = old && old.log.length <= log.length ? old.log.length : 0;
        for (let n = Math.floor(stored / LOG_CHUNK); n < chunks(log.length); n++) {
          const slice = log.slice(n * LOG_CHUNK, (n + 1) * LOG_CHUNK);
          puts[VaultKeys.log(record.id, n)] = await this.sealer.sealRecord(
            RecordKinds.log,
            readers,
            slice,
            logChunkBound(record.gameId, slice.length),
          );
        }
        puts[VaultKeys.table(record.id)] = await this.sealer.sealRecord(
          RecordKinds.table,
          readers,
          head,
          recordBound(record),
        );
        if (!tables.includes(record.id)) tables.push(record.id);
      }
      const changedEvents: EventLedger[] = [];
      for (const event of Object.values(change.ledger?.events ?? {})) {
        const old = this.plainEvents.get(event.id);
        if (old === event || (old && JSON.stringify(old) === JSON.stringify(event))) continue;
        puts[VaultKeys.event(event.id)] = await this.sealer.sealRecord(
          RecordKinds.ledger,
          readers,
          event,
          eventBound(event),
        );
        changedEvents.push(event);
        if (!events.includes(event.id)) events.push(event.id);
      }
      if (change.requests)
        puts[VaultKeys.requests] = await this.sealer.sealRecord(
          RecordKinds.requests,
          readers,
          change.requests,
          requestsBound(),
        );
      if (
        tables.length !== this.index.tables.length ||
        events.length !== this.index.events.length ||
        archived.length !== this.index.archived.length
      )
        puts[VaultKeys.index] = { v: 2, tables, events, archived } satisfies VaultIndex;
      if (Object.keys(puts).length === 0) return;
      const oneTable =
        (change.tables ?? []).length === 1 &&
        changedEvents.length === 0 &&
        !(VaultKeys.index in puts) &&
        !(VaultKeys.requests in puts);
      await this.write(puts, oneTable && (change.deleted ?? []).length === 0);
      this.index = { v: 2, tables, events, archived };
      for (const id of change.deleted ?? []) this.plainTables.delete(id);
      for (const record of change.archived ?? []) this.plainTables.delete(record.id);
      for (const record of change.tables ?? []) this.plainTables.set(record.id, record);
      for (const event of changedEvents) this.plainEvents.set(event.id, event);
      if (change.requests) this.plainRequests = change.requests;
    });
  }

  /**
   * One table's chunks then its record, in that order (`direct`); else the journal (the commit
   * point), then each put, then the journal emptied.
   */
  private async write(puts: Puts, direct = false): Promise<void> {
    if (this.closed) throw new Error(STORE_CLOSED);
    // A change committed before but not yet applied goes first, or this one would be undone by it.
    await this.applyPending(false);
    if (direct) {
      for (const [key, value] of Object.entries(puts)) await this.backend.write(key, value);
      return;
    }
    await this.backend.write(VaultKeys.journal, { puts });
    this.pending = puts;
    // Committed: if applying fails now, it is applied before the next change or at the next load.
    await this.applyPending(false).catch(() => undefined);
  }

  private async applyPending(onlyChanged: boolean): Promise<void> {
    const puts = this.pending;
    if (!puts) return;
    for (const [key, value] of Object.entries(puts)) {
      if (onlyChanged && JSON.stringify(this.backend.read(key) ?? null) === JSON.stringify(value ?? null)) continue;
      await this.backend.write(key, value);
    }
    // Emptied once applied, so a later one-table change is never undone by applying it again.
    await this.backend.write(VaultKeys.journal, null);
    this.pending = null;
  }

  /** Seals everything again (a GM published a new key, so they can take over as host). */
  async reseal(): Promise<void> {
    // Nothing this GM holds may be sealed again while the ledger and the tables are kept as they are.
    if (this.lockedLedger) return;
    const tables = [...this.plainTables.values()];
    const events = [...this.plainEvents.values()];
    const requests = this.plainRequests;
    await this.serial(async () => {
      const readers = this.sealFor();
      const puts: Puts = {};
      for (const record of tables) {
        const { log, ...rest } = record;
        const head: TableHead = { ...rest, logLength: log.length };
        puts[VaultKeys.table(record.id)] = await this.sealer.sealRecord(
          RecordKinds.table,
          readers,
          head,
          recordBound(record),
        );
        for (let n = 0; n < chunks(log.length); n++) {
          const slice = log.slice(n * LOG_CHUNK, (n + 1) * LOG_CHUNK);
          puts[VaultKeys.log(record.id, n)] = await this.sealer.sealRecord(
            RecordKinds.log,
            readers,
            slice,
            logChunkBound(record.gameId, slice.length),
          );
        }
      }
      for (const event of events)
        puts[VaultKeys.event(event.id)] = await this.sealer.sealRecord(
          RecordKinds.ledger,
          readers,
          event,
          eventBound(event),
        );
      if (requests)
        puts[VaultKeys.requests] = await this.sealer.sealRecord(
          RecordKinds.requests,
          readers,
          requests,
          requestsBound(),
        );
      // No journal: each record sealed again holds what it held, so any of them may be written alone.
      if (Object.keys(puts).length > 0) await this.write(puts, true);
    });
  }

  /** After a hand-over: this GM's host is stale, so it never writes again. */
  close(): void {
    this.closed = true;
  }

  /** Changes one at a time, each from the state the previous one left. */
  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.writes.then(task);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every write so far is done (before handing over to another GM). */
  async flush(): Promise<void> {
    await this.writes;
  }
}

/**
 * A store that tells, on every stored change, which log entries are new since the last save of
 * that table: that is where the host posts the new rolls to chat. Entries already stored when the
 * host started are never posted again.
 */
export class TappedStore implements TableStore {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly inner: TableStore,
    private readonly onNewEntries: (record: TableRecord, entries: TableRecord["log"]) => void,
  ) {}

  async load(): Promise<StoredBooks> {
    const books = await this.inner.load();
    for (const t of books.tables) this.seen.set(t.id, t.version);
    return books;
  }

  /** Rolls reach chat only once their move is stored. */
  async commit(change: StoreChange): Promise<void> {
    await this.inner.commit(change);
    for (const id of change.deleted ?? []) this.seen.delete(id);
    for (const record of change.archived ?? []) this.seen.delete(record.id);
    for (const record of change.tables ?? []) {
      const last = this.seen.get(record.id) ?? -1;
      this.seen.set(record.id, Math.max(last, record.version));
      const fresh = record.log.filter((e) => e.version > last);
      if (fresh.length > 0) this.onNewEntries(record, fresh);
    }
  }
}
