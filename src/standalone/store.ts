/**
 * Tables and the ledger in the GM tab's localStorage, so a reload resumes where it was. Each change
 * goes through a write-ahead journal (`cantina-games:journal`, see JournaledKeyValue): a tab closed,
 * or a quota exceeded, halfway through a change leaves it either not stored or completed at load.
 */
import {
  type KeyValueBackend,
  type StoreChange,
  type StoredBooks,
  type TableStore,
  JournaledKeyValue,
  StoreErrors,
  StoreWriteError,
  putsOf,
  readStoredBooks,
} from "../table/store";

const PREFIX = "cantina-games:";
const TABLE = `${PREFIX}table:`;
const LEDGER = `${PREFIX}ledger`;
/** The requests answered lately (their ids), stored with each change that answers one. */
const REQUESTS = `${PREFIX}requests`;

function storageBackend(storage: Storage): KeyValueBackend {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
    keys: () => {
      const out: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(PREFIX)) out.push(key);
      }
      return out;
    },
  };
}

export class LocalStorageStore implements TableStore {
  private readonly kv: JournaledKeyValue;
  private ledgerRefused = false;

  constructor(storage: Storage) {
    this.kv = new JournaledKeyValue(storageBackend(storage), `${PREFIX}journal`);
  }

  async load(): Promise<StoredBooks> {
    try {
      this.kv.recover();
    } catch {
      // Not applied now (a full quota): the journal is read through and applied before the next change.
    }
    const tables: [string, string][] = [];
    for (const key of this.kv.keys()) {
      if (!key.startsWith(TABLE)) continue;
      const raw = this.kv.get(key);
      if (raw) tables.push([key, raw]);
    }
    const ledger = this.kv.get(LEDGER);
    const requests = this.kv.get(REQUESTS);
    // Each value read within the record limits; a ledger refused is never overwritten (commit refuses).
    const read = readStoredBooks(tables, ledger ? [LEDGER, ledger] : null, requests ? [REQUESTS, requests] : null);
    this.ledgerRefused = !read.ledgerRead.ok;
    return read.books;
  }

  async commit(change: StoreChange): Promise<void> {
    if (this.ledgerRefused) throw new StoreWriteError(StoreErrors.ledgerRefused);
    this.kv.write(
      putsOf(
        change,
        (id) => `${TABLE}${id}`,
        LEDGER,
        (id) => `${PREFIX}archive:${id}`,
        REQUESTS,
      ),
    );
  }
}
