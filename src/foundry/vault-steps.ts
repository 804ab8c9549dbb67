/**
 * A table's log stored in small parts, each sealed with the table's own log key (kept in its sealed
 * record), padded to a bound of public facts; a step (a move's part) also carries the few fields a move changes.
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { type AnyGame, ScriptedRandom, hasOwn } from "../rules/core";
import type { LogEntry } from "../table/protocol";
import type { TableRecord } from "../table/store";
import { fromBase64, paddedSize, randomBytes, toBase64, unpad } from "./crypto";
import { logChunkBound } from "./public-size";

/** What a log part is stored as (its world setting's value): the counts in the clear, the rest sealed. */
export interface StoredPart {
  readonly v: 2;
  readonly kind: "step";
  /** The index in the log of its first entry, how many entries it holds, the table's epoch it was written in. */
  readonly at: number;
  readonly n: number;
  readonly e: number;
  /** Whether it carries a move's light fields (a step): public like the write itself. */
  readonly light: boolean;
  readonly iv: string;
  readonly ct: string;
}

/** The record's fields a plain move may change besides its state and log (all public: the clock, the turn, who is away). */
export const LIGHT_FIELDS = ["version", "clock", "turnStartedAt", "away", "finishedAt"] as const;
export type Light = Partial<Pick<TableRecord, (typeof LIGHT_FIELDS)[number]>>;

/** What a step's light fields may take: a version, a countdown's key and start, two times; per seat, its id and a time. */
export const LIGHT_BYTES = 160;
export const LIGHT_SEAT_BYTES = 40;

/** A part's bound, from public facts only: the game, how many entries, whether it is a step, how many seats. */
export function partBound(gameId: string, entries: number, light: boolean, seats: number): number {
  return logChunkBound(gameId, entries) + (light ? LIGHT_BYTES + LIGHT_SEAT_BYTES * seats : 0);
}

const encoder = new TextEncoder();
const aad = (table: string, p: Pick<StoredPart, "at" | "n" | "e" | "light">): Uint8Array =>
  encoder.encode(`2|step|${table}|${p.at}|${p.n}|${p.e}|${p.light ? 1 : 0}`);

/** The JSON behind a 4-byte length, padded with zeros to exactly `bound` (a larger value: to its bucket). */
function padExactly(value: unknown, bound: number): Uint8Array {
  const json = encoder.encode(JSON.stringify(value));
  const size = json.length <= bound ? bound + 4 : paddedSize(json.length);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, json.length);
  out.set(json, 4);
  return out;
}

export const newLogKey = (): Uint8Array => randomBytes(32);
export const logKeyText = (key: Uint8Array): string => toBase64(key);
export const logKeyOf = (text: unknown): Uint8Array | null =>
  typeof text === "string" && text.length > 0 ? fromBase64(text) : null;

/** The plaintext of a part: its entries, and a step's light fields. */
interface PartBody {
  readonly entries: readonly LogEntry[];
  readonly light?: Light;
}

export function sealPart(
  key: Uint8Array,
  record: Pick<TableRecord, "id" | "gameId" | "seats">,
  at: number,
  epoch: number,
  entries: readonly LogEntry[],
  light?: Light,
): StoredPart {
  const head = { at, n: entries.length, e: epoch, light: light !== undefined };
  const bound = partBound(record.gameId, entries.length, head.light, record.seats.length);
  const iv = randomBytes(24);
  const body: PartBody = light ? { entries, light } : { entries };
  const ct = xchacha20poly1305(key, iv, aad(record.id, head)).encrypt(padExactly(body, bound));
  return { v: 2, kind: "step", ...head, iv: toBase64(iv), ct: toBase64(ct) };
}

function isStoredPart(x: unknown): x is StoredPart {
  const p = x as Partial<StoredPart> | null;
  return (
    typeof p === "object" &&
    p !== null &&
    p.kind === "step" &&
    Number.isSafeInteger(p.at) &&
    Number.isSafeInteger(p.n) &&
    (p.n ?? 0) > 0 &&
    Number.isSafeInteger(p.e) &&
    typeof p.light === "boolean" &&
    typeof p.iv === "string" &&
    typeof p.ct === "string"
  );
}

