/**
 * The vault's layout: the keys of its records (each a hidden world setting), the record kinds they
 * are sealed as, and the plain index and journal as read back (docs/foundry.md, "Storage figures").
 */
import type { TableRecord } from "../table/store";

export const RecordKinds = {
  table: "table",
  log: "log",
  /** An event's head: everything but its entries (or, stored before, the whole event). */
  ledger: "ledger",
  /** A chunk of an event's entries whose count is public. */
  entries: "entries",
  /** A table's bet returns (payouts, refunds, the winner's share) in an event: their count is not public. */
  returns: "returns",
  /** A chunk of one of an event's lists of tables (labels, settled, with bet returns): their count is public. */
  tableList: "tablelist",
  /** A user's personal records (solo games' bests). */
  records: "records",
  /** A Sabacc tournament whole (issue 37): circuits, sign-ups, matches, transfers. */
  tournament: "tournament",
  archive: "archive",
  /** A finished table whole (its log with it), on the shelf (vault-shelf.ts). */
  finished: "finished",
  requests: "requests",
} as const;

/** Log entries per stored chunk: a move rewrites only the last one. */
export const LOG_CHUNK = 8;

export const VaultKeys = {
  index: "index",
  journal: "journal",
  /** The ids of the requests answered lately, written with the change that answers one. */
  requests: "requests",
  table: (id: string) => `t-${id}`,
  /** A chunk of a table's log in the layout before parts (read, never written). */
  log: (id: string, chunk: number) => `l-${id}-${chunk}`,
  /** A part of a table's log from its entry `at` (vault-steps.ts). */
  step: (id: string, at: number) => `s-${id}-${at}`,
  event: (id: string) => `e-${id}`,
  entries: (event: string, chunk: number) => `n-${event}-${chunk}`,
  returns: (event: string, table: string) => `b-${event}-${table}`,
  tableList: (event: string, list: string, chunk: number) => `m-${event}-${list}-${chunk}`,
  records: (user: string) => `u-${user}`,
  tournament: (id: string) => `o-${id}`,
  archive: (id: string) => `a-${id}`,
} as const;

/**
 * The ids of what is stored, in the clear (ids are no secret). `records` (users with personal
 * records) was added later: an index stored before it has none; `tournaments` later still (absent: none).
 */
export interface VaultIndex {
  readonly v: 2;
  readonly tables: readonly string[];
  readonly events: readonly string[];
  readonly archived: readonly string[];
  readonly records: readonly string[];
  /** The Sabacc tournaments stored (issue 37; absent: none). */
  readonly tournaments?: readonly string[];
  /**
   * The shelf items of the finished tables still live (vault-finished.ts); absent in an index stored
   * before. Archived tables are on the shelf, named by no index (`archived`: the layout before).
   */
  readonly finished?: readonly string[];
  /**
   * The readers (user id: public key) every stored record is sealed for, once all were sealed again
   * for them; absent: not known (a GM connecting then has everything sealed again once).
   */
  readonly sealedFor?: Readonly<Record<string, string>>;
}

export const EMPTY_INDEX: VaultIndex = { v: 2, tables: [], events: [], archived: [], records: [] };

/**
 * A table's record as stored: without its log, with the log's length; its log key and epoch
 * (vault-tables.ts; absent in the layout before, whose log is in chunks of LOG_CHUNK).
 */
export type TableHead = Omit<TableRecord, "log"> & {
  readonly logLength: number;
  readonly logKey?: string;
  readonly epoch?: number;
};

/** What a change writes: each key's new value (`null` deletes its setting). */
export type Puts = Record<string, unknown>;

const ids = (x: unknown): string[] => (Array.isArray(x) ? x.filter((i): i is string => typeof i === "string") : []);

export function asIndex(raw: unknown): VaultIndex {
  const r = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const index = {
    v: 2,
    tables: ids(r.tables),
    events: ids(r.events),
    archived: ids(r.archived),
    records: ids(r.records),
  } as const;
  const finished = ids(r.finished);
  const tournaments = ids(r.tournaments);
  const sealedFor = readersOf(r.sealedFor);
  return {
    ...index,
    ...(tournaments.length > 0 ? { tournaments } : {}),
    ...(finished.length > 0 ? { finished } : {}),
    ...(sealedFor ? { sealedFor } : {}),
  };
}

function readersOf(raw: unknown): Record<string, string> | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [user, key] of Object.entries(raw)) if (typeof key === "string") out[user] = key;
  return out;
}

/** The readers' keys as the index names them: user id, public key. */
export const readerKeys = (readers: Readonly<Record<string, { readonly x: string }>>): Record<string, string> =>
  Object.fromEntries(Object.entries(readers).map(([user, key]) => [user, key.x]));

/**
 * The index after a change storing `ids`: `sealedFor` kept while what the change sealed (for
 * `sealedNow`; null: nothing) is sealed for those same readers; on a vault empty before, those readers.
 */
export function indexAfter(
  before: VaultIndex,
  ids: Omit<VaultIndex, "v" | "sealedFor">,
  sealedNow: Readonly<Record<string, string>> | null,
  emptyBefore: boolean,
): VaultIndex {
  const keep = sealedNow === null || sameReaders(before.sealedFor, sealedNow);
  const sealedFor = emptyBefore && sealedNow ? sealedNow : keep ? before.sealedFor : undefined;
  const { tables, events, archived, records, tournaments, finished } = ids;
  return {
    v: 2,
    tables,
    events,
    archived,
    records,
    ...(tournaments && tournaments.length > 0 ? { tournaments } : {}),
    ...(finished && finished.length > 0 ? { finished } : {}),
    ...(sealedFor ? { sealedFor } : {}),
  };
}

/** Whether two sets of readers are the same users with the same keys. */
export function sameReaders(
  a: Readonly<Record<string, string>> | undefined,
  b: Readonly<Record<string, string>>,
): boolean {
  if (!a) return false;
  const users = Object.keys(a);
  return (
    users.length === Object.keys(b).length &&
    users.every((u) => Object.prototype.hasOwnProperty.call(b, u) && a[u] === b[u])
  );
}

/** Whether two indexes name the same records in the same order. */
export function sameIndex(a: VaultIndex, b: VaultIndex): boolean {
  const same = (x: readonly string[], y: readonly string[]): boolean =>
    x.length === y.length && x.every((id, i) => id === y[i]);
  return (
    same(a.tables, b.tables) &&
    same(a.events, b.events) &&
    same(a.archived, b.archived) &&
    same(a.records, b.records) &&
    same(a.tournaments ?? [], b.tournaments ?? []) &&
    same(a.finished ?? [], b.finished ?? []) &&
    (a.sealedFor === undefined) === (b.sealedFor === undefined) &&
    (a.sealedFor === undefined || sameReaders(a.sealedFor, b.sealedFor ?? {}))
  );
}

export function asJournal(raw: unknown): Puts | null {
  if (typeof raw !== "object" || raw === null) return null;
  const puts = (raw as { puts?: unknown }).puts;
  return typeof puts === "object" && puts !== null ? (puts as Puts) : null;
}

/** How many chunks of `size` entries hold `length` entries. */
export const chunkCount = (length: number, size = LOG_CHUNK): number => Math.ceil(length / size);
