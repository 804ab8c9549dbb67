/**
 * How the vault's records reach the world settings: one change as one journal write (the commit
 * point) then its puts, or a few puts in order whose last is the commit point; a crash's journal completed.
 */
import { StoreErrors, StoreWriteError } from "../table/store";
import { type Puts, VaultKeys, asJournal } from "./vault-layout";
import type { ShelfBackend } from "./vault-shelf";

/**
 * Reads and writes one vault record (a world setting) by its key; `null` deletes it (Foundry: the
 * Setting document deleted, so no emptied setting stays for every client to download).
 */
export interface VaultBackend {
  read(key: string): unknown;
  write(key: string, value: unknown): Promise<void>;
  /** Where finished tables go (Foundry: a world compendium pack); absent: kept in the settings (tests). */
  readonly shelf?: ShelfBackend;
  /** Every vault key stored, emptied ones included (an earlier version left them holding `null`). */
  keys?(): readonly string[];
}

export class VaultWriter {
  /** Puts committed (the journal holds them) but not all applied yet: applied before the next change. */
  private pending: Puts | null = null;
  private closed = false;

  constructor(private readonly backend: VaultBackend) {}

  /** Completes the change a crash left half-applied (writing only what differs), if any. */
  async recover(): Promise<void> {
    const journal = asJournal(this.backend.read(VaultKeys.journal));
    if (!journal) return;
    this.pending = journal;
    await this.applyPending(true).catch(() => undefined);
  }

  /** A value as stored, or as a committed change not yet applied will store it. */
  read(key: string): unknown {
    if (this.pending && Object.prototype.hasOwnProperty.call(this.pending, key)) return this.pending[key];
    return this.backend.read(key);
  }

  /**
   * The puts in their order, the last being the commit point (`direct`); else the journal (the
   * commit point), then each put, then the journal emptied. The `early` keys' puts go first, each
   * written once, outside the journal: values nothing reads until the commit point names them (a log
   * part past its record's length, a chunk's items past its head's count). A refused first write
   * changes nothing that is read, and throws.
   */
  async write(puts: Puts, direct = false, early: ReadonlySet<string> = new Set()): Promise<void> {
    if (this.closed) throw new StoreWriteError(StoreErrors.closed);
    // A change committed before but not yet applied goes first, or this one would be undone by it.
    await this.applyPending(false);
    const rest: Puts = {};
    for (const [key, value] of Object.entries(puts))
      if (early.has(key)) await this.backend.write(key, value);
      else rest[key] = value;
    if (direct) {
      for (const [key, value] of Object.entries(rest)) await this.backend.write(key, value);
      return;
    }
    await this.backend.write(VaultKeys.journal, { puts: rest });
    this.pending = rest;
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

  /** After a hand-over: this GM's host is stale, so it never writes again. */
  close(): void {
    this.closed = true;
  }
}
