/**
 * Finished tables compacted onto the shelf when their match ends (their settings deleted in the same
 * change), live for the host until archived, which only takes their name out of the index.
 */
import { RECORD_LIMITS, withinJsonBounds } from "../rules/core";
import { type ArchivedTable, type TableRecord, archiveOf } from "../table/store";
import { type PublicJwk, type Sealer, isSealedRecord } from "./crypto";
import { recordBound } from "./public-size";
import { RecordKinds } from "./vault-layout";
import { shelfPartBound } from "./vault-ledger";
import { type ShelfBackend, nextShelfName, parseShelfName, sortShelf } from "./vault-shelf";

/** A finished table on the shelf: its item's name and the record it holds. */
interface OnShelf {
  readonly name: string;
  readonly record: TableRecord;
}

/** What a change does on the shelf: items written before its commit point, items removed after it. */
export interface ShelfPlan {
  readonly writes: [name: string, value: unknown][];
  readonly removals: string[];
}

export const emptyShelfPlan = (): ShelfPlan => ({ writes: [], removals: [] });

export class FinishedTables {
  private readonly live = new Map<string, OnShelf>();
  private readonly archived = new Map<string, string>();

  constructor(
    private readonly shelf: ShelfBackend,
    private readonly sealer: Sealer,
  ) {}

  /** Finished tables named by the index, listed but not opened yet (`openLive`). */
  private listed = new Map<string, string>();

  /**
   * Lists the shelf against the index: the finished tables it names, the archived items (tables, and
   * the ledger's full entry chunks) by name, and the items nothing needs (returned, for a host that may write).
   */
  async list(finished: readonly string[], liveInSettings: readonly string[]): Promise<{ stale: readonly string[] }> {
    this.live.clear();
    this.archived.clear();
    const sorted = sortShelf(await this.shelf.list(), finished, liveInSettings);
    this.listed = new Map(sorted.finished);
    for (const [id, name] of sorted.archived) this.archived.set(id, name);
    return { stale: sorted.stale };
  }

  /** Opens the finished tables the index names; throws when one cannot be opened. */
  async openLive(): Promise<void> {
    for (const [id, name] of this.listed) this.live.set(id, { name, record: (await this.open(name)) as TableRecord });
  }

  async load(finished: readonly string[], liveInSettings: readonly string[]): Promise<{ stale: readonly string[] }> {
    const listed = await this.list(finished, liveInSettings);
    await this.openLive();
    return listed;
  }

  /** The sealed value of an archived item by its id (a ledger chunk moved here: `n-<event>-<k>`); null if none. */
  async sealedItem(id: string): Promise<unknown> {
    const name = this.archived.get(id);
    return name === undefined ? null : this.shelf.read(name);
  }

  /** The finished tables still live, oldest first. */
  records(): TableRecord[] {
    return [...this.live.values()].map((t) => t.record);
  }

  /** The names the index lists: the finished tables still live. */
  names(): string[] {
    return [...this.live.values()].map((t) => t.name);
  }

  /** The names the index lists after a change: those put, less those released or archived. */
  namesAfter(
    put: readonly { readonly id: string; readonly name: string }[],
    released: readonly string[],
    archived: readonly string[],
  ): string[] {
    const names = new Map<string, string>();
    for (const [id, t] of this.live) names.set(id, t.name);
    for (const t of put) names.set(t.id, t.name);
    for (const id of [...released, ...archived]) names.delete(id);
    return [...names.values()];
  }

  has(id: string): boolean {
    return this.live.has(id);
  }

  isArchived(id: string): boolean {
    return this.archived.has(id);
  }

  archivedIds(): string[] {
    return [...this.archived.keys()];
  }

  /** Seals a finished table's whole record for `readers` under its next name (written before the commit). */
  async put(
    plan: ShelfPlan,
    record: TableRecord,
    readers: Readonly<Record<string, PublicJwk>>,
  ): Promise<{ readonly id: string; readonly name: string; readonly record: TableRecord }> {
    const before = this.live.get(record.id)?.name ?? this.archived.get(record.id);
    const name = nextShelfName(record.id, before);
    const sealed = await this.sealer.sealRecord(RecordKinds.finished, readers, record, recordBound(record, true));
    plan.writes.push([name, sealed]);
    if (before !== undefined) plan.removals.push(before);
    return { id: record.id, name, record };
  }

