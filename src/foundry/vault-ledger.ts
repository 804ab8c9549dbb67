/**
 * An event of the ledger as the vault stores it, so that a change writes what changed, not the
 * night (issue 23):
 *
 *   e-<event>          its head: everything but the entries, with how many counted entries there
 *                      are and which tables have bet returns                       (sealed, "ledger")
 *   n-<event>-<k>      the k-th chunk of ENTRY_CHUNK counted entries               (sealed, "entries")
 *   b-<event>-<table>  that table's bet returns (payouts, refunds, the winner's share), each with
 *                      its place among the event's entries                         (sealed, "returns")
 *   m-<event>-<list>-<k>  the k-th chunk of TABLE_CHUNK tables of one of its lists: `tables` (their
 *                      labels), `settled`, `returns` (those with bet returns)      (sealed, "tablelist")
 *
 * The lists of tables are in chunks, not in the head (issue 34): a head naming every table settled
 * grew night after night and was written again at each settlement. Full chunks go to the shelf.
 *
 * How many entries a chunk holds is public (every entry but a bet's return is a visible change:
 * docs/security.md, "What lengths reveal"), so the chunks are cut by count. How many bets won is
 * not, so the returns are kept per table, padded to the bound of every stake at that table coming
 * back once, plus the winner's share. Each part is padded to a bound of public facts only.
 * An event stored whole (the layout before) is read as it is and stored in parts at its next write.
 */
import { type EventLedger, dict } from "../table/ledger";
import type { TableLabel } from "../table/protocol";
import { LedgerSizes } from "../table/ledger-sizes";
import type { LedgerEntryView, UserRecords } from "../table/protocol";
import { RecordKinds, VaultKeys, chunkCount } from "./vault-layout";
import { tournamentBound } from "../table/concerns/tournament/sizes";
import type { Tournament } from "../tournament";

/** Counted entries per stored chunk: a change rewrites the last one and any new one. */
export const ENTRY_CHUNK = 8;

/** A chunk holding ENTRY_CHUNK entries: never written again, so kept on the shelf (vault-shelf.ts), out of every client's load. */
export const isFullChunk = (part: VaultPart): boolean =>
  Array.isArray(part.value) &&
  ((part.kind === RecordKinds.entries && part.value.length === ENTRY_CHUNK) ||
    (part.kind === RecordKinds.tableList && part.value.length === TABLE_CHUNK));

/** Whether a vault key is a chunk's (`n-<event>-<k>`, `m-<event>-<list>-<k>`): one missing from the settings is on the shelf. */
export const isFullChunkKey = (key: string): boolean => key.startsWith("n-") || key.startsWith("m-");

/** Tables per stored chunk of an event's lists of tables: a settlement rewrites the last chunk, not the list. */
export const TABLE_CHUNK = 16;

/** An event's lists of tables, each only ever appended to (labels in the order they were numbered). */
const TABLE_LISTS = ["tables", "settled", "returns"] as const;
type TableListName = (typeof TABLE_LISTS)[number];
type TableLists = Partial<Record<TableListName, readonly unknown[]>>;

/** An event's head as stored. */
export type EventHead = Omit<EventLedger, "entries" | "settledTables" | "tables"> & {
  /** How many counted entries its chunks hold (entries past it, left by a change not made, are not read). */
  readonly counted: number;
  /** How many tables each list's chunks hold (`tables` absent: an event stored before it had labels). */
  readonly lists: Partial<Record<TableListName, number>>;
};

/** A head stored before the lists of tables were chunked: the lists in it. */
type HeadWithLists = Omit<EventLedger, "entries"> & { readonly counted: number; readonly returnTables: unknown };

/** Whether an opened head holds its lists of tables (the layout before): its next change writes every part. */
export const isHeadWithLists = (head: unknown): boolean =>
  typeof head === "object" && head !== null && Array.isArray((head as { returnTables?: unknown }).returnTables);

function tableLists(event: EventLedger, returns: ReadonlyMap<string, unknown>): TableLists {
  const lists = { settled: event.settledTables, returns: [...returns.keys()] };
  if (!event.tables) return lists;
  return { ...lists, tables: Object.entries(event.tables).sort(([, a], [, b]) => a.number - b.number) };
}

