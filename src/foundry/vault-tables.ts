/**
 * A table in the vault: its record (`t-<id>`, sealed for the GMs, with its log key) written every few
 * moves, and its log in parts (`s-<id>-<at>`); a move alone writes one step, whose entries the rules replay.
 */
import type { AnyGame } from "../rules/core";
import type { LogEntry } from "../table/protocol";
import type { TableRecord } from "../table/store";
import { LOG_CHUNK, type TableHead, VaultKeys, chunkCount } from "./vault-layout";
import {
  type StoredPart,
  applyStep,
  logKeyOf,
  logKeyText,
  newLogKey,
  openPart,
  sealPart,
  stepBetween,
} from "./vault-steps";

/**
 * A table's record is written again after this many steps (its moves since replay on load). A record
 * is padded to its state's bound (about 14 KB in the bench's night): every 64 steps it cost about
 * 145 bytes a move; every 256 a quarter of that (most tables now end before their first), and a load
 * replays at most 255 moves a table (a few milliseconds).
 */
export const STEPS_PER_RECORD = 256;

/** A table as this host stored it. */
export interface StoredTable {
  readonly record: TableRecord;
  /** Its log key; null: stored in the layout before (its log in chunks `l-`), stored anew at its next change. */
  readonly key: Uint8Array | null;
  /** Its log's epoch, new when its log is written anew: a step after the record counts only in the record's epoch. */
  readonly epoch: number;
  /** Where each stored part of its log starts, steps included. */
  readonly parts: readonly number[];
  /** Chunks of the layout before still stored (emptied with the table). */
  readonly oldChunks: number;
  /** Steps written since its record. */
  readonly steps: number;
}

/** The keys holding a table's records, to empty them when it goes. */
export function keysOf(table: StoredTable): string[] {
  const id = table.record.id;
  const keys = [VaultKeys.table(id), ...table.parts.map((at) => VaultKeys.step(id, at))];
  for (let n = 0; n < table.oldChunks; n++) keys.push(VaultKeys.log(id, n));
  return keys;
}

/** A table's record as stored: everything but its log, with the log's length, its log key and epoch. */
export function headOf(record: TableRecord, key: Uint8Array, epoch: number): TableHead {
  const { log, ...rest } = record;
  return { ...rest, logLength: log.length, logKey: logKeyText(key), epoch };
}

/** What storing a table writes, in order (its record last: the commit point), and the table as then stored. */
export interface TableWrite {
  readonly parts: readonly (readonly [key: string, value: StoredPart])[];
  /** Its record to seal and write; absent for a step. */
  readonly head?: TableHead;
  readonly stored: StoredTable;
  /** Its log written anew over parts stored before (a new epoch): only through the journal. */
  readonly rewrite: boolean;
  /**
   * Its parts only extend the log past what its record and steps hold (a key nothing reads until the
   * record says so): written before the change's commit point, not in its journal.
   */
  readonly early?: boolean;
}

/**
 * How `next` is stored after `old`. `alone`: the change writes nothing else, so one step (its moves'
 * entries and light fields) is the whole change when the rules replay it; else the new entries and the
 * record, or, for a table new, stored before in the old layout or whose log was not extended (dealt
 * again), its whole log in parts of LOG_CHUNK entries and its record, under a new epoch.
 */
