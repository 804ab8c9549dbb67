/**
 * Where the host keeps tables and the ledger in Foundry: hidden world settings, sealed for the GMs,
 * each change writing only what changed (docs/foundry.md "Storage figures"; keys in vault-layout.ts).
 * This file loads and reads the vault; committing a change is vault-commit.ts, sealing all again for
 * new keys vault-reseal.ts, putting an earlier layout right vault-migrate.ts.
 */
import { RECORD_LIMITS, withinJsonBounds } from "../rules/core";
import { games } from "../games";
import type { Ledger } from "../table/ledger";
import type { UserRecords } from "../table/protocol";
import {
  type ArchivedTable,
  type StoreChange,
  type StoredBooks,
  type TableRecord,
  type TableStore,
  StoreErrors,
  StoreWriteError,
  asAnsweredRequests,
} from "../table/store";
import { MODULE_ID } from "./api";
import { type PublicJwk, type Sealer, isSealedRecord } from "./crypto";
import { isFullChunkKey, isHeadWithLists, isTournament, isWholeEvent, readEvent } from "./vault-ledger";
import { RecordKinds, type TableHead, VaultKeys, asIndex } from "./vault-layout";
import { readTable } from "./vault-tables";
import { type VaultBackend, VaultWriter } from "./vault-writer";
import { FinishedTables } from "./vault-finished";
import { settingsShelf } from "./vault-shelf";
import { VaultState } from "./vault-state";
import { commitChange } from "./vault-commit";
import { resealAll } from "./vault-reseal";
import { migrate } from "./vault-migrate";

