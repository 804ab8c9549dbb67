/**
 * An event of the ledger as the vault stores it, so that a change writes what changed, not the
 * night (issue 23):
 *
 *   e-<event>          its head: everything but the entries, with how many counted entries there
 *                      are and which tables have bet returns                       (sealed, "ledger")
 *   n-<event>-<k>      the k-th chunk of ENTRY_CHUNK counted entries               (sealed, "entries")
 *   b-<event>-<table>  that table's bet returns (payouts, refunds, the winner's share), each with
 *                      its place among the event's entries                         (sealed, "returns")
 *
 * How many entries a chunk holds is public (every entry but a bet's return is a visible change:
 * docs/security.md, "What lengths reveal"), so the chunks are cut by count. How many bets won is
 * not, so the returns are kept per table, padded to the bound of every stake at that table coming
 * back once, plus the winner's share. Each part is padded to a bound of public facts only.
 * An event stored whole (the layout before) is read as it is and stored in parts at its next write.
 */
import type { EventLedger } from "../table/ledger";
import { LedgerSizes } from "../table/ledger-sizes";
import type { LedgerEntryView, UserRecords } from "../table/protocol";
import { RecordKinds, VaultKeys, chunkCount } from "./vault-layout";

/** Counted entries per stored chunk: a change rewrites the last one and any new one. */
export const ENTRY_CHUNK = 8;

/** A chunk holding ENTRY_CHUNK entries: never written again, so kept on the shelf (vault-shelf.ts), out of every client's load. */
export const isFullChunk = (part: VaultPart): boolean =>
  part.kind === RecordKinds.entries && Array.isArray(part.value) && part.value.length === ENTRY_CHUNK;

/** Whether a vault key is an entry chunk's (`n-<event>-<k>`): one missing from the settings is on the shelf. */
export const isFullChunkKey = (key: string): boolean => key.startsWith("n-");

/** An event's head as stored. */
export type EventHead = Omit<EventLedger, "entries"> & {
  /** How many counted entries its chunks hold (entries past it, left by a change not made, are not read). */
  readonly counted: number;
  /** The tables whose bet returns are stored (b-<event>-<table>). */
  readonly returnTables: readonly string[];
};

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

/** A table's returns' bound: each stake at that table back once, and the winner's share. */
function returnsBound(event: EventLedger, table: string): number {
  const stakes = event.entries.filter(
    (e) => e.kind === "bet" && e.detail?.bet === "stake" && e.detail.table === table,
  ).length;
  return LedgerSizes.entry * (stakes + 1);
}

function headBound(head: EventHead): number {
  const tables = Object.keys(head.tables ?? {}).length + head.settledTables.length + head.returnTables.length;
  return LedgerSizes.event + LedgerSizes.account * Object.keys(head.accounts).length + LedgerSizes.table * tables;
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
  const { entries: _entries, ...rest } = event;
  const { counted, returns } = split(event.entries);
  const head: EventHead = { ...rest, counted: counted.length, returnTables: [...returns.keys()] };
  const parts: VaultPart[] = [];
  let firstChunk = 0;
  let tables: Iterable<string> = returns.keys();
  if (before && appendsTo(before, event)) {
    const old = split(before.entries);
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
    });
  }
  for (const table of tables)
    parts.push({
      key: VaultKeys.returns(event.id, table),
      kind: RecordKinds.returns,
      value: returns.get(table) ?? [],
      bound: returnsBound(event, table),
    });
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
  const { counted, returnTables, ...rest } = head as EventHead;
  if (typeof counted !== "number" || !Array.isArray(returnTables)) throw new Error(`malformed event ${rest.id}`);
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