/** The first chunk of `list` to write when `old` is what is stored: none if unchanged, all if not appended to. */
const isPrefix = (old: readonly unknown[], list: readonly unknown[]): boolean =>
  old.length <= list.length && old.every((x, i) => JSON.stringify(x) === JSON.stringify(list[i]));

function listStart(list: readonly unknown[], old: readonly unknown[] | undefined): number {
  if (!old || !isPrefix(old, list)) return 0;
  return old.length === list.length ? chunkCount(list.length, TABLE_CHUNK) : Math.floor(old.length / TABLE_CHUNK);
}

/** A bet's return as stored, with its place among the event's entries. */
export interface StoredReturn {
  readonly seq: number;
  readonly entry: LedgerEntryView;
}

/** One record to seal and write: its key, kind, plain value and the bound it is padded to. */
export interface VaultPart {
  readonly key: string;
  readonly kind: string;
  readonly value: unknown;
  readonly bound: number;
  /**
   * Safe to write before the change's commit point, outside its journal: a chunk that only appends
   * to what is stored, whose items past the head's count are not read until the head says so.
   */
  readonly early?: boolean;
}

/** The table of a bet's return (a payout, a refund, a winner's share); null for any other entry. */
function returnTable(entry: LedgerEntryView): string | null {
  const bet = entry.kind === "bet" ? entry.detail?.bet : undefined;
  if (bet === undefined || bet === "stake") return null;
  return entry.detail?.table ?? null;
}

/** An entry's bound in a chunk: the entry's allowance, and a GM adjustment's reason. */
const countedBound = (entry: LedgerEntryView): number =>
  LedgerSizes.entry + (entry.kind === "adjustment" ? LedgerSizes.reason : 0);

/** A chunk's bound: its entries' (the same when it is sealed again on the shelf). */
export const chunkBound = (chunk: readonly LedgerEntryView[]): number => chunk.reduce((n, e) => n + countedBound(e), 0);

/** A chunk of an event's table lists: one table's allowance each (the same when sealed again on the shelf). */
export const tableListBound = (chunk: readonly unknown[]): number => LedgerSizes.table * chunk.length;

/** The bound of a ledger part kept on the shelf (an entry chunk or a table-list chunk); null for any other kind. */
export function shelfPartBound(kind: string, value: unknown): number | null {
  if (!Array.isArray(value)) return null;
  if (kind === RecordKinds.entries) return chunkBound(value as LedgerEntryView[]);
  if (kind === RecordKinds.tableList) return tableListBound(value);
  return null;
}

/** A table's returns' bound: each stake at that table back once, and the winner's share. */
function returnsBound(event: EventLedger, table: string): number {
  const stakes = event.entries.filter(
    (e) => e.kind === "bet" && e.detail?.bet === "stake" && e.detail.table === table,
  ).length;
  return LedgerSizes.entry * (stakes + 1);
}

/** A head's bound: its own fields, its lists' counts (one table's allowance), its accounts. */
function headBound(head: EventHead): number {
  return LedgerSizes.event + LedgerSizes.table + LedgerSizes.account * Object.keys(head.accounts).length;
}

interface Split {
  readonly counted: LedgerEntryView[];
  readonly returns: Map<string, StoredReturn[]>;
}

/**
 * The counted entries, and the returns of each table with a stake (none yet: an empty record, so
 * whether any bet has won or been refunded never shows in which records there are).
 */
function split(entries: readonly LedgerEntryView[]): Split {
  const counted: LedgerEntryView[] = [];
  const returns = new Map<string, StoredReturn[]>();
  entries.forEach((entry, seq) => {
    const table = returnTable(entry);
    if (table === null) {
      counted.push(entry);
      const staked = entry.kind === "bet" && entry.detail?.bet === "stake" ? entry.detail.table : undefined;
      if (staked !== undefined && !returns.has(staked)) returns.set(staked, []);
    } else returns.set(table, [...(returns.get(table) ?? []), { seq, entry }]);
  });
  return { counted, returns };
}

/** Whether `event`'s entries start with every entry of `before` (entries are only ever appended). */
function appendsTo(before: EventLedger, event: EventLedger): boolean {
  if (event.entries.length < before.entries.length) return false;
  return before.entries.every(
    (e, i) => e === event.entries[i] || JSON.stringify(e) === JSON.stringify(event.entries[i]),
  );
}