  /** A finished table that is no longer finished (dealt again) or deleted: its item goes after the commit. */
  release(plan: ShelfPlan, id: string): void {
    const name = this.live.get(id)?.name;
    if (name !== undefined) plan.removals.push(name);
  }

  /** After the commit: what the change made of the finished tables. */
  committed(
    put: readonly { readonly id: string; readonly name: string; readonly record: TableRecord }[],
    released: readonly string[],
    archived: readonly string[],
  ): void {
    for (const t of put) {
      this.live.set(t.id, { name: t.name, record: t.record });
      this.archived.delete(t.id);
    }
    for (const id of released) this.live.delete(id);
    for (const id of archived) {
      const name = this.live.get(id)?.name;
      if (name === undefined) continue;
      this.live.delete(id);
      this.archived.set(id, name);
    }
  }

  /** After a commit: the items it wrote that are no finished table's (the ledger's full chunks), now on the shelf. */
  noteItems(plan: ShelfPlan): void {
    for (const [name] of plan.writes) {
      const parsed = parseShelfName(name);
      if (parsed && !this.live.has(parsed.id)) this.archived.set(parsed.id, name);
    }
  }

  /** Items of an earlier layout of the shelf moved into its own (names and values kept). */
  async compact(): Promise<void> {
    await this.shelf.compact?.();
  }

  /** Writes what a plan holds before its commit point. */
  async writeBefore(plan: ShelfPlan): Promise<void> {
    for (const [name, value] of plan.writes) await this.shelf.write(name, value);
  }

  /** Removes what a committed plan no longer needs; a removal refused leaves an item the next load sorts out. */
  async removeAfter(plan: ShelfPlan | { readonly removals: readonly string[] }): Promise<void> {
    for (const name of plan.removals) await this.shelf.remove(name).catch(() => undefined);
  }

  /** An archived (or finished) table, opened for a replay; null when the shelf holds none or it cannot be opened. */
  async readArchive(id: string): Promise<ArchivedTable | null> {
    const name = this.archived.get(id) ?? this.live.get(id)?.name;
    if (name === undefined) return null;
    try {
      return archiveOf((await this.open(name)) as TableRecord);
    } catch {
      return null;
    }
  }

  /**
   * Every item sealed again for `readers` under a new name (the index then names the finished ones'
   * new names); items this GM cannot open stay as they are.
   */
  async reseal(readers: Readonly<Record<string, PublicJwk>>): Promise<{
    readonly plan: ShelfPlan;
    readonly put: { readonly id: string; readonly name: string; readonly record: TableRecord }[];
    readonly archivedNow: Map<string, string>;
  }> {
    const plan = emptyShelfPlan();
    const put: { id: string; name: string; record: TableRecord }[] = [];
    for (const { record } of this.live.values()) put.push(await this.put(plan, record, readers));
    const archivedNow = new Map<string, string>();
    for (const [id, name] of this.archived) {
      const sealed = await this.shelf.read(name);
      if (!isSealedRecord(sealed)) continue;
      const value = await this.sealer.openRecord(sealed, sealed.kind).catch(() => null);
      if (value === null) continue;
      const next = nextShelfName(id, name);
      // A ledger's full chunk (entries, or a table list) is not a table: padded to its own bound (a table's would be NaN).
      const bound = shelfPartBound(sealed.kind, value) ?? recordBound(value as ArchivedTable, true);
      plan.writes.push([next, await this.sealer.sealRecord(sealed.kind, readers, value, bound)]);
      plan.removals.push(name);
      archivedNow.set(id, next);
    }
    return { plan, put, archivedNow };
  }

  /** After a reseal's index is written: the archived tables' new names. */
  resealed(archivedNow: ReadonlyMap<string, string>): void {
    for (const [id, name] of archivedNow) this.archived.set(id, name);
  }

  /** An item opened: a finished table's whole record, or an archive stored before (kind `archive`). */
  private async open(name: string): Promise<unknown> {
    const sealed = await this.shelf.read(name);
    if (!isSealedRecord(sealed)) throw new Error(`no item ${name} on the shelf`);
    const value = await this.sealer.openRecord(sealed, sealed.kind);
    if (!withinJsonBounds(value, RECORD_LIMITS).ok) throw new Error(`item ${name} refused: too large`);
    return value;
  }
}
