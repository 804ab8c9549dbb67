/**
 * Where the host keeps tables and the ledger in Foundry: hidden world settings, which the server
 * stores in the world's database and sends to every client. So that a change costs bytes in
 * proportion to that change (not to every table, nor to the night's entries), the books are split
 * into records, each its own setting (`cantina-games.vault-<key>`; keys in vault-layout.ts):
 *
 *   index          the ids of the stored tables, events, archives and users with personal records
 *                  (plain: ids are no secret), written from each change that adds or removes one
 *   t-<table>      a table's record without its log, with the log's length   (sealed, kind "table")
 *   l-<table>-<n>  the n-th chunk of LOG_CHUNK log entries of that table       (sealed, kind "log")
 *   e-, n-, b-     an event of the ledger: its head, its entries in chunks, its bet returns per
 *                  table (vault-ledger.ts)                                      (sealed)
 *   u-<user>       a user's personal records                                  (sealed, kind "records")
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
 * stays stored as it is, and so does the ledger. While a stored event or personal record cannot be
 * opened (`ledgerUnreadable`), every stored table is held back with it (tables settle into the
 * ledger, so none may be played without it) and every change is refused (docs/security.md).
 * No Foundry global here: the settings are read and written through `VaultBackend`.
 */
import { RECORD_LIMITS, checkJsonBounds } from "../rules/core";
import type { EventLedger, Ledger } from "../table/ledger";
import type { LogEntry, UserRecords } from "../table/protocol";
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
import { type VaultPart, eventParts, isWholeEvent, readEvent, recordsPart } from "./vault-ledger";
import {
  EMPTY_INDEX,
  LOG_CHUNK,
  type Puts,
  RecordKinds,
  type TableHead,
  type VaultIndex,
  VaultKeys,
  asIndex,
  asJournal,
  chunkCount,
  sameIndex,
} from "./vault-layout";

export { LOG_CHUNK, RecordKinds, VaultKeys, type VaultIndex } from "./vault-layout";
export { TappedStore } from "./tapped-store";

/** Reads and writes one vault record (a world setting) by its key; `null` empties it. */
export interface VaultBackend {
  read(key: string): unknown;
  write(key: string, value: unknown): Promise<void>;
}

/** Why a commit is refused while the stored ledger cannot be opened. */
export const LEDGER_LOCKED = "the stored event ledger cannot be opened on this browser";
/** Why a commit is refused after this GM handed the tables over. */
export const STORE_CLOSED = "this GM no longer hosts the tables";