export { LOG_CHUNK, RecordKinds, VaultKeys, type VaultIndex } from "./vault-layout";
export type { VaultBackend } from "./vault-writer";
export { TappedStore } from "./tapped-store";

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
  private lockedLedger = false;
  private writes: Promise<void> = Promise.resolve();
  /** What is loaded of the vault, shared by what the store does with it (vault-state.ts). */
  private readonly state: VaultState;

  constructor(
    private readonly sealer: Sealer,
    /** The GMs' published keys: every record is sealed for each of them. */
    private readonly readers: () => Readonly<Record<string, PublicJwk>>,
    private readonly backend: VaultBackend,
  ) {
    this.state = new VaultState(
      sealer,
      new VaultWriter(backend),
      new FinishedTables(backend.shelf ?? settingsShelf(backend), sealer),
    );
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
    await this.state.vault.recover();
    this.state.index = asIndex(this.state.vault.read(VaultKeys.index));
    this.unreadable.length = 0;
    this.heldBack.length = 0;
    this.state.clear();
    this.lockedLedger = false;
    // The shelf listed first: the ledger's full entry chunks are on it.
    const { stale } = await this.state.finished.list(this.state.index.finished ?? [], this.state.index.tables);
    const open = (key: string, kind: string): Promise<unknown> => this.openRead(key, kind);
    for (const id of this.state.index.events) {
      try {
        const head = await open(VaultKeys.event(id), RecordKinds.ledger);
        if (isWholeEvent(head) || isHeadWithLists(head)) this.state.wholeEvents.add(id);
        this.state.plainEvents.set(id, await readEvent(head, open));
      } catch {
        this.lockedLedger = true;
      }
    }
    for (const user of this.state.index.records) {
      try {
        this.state.plainRecords.set(user, (await open(VaultKeys.records(user), RecordKinds.records)) as UserRecords);
      } catch {
        this.lockedLedger = true;
      }
    }
    for (const id of this.state.index.tournaments ?? []) {
      try {
        const tournament = await open(VaultKeys.tournament(id), RecordKinds.tournament);
        if (!isTournament(tournament)) throw new Error(`malformed tournament ${id}`);
        this.state.plainTournaments.set(id, tournament);
      } catch {
        this.lockedLedger = true;
      }
    }
    const tables: TableRecord[] = [];
    if (this.lockedLedger) this.heldBack.push(...(this.state.index.finished ?? []));
    else
      try {
        await this.state.finished.openLive();
        tables.push(...this.state.finished.records());
      } catch {
        // A finished table this GM cannot open: every one is kept as it is, like an unreadable record.
        this.unreadable.push(...(this.state.index.finished ?? []));
      }
    for (const id of this.state.index.tables) {
      if (this.lockedLedger) {
        this.heldBack.push(id);
        continue;
      }
      try {
        const head = (await open(VaultKeys.table(id), RecordKinds.table)) as TableHead;
        const read = (key: string): unknown => this.state.vault.read(key);
        const table = await readTable(id, head, read, (key) => open(key, RecordKinds.log), games);
        this.state.stored.set(id, table);
        tables.push(table.record);
      } catch {
        this.unreadable.push(id);
      }
    }
    tables.sort((a, b) => a.createdAt - b.createdAt);
    const ledger: Ledger | null =
      this.lockedLedger || (this.state.plainEvents.size === 0 && this.state.plainRecords.size === 0)
        ? null
        : {
            events: Object.fromEntries(this.state.plainEvents),
            ...(this.state.plainRecords.size > 0 ? { records: Object.fromEntries(this.state.plainRecords) } : {}),
            ...(this.state.plainTournaments.size > 0
              ? { tournaments: Object.fromEntries(this.state.plainTournaments) }
              : {}),
          };
    this.state.plainRequests = null;
    if (isSealedRecord(this.state.vault.read(VaultKeys.requests)))
      try {
        this.state.plainRequests = asAnsweredRequests(await open(VaultKeys.requests, RecordKinds.requests));
      } catch {
        // Sealed before this GM published a key: repeats are then checked like new requests.
      }
    if (!this.lockedLedger && this.unreadable.length === 0)
      await migrate(this.state, this.backend, tables, stale, {
        serial: (task) => this.serial(task),
        commit: (change) => this.commit(change),
      });
    return { tables, ledger, ...(this.state.plainRequests ? { requests: this.state.plainRequests } : {}) };
  }

  /** An archived table opened for a replay; null when none is stored under the id or it cannot be opened. */
  async readArchive(id: string): Promise<ArchivedTable | null> {
    await this.writes;
    if (this.state.finished.isArchived(id) || this.state.finished.has(id)) return this.state.finished.readArchive(id);
    if (!this.state.index.archived.includes(id)) return null;
    try {
      return (await this.openRead(VaultKeys.archive(id), RecordKinds.archive)) as ArchivedTable;
    } catch {
      return null;
    }
  }

  private async openRead(key: string, kind: string): Promise<unknown> {
    const stored = this.state.vault.read(key);
    // A full entry chunk of the ledger is on the shelf (never written again: out of every client's load).
    const sealed = stored === null && isFullChunkKey(key) ? await this.state.finished.sealedItem(key) : stored;
    if (!isSealedRecord(sealed)) throw new Error(`no record ${key}`);
    const value = await this.sealer.openRecord(sealed, kind);
    // Too big to walk: refused like a record this GM cannot open (kept as stored, never overwritten).
    if (!withinJsonBounds(value, RECORD_LIMITS).ok) throw new Error(`record ${key} refused: too large`);
    return value;
  }

  /** One change, one commit point (vault-commit.ts). A refused first write changes nothing and throws. */
  commit(change: StoreChange): Promise<void> {
    return this.serial(async () => {
      if (this.lockedLedger) {
        // Never overwrite a ledger this GM cannot open, nor anything that settles into it.
        console.error(`${MODULE_ID} | the stored ledger cannot be opened on this browser: not overwriting it`);
        throw new StoreWriteError(StoreErrors.ledgerLocked);
      }
      await commitChange(this.state, change, this.sealFor());
    });
  }

  /**
   * Seals everything again for the GMs' current keys, unless it is all sealed for them already
   * (vault-reseal.ts).
   */
  async reseal(): Promise<void> {
    // Nothing this GM holds may be sealed again while the ledger and the tables are kept as they are.
    if (this.lockedLedger) return;
    await this.serial(() => resealAll(this.state, this.sealFor(), (key, kind) => this.openRead(key, kind)));
  }

  /** After a hand-over: this GM's host is stale, so it never writes again. */
  close(): void {
    this.state.vault.close();
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
