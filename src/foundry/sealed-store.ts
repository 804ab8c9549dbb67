/**
 * Where the host keeps tables and the ledger in Foundry: hidden world settings, sealed for the GMs,
 * each change writing only what changed (docs/foundry.md "Storage figures"; keys in vault-layout.ts).
 */
import { RECORD_LIMITS, checkJsonBounds } from "../rules/core";
import { games } from "../games";
import type { EventLedger, Ledger } from "../table/ledger";
import type { UserRecords } from "../table/protocol";
import {
  type AnsweredRequests,
  type ArchivedTable,
  type StoreChange,
  type StoredBooks,
  type TableRecord,
  type TableStore,
  asAnsweredRequests,
} from "../table/store";
import { MODULE_ID } from "./api";
import { type PublicJwk, type Sealer, isSealedRecord } from "./crypto";
import { recordBound, requestsBound } from "./public-size";
import {
  type VaultPart,
  eventParts,
  isFullChunk,
  isFullChunkKey,
  isHeadWithLists,
  isWholeEvent,
  readEvent,
  recordsPart,
} from "./vault-ledger";
import {
  EMPTY_INDEX,
  type Puts,
  RecordKinds,
  type TableHead,
  type VaultIndex,
  VaultKeys,
  asIndex,
  indexAfter,
  readerKeys,
  sameIndex,
  sameReaders,
} from "./vault-layout";
import { STEPS_PER_RECORD, type StoredTable, headOf, keysOf, planTable, readTable } from "./vault-tables";
import { type VaultBackend, VaultWriter } from "./vault-writer";
import { FinishedTables, type ShelfPlan, emptyShelfPlan } from "./vault-finished";
import { settingsShelf } from "./vault-shelf";

export { LOG_CHUNK, RecordKinds, VaultKeys, type VaultIndex } from "./vault-layout";
export { STORE_CLOSED, type VaultBackend } from "./vault-writer";
export { TappedStore } from "./tapped-store";

/** Why a commit is refused while the stored ledger cannot be opened. */
export const LEDGER_LOCKED = "the stored event ledger cannot be opened on this browser";

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The vault as a `TableStore`. A record this GM cannot open is never overwritten: an unreadable table
 * stays stored as it is, and so does the ledger. While a stored event or personal record cannot be
 * opened (`ledgerUnreadable`), every stored table is held back with it (tables settle into the
 * ledger, so none may be played without it) and every change is refused (docs/security.md).
 * No Foundry global here: the settings are read and written through `VaultBackend`.
 */
export class SealedStore implements TableStore {
  /** Tables stored here that this GM cannot open (sealed before this GM published a key). */
  readonly unreadable: string[] = [];
  /** Tables not loaded because the stored ledger they settle into cannot be opened (kept as they are). */
  readonly heldBack: string[] = [];
  private readonly stored = new Map<string, StoredTable>();
  private readonly plainEvents = new Map<string, EventLedger>();
  /** Events stored whole (the layout before parts): their next write stores every part. */
  private readonly wholeEvents = new Set<string>();
  private readonly plainRecords = new Map<string, UserRecords>();
  private plainRequests: AnsweredRequests | null = null;
  private index: VaultIndex = EMPTY_INDEX;
  private lockedLedger = false;
  private writes: Promise<void> = Promise.resolve();
  private readonly vault: VaultWriter;
  /** Finished tables, compacted on the shelf (vault-finished.ts). */
  private readonly finished: FinishedTables;

  constructor(
    private readonly sealer: Sealer,
    /** The GMs' published keys: every record is sealed for each of them. */
    private readonly readers: () => Readonly<Record<string, PublicJwk>>,
    private readonly backend: VaultBackend,
  ) {
    this.vault = new VaultWriter(backend);
    this.finished = new FinishedTables(backend.shelf ?? settingsShelf(backend), sealer);
  }

