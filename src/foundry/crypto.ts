/**
 * End-to-end encryption of what the host sends and stores, with WebCrypto only (the browser's
 * `crypto.subtle`, and Node 20's `globalThis.crypto.subtle` in the tests). No Foundry global here.
 *
 * Every user's client holds an ECDH P-256 key pair whose private key is not extractable; the
 * public key (a JWK) is published on the user's User document. Two parties derive the same
 * AES-GCM-256 key from ECDH (their private key, the other's public key) through HKDF-SHA-256.
 * A sealed message names its sender, its recipient and its kind, binds them as additional
 * authenticated data, and carries a fresh 96-bit IV. Only the recipient (and the sender) can open it.
 *
 * A record stored for the GMs is sealed once with a fresh random data key, and that data key is
 * wrapped for each GM (same ECDH + HKDF derivation, one wrap per GM).
 */

export interface PublicJwk {
  readonly kty: "EC";
  readonly crv: "P-256";
  readonly x: string;
  readonly y: string;
}

/** One message for one recipient. */
export interface SealedMessage {
  readonly v: 1;
  /** What the message is: "push", "request", "reply"… bound into the ciphertext. */
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  /** The sender's public key, so the recipient can derive the key (and check it is the sender's). */
  readonly key: PublicJwk;
  readonly iv: string;
  readonly ct: string;
}

/** A record sealed for several readers (the GMs). */
export interface SealedRecord {
  readonly v: 1;
  readonly kind: string;
  readonly from: string;
  readonly key: PublicJwk;
  readonly iv: string;
  readonly ct: string;
  /** Per reader: the data key, wrapped with the key that reader shares with the sender. */
  readonly readers: Readonly<Record<string, { readonly iv: string; readonly wrapped: string }>>;
}

export class SealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealError";
  }
}

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new SealError("WebCrypto is not available (a secure context is required)");
  return s;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HKDF_SALT = encoder.encode("cantina-games/v1");

export function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

export function isPublicJwk(x: unknown): x is PublicJwk {
  if (typeof x !== "object" || x === null) return false;
  const k = x as Record<string, unknown>;
  return (
    k.kty === "EC" &&
    k.crv === "P-256" &&
    typeof k.x === "string" &&
    typeof k.y === "string" &&
    k.x.length > 0 &&
    k.x.length < 100 &&
    k.y.length > 0 &&
    k.y.length < 100
  );
}

export function sameKey(a: PublicJwk | null | undefined, b: PublicJwk | null | undefined): boolean {
  return !!a && !!b && a.x === b.x && a.y === b.y;
}

/** Creates a key pair whose private key can never be exported (it can still live in IndexedDB). */
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return subtle().generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
}

export async function exportPublicJwk(key: CryptoKey): Promise<PublicJwk> {
  const jwk = await subtle().exportKey("jwk", key);
  const out = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  if (!isPublicJwk(out)) throw new SealError("not a P-256 public key");
  return out;
}

/**
 * One party's sealing and opening, with its own private key. Derived keys are cached per peer key.
 */
export class Sealer {
  private readonly derived = new Map<string, Promise<CryptoKey>>();

  private constructor(
    readonly user: string,
    private readonly privateKey: CryptoKey,
    readonly publicJwk: PublicJwk,
  ) {}

  static async create(user: string, pair: CryptoKeyPair): Promise<Sealer> {
    return new Sealer(user, pair.privateKey, await exportPublicJwk(pair.publicKey));
  }

