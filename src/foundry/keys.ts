/**
 * This client's X25519 key pair, kept in the browser's IndexedDB per world and user, and its
 * export and import (a key file or a recovery code) for a GM who changes browser (docs/foundry.md).
 * When the key is lost (another browser, cleared site data) and none is imported, a new pair is
 * made and published; a GM whose key changed cannot open records sealed for the old key.
 * No Foundry global here.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { type Result, refuse, succeed } from "../rules/core";
import { type KeyPair, fromBase64, generateKeyPair, isKeyPair, keyPairFromSecret, toBase64 } from "./crypto";
import { KeyErrors } from "./errors";

export interface KeyStore {
  load(id: string): Promise<KeyPair | null>;
  save(id: string, pair: KeyPair): Promise<void>;
}

export class MemoryKeyStore implements KeyStore {
  readonly pairs = new Map<string, KeyPair>();
  async load(id: string): Promise<KeyPair | null> {
    return this.pairs.get(id) ?? null;
  }
  async save(id: string, pair: KeyPair): Promise<void> {
    this.pairs.set(id, pair);
  }
}

const DB_NAME = "cantina-games-keys";
/** Version 2: raw X25519 keys (the WebCrypto P-256 pairs of version 1 live in "pairs", unused now). */
const STORE = "x25519";

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

export class IndexedDbKeyStore implements KeyStore {
  private db: Promise<IDBDatabase> | null = null;

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 2);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB is not available"));
    });
    return this.db;
  }

  async load(id: string): Promise<KeyPair | null> {
    const db = await this.open();
    const value: unknown = await requestResult(db.transaction(STORE, "readonly").objectStore(STORE).get(id));
    if (typeof value !== "object" || value === null) return null;
    const secret = (value as { secretKey?: unknown }).secretKey;
    return secret instanceof Uint8Array && secret.length === 32 ? keyPairFromSecret(secret) : null;
  }

  async save(id: string, pair: KeyPair): Promise<void> {
    const db = await this.open();
    await requestResult(
      db
        .transaction(STORE, "readwrite")
        .objectStore(STORE)
        .put({ secretKey: Uint8Array.from(pair.secretKey) }, id),
    );
  }
}

export const keyId = (worldId: string, userId: string): string => `${worldId}/${userId}`;

/** The stored pair for this world and user, or a new one (stored). */
export async function loadOrCreateKeyPair(store: KeyStore, worldId: string, userId: string): Promise<KeyPair> {
  const id = keyId(worldId, userId);
  try {
    const existing = await store.load(id);
    if (existing && isKeyPair(existing)) return existing;
  } catch {
    // IndexedDB unavailable (private mode): a pair for this session only.
  }
  const pair = await generateKeyPair();
  try {
    await store.save(id, pair);
  } catch {
    // Kept in memory only; the next session publishes a new key.
  }
  return pair;
}

// ---- export and import -------------------------------------------------------------------------

export const KEY_FILE_FORMAT = "cantina-games-key";

/** The key file a GM downloads: the secret key, and the world and user it belongs to. */
export interface KeyFile {
  readonly format: typeof KEY_FILE_FORMAT;
  readonly v: 2;
  readonly world: string;
  readonly user: string;
  readonly secretKey: string;
}

export function keyFile(pair: KeyPair, worldId: string, userId: string): KeyFile {
  return { format: KEY_FILE_FORMAT, v: 2, world: worldId, user: userId, secretKey: toBase64(pair.secretKey) };
}

/** An imported key pair, or why it was refused (a code of `KeyErrors`). */
export type KeyImport = Result<{ readonly pair: KeyPair }>;

/** Reads a key file's text; refuses a file made for another world or user. */
export function readKeyFile(text: string, worldId: string, userId: string): KeyImport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse(KeyErrors.notAKey);
  }
  if (typeof raw !== "object" || raw === null) return refuse(KeyErrors.notAKey);
  const f = raw as Partial<Record<keyof KeyFile, unknown>>;
  if (f.format !== KEY_FILE_FORMAT || f.v !== 2 || typeof f.secretKey !== "string") return refuse(KeyErrors.notAKey);
  if (f.world !== worldId) return refuse(KeyErrors.otherWorld);
  if (f.user !== userId) return refuse(KeyErrors.otherUser);
  try {
    const secret = fromBase64(f.secretKey);
    if (secret.length !== 32) return refuse(KeyErrors.notAKey);
    return succeed({ pair: keyPairFromSecret(secret) });
  } catch {
    return refuse(KeyErrors.notAKey);
  }
}

/** Crockford's base 32: no I, L, O or U, so a code copied by hand is read back the same. */
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_PREFIX = "CG2";

function checksum(secret: Uint8Array): Uint8Array {
  return sha256(secret).subarray(0, 2);
}

/**
 * The recovery code of a key: "CG2-" then the secret key and a 2-byte checksum in base 32, in
 * groups of five (55 characters), e.g. to write on paper.
 */
export function recoveryCode(pair: KeyPair): string {
  const bytes = new Uint8Array(34);
  bytes.set(pair.secretKey, 0);
  bytes.set(checksum(pair.secretKey), 32);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return `${CODE_PREFIX}-${out.match(/.{1,5}/g)?.join("-") ?? out}`;
}

/** Reads a recovery code back (spaces, dashes and case ignored; O read as 0, I and L as 1). */
export function readRecoveryCode(code: string): KeyImport {
  const text = code.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (!text.startsWith(CODE_PREFIX)) return refuse(KeyErrors.badCode);
  const body = text.slice(CODE_PREFIX.length);
  if (body.length !== 55) return refuse(KeyErrors.badCode);
  const bytes = new Uint8Array(35);
  let bits = 0;
  let value = 0;
  let n = 0;
  for (const c of body) {
    const d = BASE32.indexOf(c);
    if (d < 0) return refuse(KeyErrors.badCode);
    value = (value << 5) | d;
    bits += 5;
    if (bits >= 8) {
      bytes[n++] = (value >>> (bits - 8)) & 255;
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  const secret = bytes.subarray(0, 32);
  const sum = checksum(secret);
  if (bytes[32] !== sum[0] || bytes[33] !== sum[1]) return refuse(KeyErrors.badCode);
  return succeed({ pair: keyPairFromSecret(secret) });
}

/** Stores an imported pair for this world and user (the client then reloads to use it). */
export async function importKeyPair(store: KeyStore, worldId: string, userId: string, pair: KeyPair): Promise<void> {
  await store.save(keyId(worldId, userId), pair);
}
