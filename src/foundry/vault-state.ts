/**
 * What the sealed store (sealed-store.ts) holds in memory of the vault, shared by what it does with
 * it: committing a change (vault-commit.ts), sealing all again (vault-reseal.ts), putting an earlier
 * layout right (vault-migrate.ts); and how each of them seals a record.
 */
import type { EventLedger } from "../table/ledger";
import type { UserRecords } from "../table/protocol";
import type { Tournament } from "../tournament";
import type { AnsweredRequests, TableRecord } from "../table/store";
import type { PublicJwk, Sealer } from "./crypto";
import { recordBound, requestsBound } from "./public-size";
import { type VaultPart, isFullChunk } from "./vault-ledger";
import {
  EMPTY_INDEX,
  type Puts,
  RecordKinds,
  type TableHead,
  type VaultIndex,
  indexAfter,
  readerKeys,
} from "./vault-layout";
import type { StoredTable } from "./vault-tables";
import type { VaultWriter } from "./vault-writer";
import type { FinishedTables, ShelfPlan } from "./vault-finished";

export class VaultState {
  readonly stored = new Map<string, StoredTable>();
  readonly plainEvents = new Map<string, EventLedger>();
  /** Events stored whole (the layout before parts): their next write stores every part. */
  readonly wholeEvents = new Set<string>();
  readonly plainRecords = new Map<string, UserRecords>();
  /** The Sabacc tournaments as stored (issue 37), each one record. */
  readonly plainTournaments = new Map<string, Tournament>();
  plainRequests: AnsweredRequests | null = null;
  index: VaultIndex = EMPTY_INDEX;

  constructor(
    readonly sealer: Sealer,
    readonly vault: VaultWriter,
    /** Finished tables, compacted on the shelf (vault-finished.ts). */
    readonly finished: FinishedTables,
  ) {}

  /** Forgets what was loaded (before loading again). */
  clear(): void {
    this.stored.clear();
    this.plainEvents.clear();
    this.wholeEvents.clear();
    this.plainRecords.clear();
    this.plainTournaments.clear();
  }

  /** The index after a change that sealed records for `readers` (null: sealed nothing). */
  nextIndex(ids: Omit<VaultIndex, "v" | "sealedFor">, readers: Record<string, PublicJwk> | null): VaultIndex {
    const empty =
      !this.plainRequests && Object.values(this.index).every((x: unknown) => !Array.isArray(x) || x.length === 0);
    return indexAfter(this.index, ids, readers && readerKeys(readers), empty);
  }

  /** Seals `parts` into `puts`; a full entry chunk (never written again) goes to the shelf's plan instead. */
  async seal(
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

  sealHead(head: TableHead, record: TableRecord, readers: Record<string, PublicJwk>) {
    return this.sealer.sealRecord(RecordKinds.table, readers, head, recordBound(record));
  }

  sealRequests(requests: AnsweredRequests, readers: Record<string, PublicJwk>) {
    return this.sealer.sealRecord(RecordKinds.requests, readers, requests, requestsBound());
  }
}
