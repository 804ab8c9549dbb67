/** Where the host keeps tables and the event ledger: memory, localStorage, or Foundry. */
import type { SeatAssignment, LogEntry } from "./protocol";
import type { Ledger } from "./ledger";
import type { Book } from "./betting";

export interface TableRecord {
  readonly id: string;
  readonly gameId: string;
  readonly eventId: string;
  readonly options: unknown;
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
}

export interface TableClock {
  readonly key: string | null;
  readonly startedAt: number;
}

export interface TableStore {
  loadTables(): Promise<TableRecord[]>;
  saveTable(record: TableRecord): Promise<void>;
  deleteTable(id: string): Promise<void>;
  loadLedger(): Promise<Ledger | null>;
  saveLedger(ledger: Ledger): Promise<void>;
}

export class MemoryStore implements TableStore {
  readonly tables = new Map<string, string>();
  ledger: string | null = null;
  writes = 0;

  async loadTables(): Promise<TableRecord[]> {
    return [...this.tables.values()].map((t) => JSON.parse(t) as TableRecord);
  }
  async saveTable(record: TableRecord): Promise<void> {
    this.writes++;
    this.tables.set(record.id, JSON.stringify(record));
  }
  async deleteTable(id: string): Promise<void> {
    this.tables.delete(id);
  }
  async loadLedger(): Promise<Ledger | null> {
    return this.ledger === null ? null : (JSON.parse(this.ledger) as Ledger);
  }
  async saveLedger(ledger: Ledger): Promise<void> {
    this.ledger = JSON.stringify(ledger);
  }
}
