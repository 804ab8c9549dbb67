/**
 * A store that tells, on every stored change, which log entries are new since the last save of
 * that table: that is where the host posts the new rolls to chat. Entries already stored when the
 * host started are never posted again.
 */
import type { StoreChange, StoredBooks, TableRecord, TableStore } from "../table/store";

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
