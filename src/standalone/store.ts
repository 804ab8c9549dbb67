/** Tables and the ledger in the GM tab's localStorage, so a reload resumes where it was. */
import type { Ledger } from "../table/ledger";
import type { TableRecord, TableStore } from "../table/store";

const PREFIX = "cantina-games:";

export class LocalStorageStore implements TableStore {
  constructor(private readonly storage: Storage) {}

  async loadTables(): Promise<TableRecord[]> {
    const out: TableRecord[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (!key?.startsWith(`${PREFIX}table:`)) continue;
      const raw = this.storage.getItem(key);
      if (raw) out.push(JSON.parse(raw) as TableRecord);
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }
  async saveTable(record: TableRecord): Promise<void> {
    this.storage.setItem(`${PREFIX}table:${record.id}`, JSON.stringify(record));
  }
  async deleteTable(id: string): Promise<void> {
    this.storage.removeItem(`${PREFIX}table:${id}`);
  }
  async loadLedger(): Promise<Ledger | null> {
    const raw = this.storage.getItem(`${PREFIX}ledger`);
    return raw ? (JSON.parse(raw) as Ledger) : null;
  }
  async saveLedger(ledger: Ledger): Promise<void> {
    this.storage.setItem(`${PREFIX}ledger`, JSON.stringify(ledger));
  }
}
