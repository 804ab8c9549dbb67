/**
 * Tables and the ledger in Roll20's persisted `state`, under one versioned key. Roll20 keeps `state`
 * as JSON and saves it on its own schedule, so a change must never be half-visible: the new root is
 * built aside and put in place with one assignment (the commit point), and only JSON goes in.
 */
import { type AnyGame, isRecord } from "../rules/core";
import { type Ledger, isLedgerShape } from "../table/ledger";
import {
  type ArchivedTable,
  type StoreChange,
  type StoredBooks,
  type TableRecord,
  type TableStore,
  archiveOf,
  asAnsweredRequests,
} from "../table/store";
import { type StoredArchive, packArchive, unpackArchive } from "./archive-pack";

/** The one key of `state` this script owns. */
export const STATE_KEY = "CantinaGames";
/** The layout written now; older layouts are migrated on load, newer ones refused. */
export const SCHEMA = 1;
/** Finished tables kept (compacted) for replays; the oldest go first, so `state` stays small. */
export const KEPT_ARCHIVES = 50;

export interface RootV1 {
  readonly schema: 1;
  readonly tables: Readonly<Record<string, TableRecord>>;
  /** Archived tables in the order they were archived (packed: archive-pack.ts). */
  readonly archives: readonly StoredArchive[];
  readonly ledger: Ledger | null;
  readonly requests: unknown;
  /** The script's own settings and records beside the books (the chat language, what was drawn). */
  readonly extras?: Readonly<Record<string, unknown>>;
}

export class StateTooNew extends Error {
  constructor(readonly schema: number) {
    super(`state.${STATE_KEY} has schema ${schema}; this script writes ${SCHEMA}`);
  }
}

const empty = (): RootV1 => ({ schema: 1, tables: {}, archives: [], ledger: null, requests: [] });

/**
 * Reads whatever is under the key into the current layout. Absent: empty books. A layout this
 * script does not know (written by a newer version) is refused rather than overwritten.
 */
export function migrate(raw: unknown): RootV1 {
  if (raw === undefined || raw === null) return empty();
  if (!isRecord(raw) || typeof raw.schema !== "number") throw new StateTooNew(-1);
  // Each older schema gets a step here that returns the next one; 1 is the first.
  if (raw.schema !== SCHEMA) throw new StateTooNew(raw.schema);
  const tables = isRecord(raw.tables) ? (raw.tables as Record<string, TableRecord>) : {};
  const archives = Array.isArray(raw.archives) ? (raw.archives as StoredArchive[]) : [];
  return {
    schema: 1,
    tables,
    archives,
    ledger: isLedgerShape(raw.ledger) ? raw.ledger : null,
    requests: raw.requests ?? [],
    ...(isRecord(raw.extras) ? { extras: raw.extras } : {}),
  };
}

/** How a finished table is kept: packed by its game (archive-pack.ts), and how many are kept. */
export interface Archiving {
  readonly pack: (record: TableRecord) => StoredArchive;
  readonly kept: number;
}

const PLAIN: Archiving = { pack: archiveOf, kept: KEPT_ARCHIVES };

/** The root after a change: computed aside, never touching the one in place. */
export function applyChange(root: RootV1, change: StoreChange, archiving: Archiving = PLAIN): RootV1 {
  const tables: Record<string, TableRecord> = { ...root.tables };
  let archives = [...root.archives];
  for (const id of change.deleted ?? []) delete tables[id];
  for (const record of change.archived ?? []) {
    delete tables[record.id];
    archives = [...archives.filter((a) => a.id !== record.id), archiving.pack(record)];
  }
  for (const record of change.tables ?? []) tables[record.id] = record;
  return {
    ...root,
    tables,
    archives: archiving.kept > 0 ? archives.slice(-archiving.kept) : [],
    ledger: change.ledger ?? root.ledger,
    requests: change.requests ?? root.requests,
  };
}

/** Where the root lives: Roll20's `state` object (an accessor, as the sandbox may replace it). */
export interface StateHolder {
  readonly state: Record<string, unknown>;
}

export class StateStore implements TableStore {
  /**
   * `games`: finished tables are packed by their game (absent: kept as they are); `kept`: how many
   * finished tables are kept (the one-click setting; default KEPT_ARCHIVES).
   */
  constructor(
    private readonly holder: StateHolder,
    private readonly games?: Readonly<Record<string, AnyGame>>,
    private readonly kept: () => number = () => KEPT_ARCHIVES,
  ) {}

  private archiving(): Archiving {
    const games = this.games;
    if (!games) return { ...PLAIN, kept: this.kept() };
    return { pack: (record) => packArchive(archiveOf(record), games[record.gameId]), kept: this.kept() };
  }

  /** The books as stored now (migrated). */
  root(): RootV1 {
    return migrate(this.holder.state[STATE_KEY]);
  }

  async load(): Promise<StoredBooks> {
    const root = this.root();
    return {
      tables: Object.values(root.tables).sort((a, b) => a.createdAt - b.createdAt),
      ledger: root.ledger,
      requests: asAnsweredRequests(root.requests),
    };
  }

  async commit(change: StoreChange): Promise<void> {
    // Through JSON first: what Roll20 would not keep must fail here, before anything changes.
    const plain = JSON.parse(JSON.stringify(change)) as StoreChange;
    this.replace(applyChange(this.root(), plain, this.archiving()));
  }

  archived(id: string): ArchivedTable | null {
    const stored = this.root().archives.find((a) => a.id === id);
    return stored ? unpackArchive(stored, this.games?.[stored.gameId]) : null;
  }

  /** A setting or record kept beside the books (undefined: none, or books this script cannot read). */
  extra(key: string): unknown {
    const raw = this.holder.state[STATE_KEY];
    const extras = isRecord(raw) && isRecord(raw.extras) ? raw.extras : undefined;
    return extras && Object.prototype.hasOwnProperty.call(extras, key) ? extras[key] : undefined;
  }

  /** Keeps a setting or record (null forgets it), in one assignment like every change. */
  setExtra(key: string, value: unknown): void {
    const root = this.root();
    const extras: Record<string, unknown> = { ...(root.extras ?? {}) };
    if (value === null) delete extras[key];
    else extras[key] = JSON.parse(JSON.stringify(value)) as unknown;
    this.replace({ ...root, extras });
  }

  /** A map kept under an extras key (the drawn boards, the puzzles' pages, the art), as a fresh copy. */
  extraMap<T>(key: string): Record<string, T> {
    const raw = this.extra(key);
    return isRecord(raw) ? { ...(raw as Record<string, T>) } : {};
  }

  /** Sets one entry of the map under an extras key (null removes it), in one assignment. */
  keepInExtraMap<T>(key: string, id: string, value: T | null): void {
    const map = this.extraMap<T>(key);
    if (value === null) delete map[id];
    else map[id] = value;
    this.setExtra(key, map);
  }

  /** The commit point: one assignment of a root built aside. */
  private replace(root: RootV1): void {
    this.holder.state[STATE_KEY] = root;
  }
}