export function planTable(
  old: StoredTable | undefined,
  next: TableRecord,
  alone: boolean,
  games: Readonly<Record<string, AnyGame>>,
): TableWrite {
  const id = next.id;
  if (old?.key) {
    const from = old.record.log.length;
    const step = alone ? stepBetween(old.record, next, games) : null;
    if (step) {
      const part = sealPart(old.key, next, from, old.epoch, step.entries, step.light);
      const stored: StoredTable = { ...old, record: next, parts: [...old.parts, from], steps: old.steps + 1 };
      return { parts: [[VaultKeys.step(id, from), part]], stored, rewrite: false };
    }
    const extends_ =
      next.log.length >= from &&
      (from === 0 || JSON.stringify(old.record.log[from - 1]) === JSON.stringify(next.log[from - 1]));
    if (extends_) {
      // The same epoch: its steps up to here are part of the log, and a step after the record continues it.
      const epoch = old.epoch;
      const fresh = next.log.slice(from);
      const parts: TableWrite["parts"] =
        fresh.length > 0 ? [[VaultKeys.step(id, from), sealPart(old.key, next, from, epoch, fresh)]] : [];
      const stored: StoredTable = {
        ...old,
        record: next,
        epoch,
        parts: fresh.length > 0 ? [...old.parts, from] : old.parts,
        steps: 0,
      };
      return { parts, head: headOf(next, old.key, epoch), stored, rewrite: false, early: true };
    }
  }
  const key = old?.key ?? newLogKey();
  const epoch = (old?.epoch ?? 0) + 1;
  const parts: [string, StoredPart][] = [];
  for (let n = 0; n < chunkCount(next.log.length); n++) {
    const at = n * LOG_CHUNK;
    parts.push([VaultKeys.step(id, at), sealPart(key, next, at, epoch, next.log.slice(at, at + LOG_CHUNK))]);
  }
  // Parts of the log before that this one does not overwrite stay keys of this table, emptied with it.
  const kept = (old?.parts ?? []).filter((at) => at % LOG_CHUNK !== 0 || at >= next.log.length);
  const stored: StoredTable = {
    record: next,
    key,
    epoch,
    parts: [...parts.map((_, n) => n * LOG_CHUNK), ...kept].sort((a, b) => a - b),
    oldChunks: old?.oldChunks ?? 0,
    steps: 0,
  };
  return { parts, head: headOf(next, key, epoch), stored, rewrite: old !== undefined };
}

/**
 * A table read back from its record: its log from its parts (or the chunks of the layout before),
 * then the steps of its epoch written since, replayed by the rules. Throws when a part is missing or
 * cannot be opened.
 */
export async function readTable(
  id: string,
  head: TableHead,
  read: (key: string) => unknown,
  openChunk: (key: string) => Promise<unknown>,
  games: Readonly<Record<string, AnyGame>>,
): Promise<StoredTable> {
  const { logLength, logKey, epoch, ...rest } = head;
  const key = logKeyOf(logKey);
  if (!key) {
    const log: LogEntry[] = [];
    for (let n = 0; n < chunkCount(logLength); n++)
      log.push(...((await openChunk(VaultKeys.log(id, n))) as LogEntry[]));
    // The last chunk may hold entries of a move whose record was never written: not made.
    const record: TableRecord = { ...rest, log: log.slice(0, logLength) };
    return { record, key: null, epoch: 0, parts: [], oldChunks: chunkCount(logLength), steps: 0 };
  }
  const ofEpoch = typeof epoch === "number" ? epoch : 0;
  const log: LogEntry[] = [];
  const parts: number[] = [];
  while (log.length < logLength) {
    const opened = openPart(key, id, log.length, read(VaultKeys.step(id, log.length)));
    if (!opened) throw new Error(`no part ${VaultKeys.step(id, log.length)}`);
    parts.push(log.length);
    log.push(...opened.body.entries);
  }
  if (log.length !== logLength) throw new Error(`the log of ${id} does not end at ${logLength}`);
  let record: TableRecord = { ...rest, log };
  let steps = 0;
  // The moves stored since the record: each step of its epoch, in order, is a move made.
  for (;;) {
    const at = record.log.length;
    const opened = openPart(key, id, at, read(VaultKeys.step(id, at)), ofEpoch);
    if (!opened?.body.light) break;
    const next = applyStep(record, opened.body.entries, opened.body.light, games);
    if (!next) break;
    record = next;
    parts.push(at);
    steps++;
  }
  return { record, key, epoch: ofEpoch, parts, oldChunks: 0, steps };
}