/** The records a table's log chunks `from`.. and its record make, the record last (the commit point). */
function tableParts(record: TableRecord, fromChunk: number): VaultPart[] {
  const { log, ...rest } = record;
  const parts: VaultPart[] = [];
  for (let n = fromChunk; n < chunkCount(log.length); n++) {
    const slice = log.slice(n * LOG_CHUNK, (n + 1) * LOG_CHUNK);
    const bound = logChunkBound(record.gameId, slice.length);
    parts.push({ key: VaultKeys.log(record.id, n), kind: RecordKinds.log, value: slice, bound });
  }
  const head: TableHead = { ...rest, logLength: log.length };
  parts.push({ key: VaultKeys.table(record.id), kind: RecordKinds.table, value: head, bound: recordBound(record) });
  return parts;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

export class SealedStore implements TableStore {
  /** Tables stored here that this GM cannot open (sealed before this GM published a key). */
  readonly unreadable: string[] = [];
  /** Tables not loaded because the stored ledger they settle into cannot be opened (kept as they are). */
  readonly heldBack: string[] = [];
  private readonly plainTables = new Map<string, TableRecord>();
  private readonly plainEvents = new Map<string, EventLedger>();
  /** Events stored whole (the layout before parts): their next write stores every part. */
  private readonly wholeEvents = new Set<string>();
  private readonly plainRecords = new Map<string, UserRecords>();
  private plainRequests: AnsweredRequests | null = null;
  private index: VaultIndex = EMPTY_INDEX;
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
    this.wholeEvents.clear();
    this.plainRecords.clear();
    this.lockedLedger = false;
    const open = (key: string, kind: string): Promise<unknown> => this.openRead(key, kind);
    for (const id of this.index.events) {
      try {
        const head = await open(VaultKeys.event(id), RecordKinds.ledger);
        if (isWholeEvent(head)) this.wholeEvents.add(id);
        this.plainEvents.set(id, await readEvent(head, open));
      } catch {
        this.lockedLedger = true;
      }
    }
    for (const user of this.index.records) {
      try {
        this.plainRecords.set(user, (await open(VaultKeys.records(user), RecordKinds.records)) as UserRecords);
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
        const { logLength, ...head } = (await open(VaultKeys.table(id), RecordKinds.table)) as TableHead;
        const log: LogEntry[] = [];
        for (let n = 0; n < chunkCount(logLength); n++)
          log.push(...((await open(VaultKeys.log(id, n), RecordKinds.log)) as LogEntry[]));
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
      this.lockedLedger || (this.plainEvents.size === 0 && this.plainRecords.size === 0)
        ? null
        : {
            events: Object.fromEntries(this.plainEvents),
            ...(this.plainRecords.size > 0 ? { records: Object.fromEntries(this.plainRecords) } : {}),
          };
    this.plainRequests = null;
    if (isSealedRecord(this.read(VaultKeys.requests)))
      try {
        this.plainRequests = asAnsweredRequests(await open(VaultKeys.requests, RecordKinds.requests));
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

  private async seal(puts: Puts, parts: readonly VaultPart[], readers: Record<string, PublicJwk>): Promise<void> {
    for (const part of parts) puts[part.key] = await this.sealer.sealRecord(part.kind, readers, part.value, part.bound);
  }

  /**
   * One change, one journal write: the table records, log chunks, ledger parts and index it
   * touches, sealed, are written together as the journal first, then applied. A refused journal
   * write changes nothing and throws.
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
      const users = [...this.index.records];
      const drop = (id: string): void => {
        puts[VaultKeys.table(id)] = null;
        for (let n = 0; n < chunkCount(this.plainTables.get(id)?.log.length ?? 0); n++)
          puts[VaultKeys.log(id, n)] = null;
        tables = tables.filter((t) => t !== id);
      };
      for (const id of change.deleted ?? []) drop(id);
      // A finished table compacted: one record, its log whole and no state; its live records emptied.
      for (const record of change.archived ?? []) {
        drop(record.id);
        const bound = recordBound(record, true);
        puts[VaultKeys.archive(record.id)] = await this.sealer.sealRecord(
          RecordKinds.archive,
          readers,
          archiveOf(record),
          bound,
        );
        if (!archived.includes(record.id)) archived.push(record.id);
      }
      for (const record of change.tables ?? []) {
        // Only the chunks the new entries fall in (the last one stored, and any new one), then the record.
        const old = this.plainTables.get(record.id);
        const stored = old && old.log.length <= record.log.length ? old.log.length : 0;
        await this.seal(puts, tableParts(record, Math.floor(stored / LOG_CHUNK)), readers);
        if (!tables.includes(record.id)) tables.push(record.id);
      }
      const changedEvents: EventLedger[] = [];
      for (const event of Object.values(change.ledger?.events ?? {})) {
        const old = this.plainEvents.get(event.id);
        if (old && same(old, event)) continue;
        await this.seal(puts, eventParts(event, this.wholeEvents.has(event.id) ? undefined : old), readers);
        changedEvents.push(event);
        if (!events.includes(event.id)) events.push(event.id);
      }
      const changedRecords: [string, UserRecords][] = [];
      for (const [user, mine] of Object.entries(change.ledger?.records ?? {})) {
        const old = this.plainRecords.get(user);
        if (old && same(old, mine)) continue;
        await this.seal(puts, [recordsPart(user, mine)], readers);
        changedRecords.push([user, mine]);
        if (!users.includes(user)) users.push(user);
      }
      if (change.requests)
        puts[VaultKeys.requests] = await this.sealer.sealRecord(
          RecordKinds.requests,
          readers,
          change.requests,
          requestsBound(),
        );
      // The index follows from the change itself: whatever it adds or takes away.
      const index: VaultIndex = { v: 2, tables, events, archived, records: users };
      if (!sameIndex(index, this.index)) puts[VaultKeys.index] = index;
      if (Object.keys(puts).length === 0) return;
      const oneTable =
        (change.tables ?? []).length === 1 &&
        (change.deleted ?? []).length === 0 &&
        (change.archived ?? []).length === 0 &&
        changedEvents.length === 0 &&
        changedRecords.length === 0 &&
        !(VaultKeys.index in puts) &&
        !(VaultKeys.requests in puts);
      await this.write(puts, oneTable);
      this.index = index;
      for (const id of change.deleted ?? []) this.plainTables.delete(id);
      for (const record of change.archived ?? []) this.plainTables.delete(record.id);
      for (const record of change.tables ?? []) this.plainTables.set(record.id, record);
      for (const event of changedEvents) {
        this.plainEvents.set(event.id, event);
        this.wholeEvents.delete(event.id);
      }
      for (const [user, mine] of changedRecords) this.plainRecords.set(user, mine);
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
    const records = [...this.plainRecords];
    const requests = this.plainRequests;
    await this.serial(async () => {
      const readers = this.sealFor();
      const puts: Puts = {};
      for (const record of tables) await this.seal(puts, tableParts(record, 0), readers);
      // Every part of each event: one stored whole before is stored in parts from now on.
      for (const event of events) await this.seal(puts, eventParts(event), readers);
      for (const [user, mine] of records) await this.seal(puts, [recordsPart(user, mine)], readers);
      if (requests)
        puts[VaultKeys.requests] = await this.sealer.sealRecord(
          RecordKinds.requests,
          readers,
          requests,
          requestsBound(),
        );
      // No journal: each record sealed again holds what it held, and an event's head comes after
      // its parts, so any of them may be written alone (an event stored whole stays readable).
      if (Object.keys(puts).length > 0) await this.write(puts, true);
      this.wholeEvents.clear();
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