/**
 * The records an event's change writes: the chunks its new counted entries fall in, the returns of
 * each table that got a new one, then the head. `before`: the event as stored in parts (absent: a
 * new event, or one stored whole before, whose every part is written).
 */
export function eventParts(event: EventLedger, before?: EventLedger): VaultPart[] {
  const { entries: _entries, settledTables: _settled, tables: _tables, ...rest } = event;
  const { counted, returns } = split(event.entries);
  const lists = tableLists(event, returns);
  const counts: Partial<Record<TableListName, number>> = {};
  for (const name of TABLE_LISTS) if (lists[name]) counts[name] = lists[name].length;
  const head: EventHead = { ...rest, counted: counted.length, lists: counts };
  const parts: VaultPart[] = [];
  let firstChunk = 0;
  let tables: Iterable<string> = returns.keys();
  let oldLists: TableLists = {};
  const appended = before !== undefined && appendsTo(before, event);
  if (appended) {
    const old = split(before.entries);
    oldLists = tableLists(before, old.returns);
    firstChunk = Math.floor(old.counted.length / ENTRY_CHUNK);
    if (old.counted.length === counted.length) firstChunk = chunkCount(counted.length, ENTRY_CHUNK);
    tables = [...returns.keys()].filter((t) => returns.get(t)?.length !== old.returns.get(t)?.length);
  }
  for (let k = firstChunk; k < chunkCount(counted.length, ENTRY_CHUNK); k++) {
    const chunk = counted.slice(k * ENTRY_CHUNK, (k + 1) * ENTRY_CHUNK);
    parts.push({
      key: VaultKeys.entries(event.id, k),
      kind: RecordKinds.entries,
      value: chunk,
      bound: chunkBound(chunk),
      early: appended,
    });
  }
  for (const table of tables)
    parts.push({
      key: VaultKeys.returns(event.id, table),
      kind: RecordKinds.returns,
      value: returns.get(table) ?? [],
      bound: returnsBound(event, table),
    });
  for (const name of TABLE_LISTS) {
    const list = lists[name];
    if (!list) continue;
    const old = oldLists[name];
    const start = listStart(list, old);
    // Appended to (what is stored is a prefix): the chunks from the old end only add items past the count.
    const early = appended && old !== undefined && isPrefix(old, list);
    for (let k = start; k < chunkCount(list.length, TABLE_CHUNK); k++) {
      const chunk = list.slice(k * TABLE_CHUNK, (k + 1) * TABLE_CHUNK);
      const key = VaultKeys.tableList(event.id, name, k);
      parts.push({ key, kind: RecordKinds.tableList, value: chunk, bound: tableListBound(chunk), early });
    }
  }
  // Last: a reader of the settings sees the head only once its parts are there.
  parts.push({ key: VaultKeys.event(event.id), kind: RecordKinds.ledger, value: head, bound: headBound(head) });
  return parts;
}

/** A user's personal records as stored: padded to their count (public, like a ledger push's). */
export function recordsPart(user: string, records: UserRecords): VaultPart {
  return {
    key: VaultKeys.records(user),
    kind: RecordKinds.records,
    value: records,
    bound: LedgerSizes.push + LedgerSizes.record * Object.keys(records).length,
  };
}

/**
 * A Sabacc tournament as stored: one record, padded to the bound its ledger push has with no one's
 * characters (tournamentBound: its public view and the counts of what differs by viewer).
 */
