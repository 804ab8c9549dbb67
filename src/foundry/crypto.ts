/**
 * End-to-end sealing of what the host sends and stores, in pure JavaScript: a world served over
 * plain http (not a secure context) has no `crypto.subtle`, only `crypto.getRandomValues`, which
 * is all this file uses from the browser. No Foundry global here.
 *
 * Wire format v2 (the `v` field names it, so the algorithms can change later):
 *  - every user's client holds an X25519 key pair (@noble/curves); the public key is published on
 *    the user's User document as a JWK (`{ kty: "OKP", crv: "X25519", x }`, RFC 8037);
 *  - two parties derive the same 256-bit key with HKDF-SHA-256 (@noble/hashes) from their X25519
 *    shared secret, both public keys bound in the info;
 *  - messages are XChaCha20-Poly1305 (@noble/ciphers) with a fresh random 192-bit nonce; the kind,
 *    sender and recipient are bound as additional authenticated data;
 *  - every plaintext is padded to a size bucket (`paddedSize`) before sealing, the bucket of a bound
 *    of public facts for table messages and records (public-size.ts), so a sealed length never
 *    tells a hidden value (docs/security.md, "What lengths reveal").
 * A record stored for the GMs is sealed once with a fresh random data key, and that data key is
 * wrapped for each GM (same derivation, one wrap per GM).
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { x25519 } from "@noble/curves/ed25519.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";

/** The wire format version of every sealed message and record. */
export const SEAL_VERSION = 2;

export interface PublicJwk {
  readonly kty: "OKP";
  readonly crv: "X25519";
  /** The 32-byte public key, base64url without padding. */
  readonly x: string;
}

