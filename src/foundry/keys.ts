/**
 * This client's ECDH key pair, kept in the browser's IndexedDB per world and user. The private key
 * is created non-extractable: scripts can use it but never read it out, and it never leaves this
 * browser. When it is lost (another browser, cleared site data) a new pair is made and published;
 * a GM whose key changed cannot open records sealed for the old key (docs/security.md).
 * No Foundry global here.
 */
import { generateKeyPair } from "./crypto";

export interface KeyStore {
  load(id: string): Promise<CryptoKeyPair | null>;
  save(id: string, pair: CryptoKeyPair): Promise<void>;
}

export class MemoryKeyStore implements KeyStore {
  readonly pairs = new Map<string, CryptoKeyPair>();
  async load(id: string): Promise<CryptoKeyPair | null> {
    return this.pairs.get(id) ?? null;
  }
  async save(id: string, pair: CryptoKeyPair): Promise<void> {
    this.pairs.set(id, pair);
  }
}

const DB_NAME = "cantina-games-keys";
const STORE = "pairs";

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
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB is not available"));
    });
    return this.db;
  }

  async load(id: string): Promise<CryptoKeyPair | null> {
    const db = await this.open();
    const value: unknown = await requestResult(db.transaction(STORE, "readonly").objectStore(STORE).get(id));
    if (typeof value !== "object" || value === null) return null;
    const pair = value as Partial<CryptoKeyPair>;
    return pair.privateKey instanceof CryptoKey && pair.publicKey instanceof CryptoKey
      ? { privateKey: pair.privateKey, publicKey: pair.publicKey }
      : null;
  }

  async save(id: string, pair: CryptoKeyPair): Promise<void> {
    const db = await this.open();
    await requestResult(db.transaction(STORE, "readwrite").objectStore(STORE).put(pair, id));
  }
}

/** The stored pair for this world and user, or a new one (stored). */
export async function loadOrCreateKeyPair(store: KeyStore, worldId: string, userId: string): Promise<CryptoKeyPair> {
  const id = `${worldId}/${userId}`;
  try {
    const existing = await store.load(id);
    if (existing) return existing;
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