  /** The index after a change that sealed records for `readers` (null: sealed nothing). */
  private nextIndex(ids: Omit<VaultIndex, "v" | "sealedFor">, readers: Record<string, PublicJwk> | null): VaultIndex {
    const empty =
      !this.plainRequests && Object.values(this.index).every((x: unknown) => !Array.isArray(x) || x.length === 0);
    return indexAfter(this.index, ids, readers && readerKeys(readers), empty);
  }

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
    await this.vault.recover();
    this.index = asIndex(this.vault.read(VaultKeys.index));
    this.unreadable.length = 0;
    this.heldBack.length = 0;
    this.stored.clear();
    this.plainEvents.clear();
    this.wholeEvents.clear();
    this.plainRecords.clear();
    this.lockedLedger = false;
    // The shelf listed first: the ledger's full entry chunks are on it.
    const { stale } = await this.finished.list(this.index.finished ?? [], this.index.tables);
    const open = (key: string, kind: string): Promise<unknown> => this.openRead(key, kind);
    for (const id of this.index.events) {
      try {
        const head = await open(VaultKeys.event(id), RecordKinds.ledger);
        if (isWholeEvent(head) || isHeadWithLists(head)) this.wholeEvents.add(id);
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
    if (this.lockedLedger) this.heldBack.push(...(this.index.finished ?? []));
    else
      try {
        await this.finished.openLive();
        tables.push(...this.finished.records());
      } catch {
        // A finished table this GM cannot open: every one is kept as it is, like an unreadable record.
        this.unreadable.push(...(this.index.finished ?? []));
      }
    for (const id of this.index.tables) {
      if (this.lockedLedger) {
        this.heldBack.push(id);
        continue;
      }
      try {
        const head = (await open(VaultKeys.table(id), RecordKinds.table)) as TableHead;
        const read = (key: string): unknown => this.vault.read(key);
        const table = await readTable(id, head, read, (key) => open(key, RecordKinds.log), games);
        this.stored.set(id, table);
        tables.push(table.record);
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
    if (isSealedRecord(this.vault.read(VaultKeys.requests)))
      try {
        this.plainRequests = asAnsweredRequests(await open(VaultKeys.requests, RecordKinds.requests));
      } catch {
        // Sealed before this GM published a key: repeats are then checked like new requests.
      }
    if (!this.lockedLedger && this.unreadable.length === 0) await this.migrate(tables, stale);
    return { tables, ledger, ...(this.plainRequests ? { requests: this.plainRequests } : {}) };
  }

  /**
   * What an earlier version left, put right on the GM's load (each step its own commit, so a crash
   * anywhere leaves every table in one place or the other): archives stored as settings moved to the
   * shelf, finished tables still in the settings compacted onto it, settings left holding `null`
   * deleted, shelf items no table needs removed.
   */
  private async migrate(tables: readonly TableRecord[], stale: readonly string[]): Promise<void> {
    await this.finished.removeAfter({ removals: stale });
    const moving = this.index.archived.length > 0;
    for (const id of this.index.archived) {
      const sealed = this.vault.read(VaultKeys.archive(id));
      if (!isSealedRecord(sealed)) continue;
      await this.serial(async () => {
        const plan = emptyShelfPlan();
        plan.writes.push([`${id}~0`, sealed]);
        await this.finished.writeBefore(plan);
        const index = { ...this.index, archived: this.index.archived.filter((a) => a !== id) };
        await this.vault.write({ [VaultKeys.archive(id)]: null, [VaultKeys.index]: index });
        this.index = index;
      });
    }
    if (moving) await this.reload();
    const finishedInSettings = tables.filter((t) => t.finishedAt !== undefined && this.stored.has(t.id));
    if (finishedInSettings.length > 0) await this.commit({ tables: finishedInSettings });
    for (const key of this.backend.keys?.() ?? [])
      if (this.backend.read(key) === null)
        // Left for the next load to try again: an empty setting costs a load, never a record.
        await this.backend
          .write(key, null)
          .catch((error: unknown) => console.warn(`${MODULE_ID} | an emptied setting was not deleted: ${key}`, error));
  }

  /** The index and the shelf read again after the archives stored as settings moved. */
  private async reload(): Promise<void> {
    this.index = asIndex(this.vault.read(VaultKeys.index));
    await this.finished.load(this.index.finished ?? [], this.index.tables);
  }

  /** An archived table opened for a replay; null when none is stored under the id or it cannot be opened. */
  async readArchive(id: string): Promise<ArchivedTable | null> {
    await this.writes;
    if (this.finished.isArchived(id) || this.finished.has(id)) return this.finished.readArchive(id);
    if (!this.index.archived.includes(id)) return null;
    try {
      return (await this.openRead(VaultKeys.archive(id), RecordKinds.archive)) as ArchivedTable;
    } catch {
      return null;
    }
  }

  private async openRead(key: string, kind: string): Promise<unknown> {
    const stored = this.vault.read(key);
    // A full entry chunk of the ledger is on the shelf (never written again: out of every client's load).
    const sealed = stored === null && isFullChunkKey(key) ? await this.finished.sealedItem(key) : stored;
    if (!isSealedRecord(sealed)) throw new Error(`no record ${key}`);
    const value = await this.sealer.openRecord(sealed, kind);
    // Too big to walk: refused like a record this GM cannot open (kept as stored, never overwritten).
    if (checkJsonBounds(value, RECORD_LIMITS)) throw new Error(`record ${key} refused: too large`);
    return value;
  }

  /** Seals `parts` into `puts`; a full entry chunk (never written again) goes to the shelf's plan instead. */
  private async seal(
    puts: Puts,
    parts: readonly VaultPart[],
    readers: Record<string, PublicJwk>,
    shelf?: ShelfPlan,
    early?: Set<string>,
  ): Promise<void> {
    for (const part of parts) {
      const sealed = await this.sealer.sealRecord(part.kind, readers, part.value, part.bound);
      if (shelf && isFullChunk(part)) {
        shelf.writes.push([`${part.key}~0`, sealed]);
        puts[part.key] = null;
      } else {
        puts[part.key] = sealed;
        if (part.early) early?.add(part.key);
      }
    }
  }

  private sealHead(head: TableHead, record: TableRecord, readers: Record<string, PublicJwk>) {
    return this.sealer.sealRecord(RecordKinds.table, readers, head, recordBound(record));
  }

  /**
   * One change, one commit point: a move alone at one table writes one step of its log (its record
   * every STEPS_PER_RECORD moves, after); anything else is one journal write (the table parts,
   * records, ledger parts and index it touches, sealed), then applied. A refused first write
   * changes nothing and throws.
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
      let sealed = false;
      const shelf: ShelfPlan = emptyShelfPlan();
      const put: Awaited<ReturnType<FinishedTables["put"]>>[] = [];
      const released: string[] = [];
      const drop = (id: string): void => {
        const table = this.stored.get(id);
        if (table || tables.includes(id))
          for (const key of table ? keysOf(table) : [VaultKeys.table(id)]) puts[key] = null;
        tables = tables.filter((t) => t !== id);
      };
      /** A finished table compacted onto the shelf (its record and log parts deleted from the settings). */
      const compact = async (record: TableRecord): Promise<void> => {
        drop(record.id);
        put.push(await this.finished.put(shelf, record, readers));
      };
      for (const id of change.deleted ?? []) {
        drop(id);
        this.finished.release(shelf, id);
        released.push(id);
      }
      // Archived: a finished table already compacted only leaves the index; one still in the settings is compacted now.
      for (const record of change.archived ?? []) if (!this.finished.has(record.id)) await compact(record);
      const ledgerPuts: Puts = {};
      /** Keys written before the commit point, not in its journal (parts that only append: vault-ledger.ts, vault-tables.ts). */
      const early = new Set<string>();
      const changedEvents: EventLedger[] = [];
      for (const event of Object.values(change.ledger?.events ?? {})) {
        const old = this.plainEvents.get(event.id);
        if (old && same(old, event)) continue;
        const parts = eventParts(event, this.wholeEvents.has(event.id) ? undefined : old);
        await this.seal(ledgerPuts, parts, readers, shelf, early);
        changedEvents.push(event);
        if (!events.includes(event.id)) events.push(event.id);
      }
      const changedRecords: [string, UserRecords][] = [];
      for (const [user, mine] of Object.entries(change.ledger?.records ?? {})) {
        const old = this.plainRecords.get(user);
        if (old && same(old, mine)) continue;
        await this.seal(ledgerPuts, [recordsPart(user, mine)], readers);
        changedRecords.push([user, mine]);
        if (!users.includes(user)) users.push(user);
      }
      if (change.requests)
        ledgerPuts[VaultKeys.requests] = await this.sealer.sealRecord(
          RecordKinds.requests,
          readers,
          change.requests,
          requestsBound(),
        );
      const alone =
        (change.tables ?? []).length === 1 &&
        Object.keys(puts).length === 0 &&
        Object.keys(ledgerPuts).length === 0 &&
        tables.includes(change.tables![0]!.id);
      const written: StoredTable[] = [];
      let rewrite = false;
      for (const record of change.tables ?? []) {
        // A match over: the table compacted on the shelf, whole, out of what every client downloads.
        if (record.finishedAt !== undefined) {
          await compact(record);
          continue;
        }
        // Dealt again after its end: back in the settings, its shelf item removed after the commit.
        if (this.finished.has(record.id)) {
          this.finished.release(shelf, record.id);
          released.push(record.id);
        }
        const plan = planTable(this.stored.get(record.id), record, alone, games);
        rewrite ||= plan.rewrite;
        for (const [key, part] of plan.parts) {
          puts[key] = part;
          if (plan.early) early.add(key);
        }
        if (plan.head) {
          puts[VaultKeys.table(record.id)] = await this.sealHead(plan.head, record, readers);
          sealed = true;
        }
        written.push(plan.stored);
        if (!tables.includes(record.id)) tables.push(record.id);
      }
      Object.assign(puts, ledgerPuts);
      if (Object.keys(ledgerPuts).length > 0) sealed = true;
      // The index follows from the change itself: whatever it adds or takes away, and for whom all is sealed.
      const archivedIds = (change.archived ?? []).map((r) => r.id);
      const finished = this.finished.namesAfter(put, released, archivedIds);
      if (put.length > 0) sealed = true;
      const index = this.nextIndex({ tables, events, archived, records: users, finished }, sealed ? readers : null);
      if (!sameIndex(index, this.index)) puts[VaultKeys.index] = index;
      if (Object.keys(puts).length === 0 && shelf.writes.length === 0) return;
      // The shelf's items first: nothing names them until the index does (the commit point).
      await this.finished.writeBefore(shelf);
      if (Object.keys(puts).length > 0)
        await this.vault.write(puts, alone && !rewrite && !(VaultKeys.index in puts), early);
      this.index = index;
      this.finished.committed(put, released, archivedIds);
      this.finished.noteItems(shelf);
      await this.finished.removeAfter(shelf);
      for (const id of change.deleted ?? []) this.stored.delete(id);
      for (const record of change.archived ?? []) this.stored.delete(record.id);
      for (const table of written) this.stored.set(table.record.id, table);
      for (const event of changedEvents) {
        this.plainEvents.set(event.id, event);
        this.wholeEvents.delete(event.id);
      }
      for (const [user, mine] of changedRecords) this.plainRecords.set(user, mine);
      if (change.requests) this.plainRequests = change.requests;
      const table = written[0];
      if (alone && table && table.steps >= STEPS_PER_RECORD) await this.writeRecord(table, readers);
    });
  }