  /** The AES-GCM key this party shares with the holder of `peer`. */
  private sharedKey(peer: PublicJwk): Promise<CryptoKey> {
    const id = `${peer.x}.${peer.y}`;
    let key = this.derived.get(id);
    if (!key) {
      key = (async () => {
        const s = subtle();
        const peerKey = await s.importKey(
          "jwk",
          { kty: "EC", crv: "P-256", x: peer.x, y: peer.y, ext: true },
          { name: "ECDH", namedCurve: "P-256" },
          false,
          [],
        );
        const bits = await s.deriveBits({ name: "ECDH", public: peerKey }, this.privateKey, 256);
        const ikm = await s.importKey("raw", bits, "HKDF", false, ["deriveKey"]);
        return s.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info: encoder.encode("cantina-games aes-gcm") },
          ikm,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        );
      })();
      key.catch(() => this.derived.delete(id));
      this.derived.set(id, key);
    }
    return key;
  }

  async seal(kind: string, to: string, recipientKey: PublicJwk, value: unknown): Promise<SealedMessage> {
    const iv = randomBytes(12);
    const aad = encoder.encode(`1|${kind}|${this.user}|${to}`);
    const ct = await subtle().encrypt(
      { name: "AES-GCM", iv, additionalData: aad },
      await this.sharedKey(recipientKey),
      encoder.encode(JSON.stringify(value)),
    );
    return { v: 1, kind, from: this.user, to, key: this.publicJwk, iv: toBase64(iv), ct: toBase64(new Uint8Array(ct)) };
  }

  /**
   * Opens a message meant for this party. `expectedSender` is the sender's published key: when
   * given, a message carrying another key is refused (someone else pretending to be the sender).
   */
  async open(message: SealedMessage, kind: string, expectedSender?: PublicJwk | null): Promise<unknown> {
    if (!isSealedMessage(message) || message.kind !== kind || message.to !== this.user)
      throw new SealError("not a message for this user");
    if (expectedSender !== undefined && !sameKey(expectedSender, message.key))
      throw new SealError("the sender's key is not the one they published");
    const aad = encoder.encode(`1|${kind}|${message.from}|${message.to}`);
    try {
      const plain = await subtle().decrypt(
        { name: "AES-GCM", iv: fromBase64(message.iv), additionalData: aad },
        await this.sharedKey(message.key),
        fromBase64(message.ct),
      );
      return JSON.parse(decoder.decode(plain)) as unknown;
    } catch {
      throw new SealError("the message could not be opened");
    }
  }

  /** Seals a record for several readers (each named with their published key). */
  async sealRecord(kind: string, readers: Readonly<Record<string, PublicJwk>>, value: unknown): Promise<SealedRecord> {
    const s = subtle();
    const dataKeyBytes = randomBytes(32);
    const dataKey = await s.importKey("raw", dataKeyBytes, "AES-GCM", false, ["encrypt"]);
    const iv = randomBytes(12);
    const ct = await s.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(`1|record|${kind}|${this.user}`) },
      dataKey,
      encoder.encode(JSON.stringify(value)),
    );
    const wraps: Record<string, { iv: string; wrapped: string }> = {};
    for (const [reader, key] of Object.entries(readers)) {
      const wrapIv = randomBytes(12);
      const wrapped = await s.encrypt(
        { name: "AES-GCM", iv: wrapIv, additionalData: encoder.encode(`1|wrap|${kind}|${this.user}|${reader}`) },
        await this.sharedKey(key),
        dataKeyBytes,
      );
      wraps[reader] = { iv: toBase64(wrapIv), wrapped: toBase64(new Uint8Array(wrapped)) };
    }
    dataKeyBytes.fill(0);
    return {
      v: 1,
      kind,
      from: this.user,
      key: this.publicJwk,
      iv: toBase64(iv),
      ct: toBase64(new Uint8Array(ct)),
      readers: wraps,
    };
  }

  async openRecord(record: SealedRecord, kind: string): Promise<unknown> {
    const wrap = isSealedRecord(record) && record.kind === kind ? record.readers[this.user] : undefined;
    if (!wrap) throw new SealError("this record is not sealed for this user");
    const s = subtle();
    try {
      const dataKeyBytes = new Uint8Array(
        await s.decrypt(
          {
            name: "AES-GCM",
            iv: fromBase64(wrap.iv),
            additionalData: encoder.encode(`1|wrap|${kind}|${record.from}|${this.user}`),
          },
          await this.sharedKey(record.key),
          fromBase64(wrap.wrapped),
        ),
      );
      const dataKey = await s.importKey("raw", dataKeyBytes, "AES-GCM", false, ["decrypt"]);
      dataKeyBytes.fill(0);
      const plain = await s.decrypt(
        {
          name: "AES-GCM",
          iv: fromBase64(record.iv),
          additionalData: encoder.encode(`1|record|${kind}|${record.from}`),
        },
        dataKey,
        fromBase64(record.ct),
      );
      return JSON.parse(decoder.decode(plain)) as unknown;
    } catch {
      throw new SealError("the record could not be opened");
    }
  }
}

function isRecordObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export function isSealedMessage(x: unknown): x is SealedMessage {
  return (
    isRecordObject(x) &&
    x.v === 1 &&
    typeof x.kind === "string" &&
    typeof x.from === "string" &&
    typeof x.to === "string" &&
    isPublicJwk(x.key) &&
    typeof x.iv === "string" &&
    typeof x.ct === "string" &&
    x.ct.length < 4_000_000
  );
}

export function isSealedRecord(x: unknown): x is SealedRecord {
  return (
    isRecordObject(x) &&
    x.v === 1 &&
    typeof x.kind === "string" &&
    typeof x.from === "string" &&
    isPublicJwk(x.key) &&
    typeof x.iv === "string" &&
    typeof x.ct === "string" &&
    isRecordObject(x.readers)
  );
}