/** A client's key pair: raw X25519 keys (32 bytes each). */
export interface KeyPair {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

/** One message for one recipient. */
export interface SealedMessage {
  readonly v: 2;
  /** What the message is: "push", "request", "reply"… bound into the ciphertext. */
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  /** The sender's public key, so the recipient can derive the key (and check it is the sender's). */
  readonly key: PublicJwk;
  /** The 24-byte nonce, base64. */
  readonly iv: string;
  readonly ct: string;
}

/** A record sealed for several readers (the GMs). */
export interface SealedRecord {
  readonly v: 2;
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HKDF_SALT = encoder.encode("cantina-games/v2");
const NONCE_BYTES = 24;

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

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
}

/** Random bytes from the browser's CSPRNG (`getRandomValues` exists in insecure contexts too). */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

// ---- padding -----------------------------------------------------------------------------------

/**
 * The smallest padded plaintext: every request, reply, move's push and chat envelope fits in it
 * (a True Sabacc seat offered its 77 cheats gets a push of about 4.3 KB: 4 KiB would tell that it
 * can cheat).
 */
export const MIN_BUCKET = 8192;
const GEOMETRIC_UNTIL = 65536;
const STEP_ABOVE = 32768;

/**
 * The bucket a plaintext of `n` bytes (with its 4-byte length prefix) is padded to: 8 KiB, then
 * powers of two up to 64 KiB, then multiples of 32 KiB.
 */
export function paddedSize(n: number): number {
  const needed = n + 4;
  if (needed <= MIN_BUCKET) return MIN_BUCKET;
  if (needed <= GEOMETRIC_UNTIL) {
    let size = MIN_BUCKET;
    while (size < needed) size *= 2;
    return size;
  }
  return Math.ceil(needed / STEP_ABOVE) * STEP_ABOVE;
}

/**
 * How a plaintext is padded: to the bucket of a bound on its size computed from public facts only
 * (public-size.ts; 0: the smallest bucket), or not at all (`UNPADDED`: for a message whose length
 * tells nothing to whoever receives its bytes, public-size.ts `pushPadding`).
 */
export const UNPADDED = "unpadded";
export type Padding = number | typeof UNPADDED;

/**
 * The JSON of `value`, behind a 4-byte length, padded with zeros to its bucket. `floor`: a bound on
 * the size computed from public facts only (public-size.ts); the bucket is then that of the bound
 * whatever the value holds, as long as the value fits in it. `UNPADDED`: no zeros after the JSON.
 */
export function pad(value: unknown, floor: Padding = 0): Uint8Array {
  // A bound computed from the wrong kind of value (NaN) would make an empty buffer: refused by name.
  if (floor !== UNPADDED && !Number.isFinite(floor)) throw new SealError("a padding bound that is not a number");
  const json = encoder.encode(JSON.stringify(value));
  const out = new Uint8Array(floor === UNPADDED ? json.length + 4 : paddedSize(Math.max(json.length, floor)));
  new DataView(out.buffer).setUint32(0, json.length);
  out.set(json, 4);
  return out;
}

export function unpad(bytes: Uint8Array): unknown {
  if (bytes.length < 4) throw new SealError("a sealed plaintext too short");
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (length > bytes.length - 4) throw new SealError("a sealed plaintext with a bad length");
  return JSON.parse(decoder.decode(bytes.subarray(4, 4 + length))) as unknown;
}

// ---- keys --------------------------------------------------------------------------------------

export function isPublicJwk(x: unknown): x is PublicJwk {
  if (typeof x !== "object" || x === null) return false;
  const k = x as Record<string, unknown>;
  return k.kty === "OKP" && k.crv === "X25519" && typeof k.x === "string" && /^[A-Za-z0-9_-]{43}$/.test(k.x);
}

export function sameKey(a: PublicJwk | null | undefined, b: PublicJwk | null | undefined): boolean {
  return !!a && !!b && a.x === b.x;
}

export function publicJwkOf(publicKey: Uint8Array): PublicJwk {
  if (publicKey.length !== 32) throw new SealError("not an X25519 public key");
  return { kty: "OKP", crv: "X25519", x: toBase64Url(publicKey) };
}

function rawPublicKey(jwk: PublicJwk): Uint8Array {
  if (!isPublicJwk(jwk)) throw new SealError("not an X25519 public key");
  return fromBase64Url(jwk.x);
}

/** The key pair of a 32-byte secret key (an imported one, or one read back from IndexedDB). */
export function keyPairFromSecret(secretKey: Uint8Array): KeyPair {
  if (secretKey.length !== 32) throw new SealError("not an X25519 secret key");
  const secret = Uint8Array.from(secretKey);
  return { secretKey: secret, publicKey: x25519.getPublicKey(secret) };
}

/** A fresh key pair from the browser's CSPRNG. Async for the callers written against WebCrypto. */
export async function generateKeyPair(): Promise<KeyPair> {
  return keyPairFromSecret(randomBytes(32));
}

export function isKeyPair(x: unknown): x is KeyPair {
  if (typeof x !== "object" || x === null) return false;
  const p = x as Partial<KeyPair>;
  return p.secretKey instanceof Uint8Array && p.secretKey.length === 32 && p.publicKey instanceof Uint8Array;
}

// ---- sealing -----------------------------------------------------------------------------------

/**
 * One party's sealing and opening, with its own secret key. Derived keys are cached per peer key.
 */
export class Sealer {
  private readonly derived = new Map<string, Uint8Array>();
  readonly publicJwk: PublicJwk;

  private constructor(
    readonly user: string,
    private readonly pair: KeyPair,
  ) {
    this.publicJwk = publicJwkOf(pair.publicKey);
  }

  static async create(user: string, pair: KeyPair): Promise<Sealer> {
    return new Sealer(user, keyPairFromSecret(pair.secretKey));
  }

  /** The key pair (for the GM's key export: docs/foundry.md, "A GM who changes browser"). */
  get keyPair(): KeyPair {
    return this.pair;
  }

  /** The symmetric key this party shares with the holder of `peer`. */
  private sharedKey(peer: PublicJwk): Uint8Array {
    let key = this.derived.get(peer.x);
    if (!key) {
      let shared: Uint8Array;
      try {
        // Refuses low-order points (an all-zero secret).
        shared = x25519.getSharedSecret(this.pair.secretKey, rawPublicKey(peer));
      } catch {
        throw new SealError("not a usable public key");
      }
      // Both public keys in a fixed order, so both parties derive the same key.
      const [a, b] = [this.publicJwk.x, peer.x].sort();
      key = hkdf(sha256, shared, HKDF_SALT, encoder.encode(`cantina-games xchacha20poly1305|${a}|${b}`), 32);
      shared.fill(0);
      this.derived.set(peer.x, key);
    }
    return key;
  }

