/**
 * Where the host keeps tables and the ledger in Foundry: one hidden world setting
 * (`cantina-games.vault`), which the server stores in the world's database and sends to every
 * client. Every table record (with every hidden hand) and the ledger are therefore sealed for the
 * GMs only: each record with a fresh data key, wrapped for each GM who has published a key.
 *
 * A record this GM cannot open (sealed before this browser's key was published) is never
 * overwritten: an unreadable table stays stored as it is, and so does an unreadable ledger. While
 * the stored ledger cannot be opened (`ledgerUnreadable`), every stored table is held back with it
 * (tables settle into the ledger, so none may be played without it) and the ledger is never
 * written; the runtime refuses every change meanwhile (docs/security.md).
 * No Foundry global here: the setting is read and written through `VaultBackend`.
 */
import type { Ledger } from "../table/ledger";
import type { StoreChange, StoredBooks, TableRecord, TableStore } from "../table/store";
import { MODULE_ID } from "./api";
import { type PublicJwk, type SealedRecord, type Sealer, isSealedRecord } from "./crypto";

export interface Vault {
  readonly v: 1;
  readonly tables: Readonly<Record<string, SealedRecord>>;
  readonly ledger: SealedRecord | null;
}

export interface VaultBackend {
  read(): unknown;
  write(vault: Vault): Promise<void>;
}

/** Why a commit is refused while the stored ledger cannot be opened. */
export const LEDGER_LOCKED = "the stored event ledger cannot be opened on this browser";

export const RecordKinds = { table: "table", ledger: "ledger" } as const;

export function emptyVault(): Vault {
  return { v: 1, tables: {}, ledger: null };
}

export function asVault(raw: unknown): Vault {
  if (typeof raw !== "object" || raw === null) return emptyVault();
  const r = raw as Record<string, unknown>;
  const tables: Record<string, SealedRecord> = {};
  if (typeof r.tables === "object" && r.tables !== null) {
    for (const [id, t] of Object.entries(r.tables as Record<string, unknown>)) if (isSealedRecord(t)) tables[id] = t;
  }
  return { v: 1, tables, ledger: isSealedRecord(r.ledger) ? r.ledger : null };
}

export class SealedStore implements TableStore {
  /** Tables stored here that this GM cannot open (sealed before this GM published a key). */
  readonly unreadable: string[] = [];
  /** Tables not loaded because the stored ledger they settle into cannot be opened (kept as they are). */
  readonly heldBack: string[] = [];
  private readonly plainTables = new Map<string, TableRecord>();
  private plainLedger: Ledger | null = null;
  private lockedLedger = false;
  private vault: Vault;
  private writes: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly sealer: Sealer,
    /** The GMs' published keys: every record is sealed for each of them. */
    private readonly readers: () => Readonly<Record<string, PublicJwk>>,
    private readonly backend: VaultBackend,
  ) {
    this.vault = asVault(backend.read());
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

  /** Opens the stored ledger, or notes that it cannot be opened. */
  private async openLedger(sealed: SealedRecord | null): Promise<Ledger | null> {
    this.plainLedger = null;
    this.lockedLedger = false;
    if (!sealed) return null;
    try {
      this.plainLedger = (await this.sealer.openRecord(sealed, RecordKinds.ledger)) as Ledger;
    } catch {
      this.lockedLedger = true;
    }
    return this.plainLedger;
  }

  /** Opens every stored record this GM can open (see `unreadable`, `heldBack`, `ledgerUnreadable`). */
  async load(): Promise<StoredBooks> {
    this.vault = asVault(this.backend.read());
    this.unreadable.length = 0;
    this.heldBack.length = 0;
    this.plainTables.clear();
    const ledger = await this.openLedger(this.vault.ledger);
    const tables: TableRecord[] = [];
    for (const [id, sealed] of Object.entries(this.vault.tables)) {
      if (this.lockedLedger) {
        this.heldBack.push(id);
        continue;
      }
      try {
        const record = (await this.sealer.openRecord(sealed, RecordKinds.table)) as TableRecord;
        this.plainTables.set(id, record);
        tables.push(record);
      } catch {
        this.unreadable.push(id);
      }
    }
    return { tables, ledger };
  }

  /**
   * One change is one write of the vault setting: the tables and the ledger it touches, sealed
   * again, replace their old versions together, or the write is refused and nothing changes.
   */
  async commit(change: StoreChange): Promise<void> {
    if (this.lockedLedger) {
      // Never overwrite a ledger this GM cannot open, nor anything that settles into it.
      console.error(`${MODULE_ID} | the stored ledger cannot be opened on this browser: not overwriting it`);
      throw new Error(LEDGER_LOCKED);
    }
    const readers = this.sealFor();
    const sealedTables: Record<string, SealedRecord> = {};
    for (const record of change.tables ?? [])
      sealedTables[record.id] = await this.sealer.sealRecord(RecordKinds.table, readers, record);
    const sealedLedger = change.ledger
      ? await this.sealer.sealRecord(RecordKinds.ledger, readers, change.ledger)
      : null;
    await this.update((v) => {
      const tables = { ...v.tables, ...sealedTables };
      for (const id of change.deleted ?? []) delete tables[id];
      return { ...v, tables, ledger: sealedLedger ?? v.ledger };
    });
    for (const id of change.deleted ?? []) this.plainTables.delete(id);
    for (const record of change.tables ?? []) this.plainTables.set(record.id, record);
    if (change.ledger) this.plainLedger = change.ledger;
  }

  /** Seals everything again (a GM published a new key, so they can take over as host). */
  async reseal(): Promise<void> {
    // Nothing this GM holds may be sealed again while the ledger and the tables are kept as they are.
    if (this.lockedLedger) return;
    const readers = this.sealFor();
    const tables: Record<string, SealedRecord> = {};
    for (const [id, record] of this.plainTables)
      tables[id] = await this.sealer.sealRecord(RecordKinds.table, readers, record);
    const ledger = this.plainLedger
      ? await this.sealer.sealRecord(RecordKinds.ledger, readers, this.plainLedger)
      : null;
    await this.update((v) => ({ v: 1, tables: { ...v.tables, ...tables }, ledger: ledger ?? v.ledger }));
  }

  /** After a hand-over: this GM's host is stale, so it never writes again. */
  close(): void {
    this.closed = true;
  }

  /** Writes one at a time, each from the latest vault, so no write undoes another. */
  private update(change: (vault: Vault) => Vault): Promise<void> {
    if (this.closed) return Promise.resolve();
    const run = this.writes.then(async () => {
      const next = change(this.vault);
      // The vault in memory moves on only once the write is stored: a refused write changes nothing.
      await this.backend.write(next);
      this.vault = next;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every write so far is done (before handing over to another GM). */
  async flush(): Promise<void> {
    await this.writes;
  }
}

/**
 * A store that tells, on every save, which log entries are new since the last save of that
 * table: that is where the host posts the new rolls to chat. Entries already stored when the host
 * started are never posted again.
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
    for (const record of change.tables ?? []) {
      const last = this.seen.get(record.id) ?? -1;
      this.seen.set(record.id, Math.max(last, record.version));
      const fresh = record.log.filter((e) => e.version > last);
      if (fresh.length > 0) this.onNewEntries(record, fresh);
    }
  }
}