  /**
   * A table's record written again after its steps (so a load replays few moves). The step before
   * already stored the move: a refused write here changes nothing that matters, and is tried after the next step.
   */
  private async writeRecord(table: StoredTable, readers: Record<string, PublicJwk>): Promise<void> {
    if (!table.key) return;
    // The same epoch: a record written at any length of its log reads on with the steps after it.
    const epoch = table.epoch;
    const puts: Puts = {};
    const index = this.nextIndex(this.index, readers);
    // The index first when it no longer names who everything is sealed for (a reseal then seals all).
    if (!sameIndex(index, this.index)) puts[VaultKeys.index] = index;
    puts[VaultKeys.table(table.record.id)] = await this.sealHead(
      headOf(table.record, table.key, epoch),
      table.record,
      readers,
    );
    try {
      await this.vault.write(puts, true);
      this.index = index;
      this.stored.set(table.record.id, { ...table, epoch, steps: 0 });
    } catch (error) {
      console.warn(`${MODULE_ID} | a table's record was not written again (its moves are stored)`, error);
    }
  }

  /**
   * Seals everything again for the GMs' current keys (a GM published a new key, or connected, so
   * they can open it all and take over), unless it is all sealed for those keys already: a GM
   * reconnecting rewrites nothing. A table's log parts are sealed with its log key, which its record
   * holds: the record is written again, not its log. Archived tables are sealed again too.
   */
  async reseal(): Promise<void> {
    // Nothing this GM holds may be sealed again while the ledger and the tables are kept as they are.
    if (this.lockedLedger) return;
    await this.serial(async () => {
      const readers = this.sealFor();
      const now = readerKeys(readers);
      if (sameReaders(this.index.sealedFor, now)) return;
      const puts: Puts = {};
      const resealed: StoredTable[] = [];
      for (const table of this.stored.values()) {
        if (table.key) {
          // The same epoch, so that a reseal cut short leaves every table readable with its steps.
          const epoch = table.epoch;
          puts[VaultKeys.table(table.record.id)] = await this.sealHead(
            headOf(table.record, table.key, epoch),
            table.record,
            readers,
          );
          resealed.push({ ...table, epoch, steps: 0 });
          continue;
        }
        // Stored in the layout before: its log in parts first, then its record (any prefix reads as before).
        const plan = planTable(table, table.record, false, games);
        for (const [key, part] of plan.parts) puts[key] = part;
        if (plan.head) puts[VaultKeys.table(table.record.id)] = await this.sealHead(plan.head, table.record, readers);
        resealed.push(plan.stored);
      }
      // Every part of each event: one stored whole before is stored in parts from now on.
      // A full entry chunk already on the shelf is sealed again there (FinishedTables.reseal); one still here moves there.
      const ledgerShelf = emptyShelfPlan();
      for (const event of this.plainEvents.values()) {
        const parts = eventParts(event).filter((p) => !(isFullChunk(p) && this.finished.isArchived(p.key)));
        await this.seal(puts, parts, readers, ledgerShelf);
      }
      await this.finished.writeBefore(ledgerShelf);
      this.finished.noteItems(ledgerShelf);
      for (const [user, mine] of this.plainRecords) await this.seal(puts, [recordsPart(user, mine)], readers);
      if (this.plainRequests)
        puts[VaultKeys.requests] = await this.sealer.sealRecord(
          RecordKinds.requests,
          readers,
          this.plainRequests,
          requestsBound(),
        );
      for (const id of this.index.archived) {
        // An archive this GM cannot open stays as it is.
        const archive = await this.openRead(VaultKeys.archive(id), RecordKinds.archive).catch(() => null);
        if (archive === null) continue;
        const bound = recordBound(archive as ArchivedTable, true);
        puts[VaultKeys.archive(id)] = await this.sealer.sealRecord(RecordKinds.archive, readers, archive, bound);
      }
      // The shelf's items under new names, written first; the index names the finished ones' new names.
      const shelf = await this.finished.reseal(readers);
      await this.finished.writeBefore(shelf.plan);
      // Last, so that a write cut short leaves the index saying it is not all done.
      const finished = shelf.put.map((t) => t.name);
      const index: VaultIndex = { ...this.index, ...(finished.length > 0 ? { finished } : {}), sealedFor: now };
      puts[VaultKeys.index] = index;
      // No journal: each record sealed again holds what it held, and an event's head comes after
      // its parts, so any of them may be written alone (an event stored whole stays readable).
      await this.vault.write(puts, true);
      this.index = index;
      for (const table of resealed) this.stored.set(table.record.id, table);
      this.wholeEvents.clear();
      this.finished.committed(shelf.put, [], []);
      this.finished.resealed(shelf.archivedNow);
      await this.finished.removeAfter(shelf.plan);
    });
  }

  /** After a hand-over: this GM's host is stale, so it never writes again. */
  close(): void {
    this.vault.close();
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