  /** `floor`: the public bound its padding goes to (see `pad`). */
  async seal(
    kind: string,
    to: string,
    recipientKey: PublicJwk,
    value: unknown,
    floor: Padding = 0,
  ): Promise<SealedMessage> {
    const iv = randomBytes(NONCE_BYTES);
    const aad = encoder.encode(`2|${kind}|${this.user}|${to}`);
    const ct = xchacha20poly1305(this.sharedKey(recipientKey), iv, aad).encrypt(pad(value, floor));
    return { v: 2, kind, from: this.user, to, key: this.publicJwk, iv: toBase64(iv), ct: toBase64(ct) };
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
    const aad = encoder.encode(`2|${kind}|${message.from}|${message.to}`);
    try {
      const plain = xchacha20poly1305(this.sharedKey(message.key), fromBase64(message.iv), aad).decrypt(
        fromBase64(message.ct),
      );
      return unpad(plain);
    } catch {
      throw new SealError("the message could not be opened");
    }
  }

  /** Seals a record for several readers (each named with their published key); `floor` as for `pad`. */
  async sealRecord(
    kind: string,
    readers: Readonly<Record<string, PublicJwk>>,
    value: unknown,
    floor = 0,
  ): Promise<SealedRecord> {
    const dataKey = randomBytes(32);
    const iv = randomBytes(NONCE_BYTES);
    const ct = xchacha20poly1305(dataKey, iv, encoder.encode(`2|record|${kind}|${this.user}`)).encrypt(
      pad(value, floor),
    );
    const wraps: Record<string, { iv: string; wrapped: string }> = {};
    for (const [reader, key] of Object.entries(readers)) {
      const wrapIv = randomBytes(NONCE_BYTES);
      const wrapped = xchacha20poly1305(
        this.sharedKey(key),
        wrapIv,
        encoder.encode(`2|wrap|${kind}|${this.user}|${reader}`),
      ).encrypt(dataKey);
      wraps[reader] = { iv: toBase64(wrapIv), wrapped: toBase64(wrapped) };
    }
    dataKey.fill(0);
    return { v: 2, kind, from: this.user, key: this.publicJwk, iv: toBase64(iv), ct: toBase64(ct), readers: wraps };
  }

  async openRecord(record: SealedRecord, kind: string): Promise<unknown> {
    const wrap = isSealedRecord(record) && record.kind === kind ? record.readers[this.user] : undefined;
    if (!wrap) throw new SealError("this record is not sealed for this user");
    try {
      const dataKey = xchacha20poly1305(
        this.sharedKey(record.key),
        fromBase64(wrap.iv),
        encoder.encode(`2|wrap|${kind}|${record.from}|${this.user}`),
      ).decrypt(fromBase64(wrap.wrapped));
      const plain = xchacha20poly1305(
        dataKey,
        fromBase64(record.iv),
        encoder.encode(`2|record|${kind}|${record.from}`),
      ).decrypt(fromBase64(record.ct));
      dataKey.fill(0);
      return unpad(plain);
    } catch {
      throw new SealError("the record could not be opened");
    }
  }
}

function isRecordObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** What a sealed message and a sealed record both carry: the version, kind, sender, key and ciphertext. */
function isSealedBase(x: unknown): x is Record<string, unknown> & { readonly ct: string } {
  return (
    isRecordObject(x) &&
    x.v === SEAL_VERSION &&
    typeof x.kind === "string" &&
    typeof x.from === "string" &&
    isPublicJwk(x.key) &&
    typeof x.iv === "string" &&
    typeof x.ct === "string"
  );
}

export function isSealedMessage(x: unknown): x is SealedMessage {
  return isSealedBase(x) && typeof x.to === "string" && x.ct.length < 8_000_000;
}

export function isSealedRecord(x: unknown): x is SealedRecord {
  return isSealedBase(x) && isRecordObject(x.readers);
}