export function tournamentPart(tournament: Tournament): VaultPart {
  return {
    key: VaultKeys.tournament(tournament.id),
    kind: RecordKinds.tournament,
    value: tournament,
    bound: tournamentBound(tournament, 0, 0),
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Whether an opened record has a tournament's shape (its maps and lists where the rules read them). */
export function isTournament(value: unknown): value is Tournament {
  return (
    isObject(value) &&
    typeof value.id === "string" &&
    typeof value.eventId === "string" &&
    isObject(value.participants) &&
    isObject(value.circuits) &&
    isObject(value.transfers) &&
    Array.isArray(value.audit) &&
    Array.isArray(value.matches)
  );
}

/** An event stored whole, in the layout before the parts (its head holds its entries). */
export function isWholeEvent(head: unknown): head is EventLedger {
  return typeof head === "object" && head !== null && Array.isArray((head as { entries?: unknown }).entries);
}

/**
 * An event read back from its opened head and parts (`open` opens one sealed record by key and
 * kind, throwing when it cannot). Throws when a part is missing or the parts do not fit together.
 */
export async function readEvent(
  head: unknown,
  open: (key: string, kind: string) => Promise<unknown>,
): Promise<EventLedger> {
  if (isWholeEvent(head)) return head;
  const { counted, lists, returnTables: inHead, ...fields } = head as EventHead & { returnTables?: unknown };
  if (typeof counted !== "number") throw new Error(`malformed event ${fields.id}`);
  let rest: Omit<EventLedger, "entries">;
  let returnTables: unknown;
  if (isHeadWithLists(head)) {
    rest = fields as Omit<HeadWithLists, "counted" | "returnTables">;
    returnTables = inHead;
  } else {
    if (typeof lists !== "object" || lists === null) throw new Error(`malformed event ${fields.id}`);
    const read = (name: TableListName, count: number | undefined) => readList(fields.id, name, count, open);
    const settledTables = (await read("settled", lists.settled)) as string[];
    const labels = lists.tables === undefined ? null : await read("tables", lists.tables);
    returnTables = await read("returns", lists.returns);
    rest = { ...fields, settledTables, ...(labels ? { tables: labelsOf(fields.id, labels) } : {}) };
  }
  if (!Array.isArray(returnTables) || !Array.isArray(rest.settledTables)) throw new Error(`malformed event ${rest.id}`);
  const plain: LedgerEntryView[] = [];
  for (let k = 0; k < chunkCount(counted, ENTRY_CHUNK); k++)
    plain.push(...((await open(VaultKeys.entries(rest.id, k), RecordKinds.entries)) as LedgerEntryView[]));
  // The last chunk may hold entries of a change never made: the head says how many are in.
  plain.length = Math.min(plain.length, counted);
  const returns: StoredReturn[] = [];
  for (const table of returnTables as unknown[]) {
    if (typeof table !== "string") throw new Error(`malformed event ${rest.id}`);
    returns.push(...((await open(VaultKeys.returns(rest.id, table), RecordKinds.returns)) as StoredReturn[]));
  }
  const entries: (LedgerEntryView | undefined)[] = new Array<LedgerEntryView | undefined>(counted + returns.length);
  for (const { seq, entry } of returns) {
    if (!(seq >= 0 && seq < entries.length) || entries[seq] !== undefined)
      throw new Error(`malformed event ${rest.id}`);
    entries[seq] = entry;
  }
  let next = 0;
  for (let i = 0; i < entries.length; i++) if (entries[i] === undefined) entries[i] = plain[next++];
  if (next !== counted || plain.length !== counted) throw new Error(`incomplete event ${rest.id}`);
  return { ...rest, entries: entries as LedgerEntryView[] };
}

/** One list of tables read back from its chunks (items past `count`, left by a change not made, dropped). */
async function readList(
  event: string,
  name: TableListName,
  count: number | undefined,
  open: (key: string, kind: string) => Promise<unknown>,
): Promise<unknown[]> {
  if (typeof count !== "number" || !(count >= 0)) throw new Error(`malformed event ${event}`);
  const items: unknown[] = [];
  for (let k = 0; k < chunkCount(count, TABLE_CHUNK); k++) {
    const chunk = await open(VaultKeys.tableList(event, name, k), RecordKinds.tableList);
    if (!Array.isArray(chunk)) throw new Error(`malformed event ${event}`);
    items.push(...(chunk as unknown[]));
  }
  if (items.length < count) throw new Error(`incomplete event ${event}`);
  items.length = count;
  if (name !== "tables" && !items.every((t) => typeof t === "string")) throw new Error(`malformed event ${event}`);
  return items;
}

/** An event's table labels from their list (each `[table id, label]`), as a map without a prototype. */
function labelsOf(event: string, list: readonly unknown[]): Record<string, TableLabel> {
  const labels = dict<TableLabel>();
  for (const item of list) {
    if (!Array.isArray(item) || typeof item[0] !== "string" || typeof item[1] !== "object" || item[1] === null)
      throw new Error(`malformed event ${event}`);
    labels[item[0]] = item[1] as TableLabel;
  }
  return labels;
}