/** A stored part opened, if it is one of this table at `at` (and of `epoch`, when given); else null. */
export function openPart(
  key: Uint8Array,
  table: string,
  at: number,
  stored: unknown,
  epoch?: number,
): { readonly part: StoredPart; readonly body: PartBody } | null {
  if (!isStoredPart(stored) || stored.at !== at || (epoch !== undefined && stored.e !== epoch)) return null;
  try {
    const plain = xchacha20poly1305(key, fromBase64(stored.iv), aad(table, stored)).decrypt(fromBase64(stored.ct));
    const body = unpad(plain) as PartBody;
    if (!Array.isArray(body.entries) || body.entries.length !== stored.n) return null;
    return { part: stored, body };
  } catch {
    return null;
  }
}

/** A record's light fields (absent ones stay absent). */
export function lightOf(record: TableRecord): Light {
  const light: Record<string, unknown> = {};
  for (const field of LIGHT_FIELDS) if (record[field] !== undefined) light[field] = record[field];
  return light;
}

/** A record without its light fields. */
function withoutLight(record: TableRecord) {
  const {
    version: _version,
    clock: _clock,
    turnStartedAt: _started,
    away: _away,
    finishedAt: _ended,
    ...rest
  } = record;
  return rest;
}

// A field added to LIGHT_FIELDS must be taken away by `withoutLight` too, or this does not compile.
const _noLightLeft: Extract<keyof ReturnType<typeof withoutLight>, (typeof LIGHT_FIELDS)[number]> extends never
  ? true
  : never = true;

/**
 * The record with the light fields of a step (each absent field taken away; the version, which
 * every step's light carries, kept where one does not). A step's light is lightOf's, sealed.
 */
function withLight(record: TableRecord, light: Light): TableRecord {
  return { ...withoutLight(record), version: record.version, ...light };
}

/**
 * A step applied to a record: its entries played by the rules with their recorded dice (deterministic
 * given them), then its light fields. Null when an entry cannot be applied so (an undo, a setup).
 */
export function applyStep(
  record: TableRecord,
  entries: readonly LogEntry[],
  light: Light,
  games: Readonly<Record<string, AnyGame>>,
): TableRecord | null {
  const game = hasOwn(games, record.gameId) ? games[record.gameId] : undefined;
  if (!game) return null;
  let state = record.state;
  try {
    for (const entry of entries) {
      if (entry.seat === null || entry.undo) return null;
      const applied = game.apply(state, entry.seat, entry.move, new ScriptedRandom(entry.dice));
      if (!applied.ok) return null;
      state = applied.state;
    }
  } catch {
    return null;
  }
  return withLight({ ...record, state, log: [...record.log, ...entries] }, light);
}

/** Whether every field but the light ones, the state and the log is the same in both records. */
export function sameHeavy(a: TableRecord, b: TableRecord): boolean {
  const strip = (r: TableRecord) => {
    const { state: _state, log: _log, ...heavy } = withoutLight(r);
    return heavy;
  };
  return sameFields(strip(a), strip(b));
}

/**
 * The step that turns `old` into `next`, when a step can: `next`'s log extends `old`'s by moves the
 * rules replay to `next`'s state, and only light fields changed besides; its light fields fit their
 * allowance. Else null (the table's record is written whole).
 */
export function stepBetween(
  old: TableRecord,
  next: TableRecord,
  games: Readonly<Record<string, AnyGame>>,
): { readonly entries: readonly LogEntry[]; readonly light: Light } | null {
  if (next.log.length <= old.log.length || !sameHeavy(old, next)) return null;
  const last = old.log.length - 1;
  if (last < 0 || JSON.stringify(old.log[last]) !== JSON.stringify(next.log[last])) return null;
  const entries = next.log.slice(old.log.length);
  const light = lightOf(next);
  const allowance = LIGHT_BYTES + LIGHT_SEAT_BYTES * next.seats.length;
  if (encoder.encode(JSON.stringify({ light })).length > allowance) return null;
  const rebuilt = applyStep(old, entries, light, games);
  return rebuilt && sameFields(rebuilt, next) ? { entries, light } : null;
}

/** The same fields holding the same JSON, in whatever order the fields come. */
function sameFields<T extends object>(a: T, b: T): boolean {
  const defined = (r: T): (keyof T)[] => (Object.keys(r) as (keyof T)[]).filter((k) => r[k] !== undefined);
  const keys = defined(a);
  return keys.length === defined(b).length && keys.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}
