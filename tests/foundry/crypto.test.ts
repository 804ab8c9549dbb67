/**
 * The sealing primitives (pure JS: X25519, HKDF, XChaCha20-Poly1305; no crypto.subtle): only the recipient opens a message, only
 * the GMs open a stored record, and any tampering or a forged sender key is refused.
 */
import { describe, expect, it } from "vitest";
import {
  MIN_BUCKET,
  type SealedMessage,
  SealError,
  Sealer,
  generateKeyPair,
  paddedSize,
} from "../../src/foundry/crypto";

const party = async (id: string) => Sealer.create(id, await generateKeyPair());

describe("crypto: per-recipient messages", () => {
  it("the recipient opens what the sender sealed for them", async () => {
    const gm = await party("gm");
    const alice = await party("alice");
    const sealed = await gm.seal("push", "alice", alice.publicJwk, { hand: 21 });
    expect(JSON.stringify(sealed)).not.toContain("hand");
    expect(await alice.open(sealed, "push", gm.publicJwk)).toEqual({ hand: 21 });
  });

  it("no one else opens it, even with the envelope readdressed", async () => {
    const gm = await party("gm");
    const alice = await party("alice");
    const carol = await party("carol");
    const sealed = await gm.seal("push", "alice", alice.publicJwk, { hand: 21 });
    await expect(carol.open(sealed, "push")).rejects.toBeInstanceOf(SealError);
    await expect(carol.open({ ...sealed, to: "carol" }, "push")).rejects.toBeInstanceOf(SealError);
  });

  it("refuses a changed ciphertext, kind or sender, and a key that is not the sender's", async () => {
    const gm = await party("gm");
    const alice = await party("alice");
    const mallory = await party("mallory");
    const sealed = await gm.seal("push", "alice", alice.publicJwk, { hand: 21 });
    const flipped: SealedMessage = {
      ...sealed,
      ct: sealed.ct.slice(0, -4) + (sealed.ct.endsWith("AAA=") ? "BBB=" : "AAA="),
    };
    await expect(alice.open(flipped, "push")).rejects.toBeInstanceOf(SealError);
    await expect(alice.open(sealed, "reply")).rejects.toBeInstanceOf(SealError);
    await expect(alice.open({ ...sealed, from: "mallory" }, "push")).rejects.toBeInstanceOf(SealError);
    // Mallory seals with her own key but claims to be the GM: refused against the GM's published key.
    const forged = { ...(await mallory.seal("push", "alice", alice.publicJwk, { hand: 1 })), from: "gm" };
    await expect(alice.open(forged, "push", gm.publicJwk)).rejects.toBeInstanceOf(SealError);
  });
});

describe("crypto: records sealed for the GMs", () => {
  it("every GM named opens it; a player does not", async () => {
    const gm1 = await party("gm1");
    const gm2 = await party("gm2");
    const alice = await party("alice");
    const record = await gm1.sealRecord(
      "table",
      { gm1: gm1.publicJwk, gm2: gm2.publicJwk },
      { hands: { "seat-1": 21 } },
    );
    expect(await gm1.openRecord(record, "table")).toEqual({ hands: { "seat-1": 21 } });
    expect(await gm2.openRecord(record, "table")).toEqual({ hands: { "seat-1": 21 } });
    await expect(alice.openRecord(record, "table")).rejects.toBeInstanceOf(SealError);
    await expect(
      alice.openRecord({ ...record, readers: { ...record.readers, alice: record.readers.gm2! } }, "table"),
    ).rejects.toBeInstanceOf(SealError);
  });
});

describe("crypto: a world served over plain http", () => {
  it("the tests run without crypto.subtle, as an insecure context has", () => {
    expect((globalThis.crypto as { subtle?: unknown }).subtle).toBeUndefined();
  });

  it("seals and opens with getRandomValues only", async () => {
    const gm = await party("gm");
    const alice = await party("alice");
    expect(await alice.open(await gm.seal("push", "alice", alice.publicJwk, 7), "push", gm.publicJwk)).toBe(7);
  });
});

describe("crypto: padding", () => {
  it("a sealed message's length is its bucket's, whatever the value inside", async () => {
    const gm = await party("gm");
    const alice = await party("alice");
    const lengths = new Set<number>();
    for (const value of [1, 23, "x".repeat(100), { hand: [1, 2, 3], reroll: true }, "y".repeat(MIN_BUCKET - 10)])
      lengths.add((await gm.seal("push", "alice", alice.publicJwk, value)).ct.length);
    expect(lengths.size).toBe(1);
  });

  it("buckets: 8 KiB, powers of two to 64 KiB, then steps of 32 KiB", () => {
    expect(paddedSize(0)).toBe(8192);
    expect(paddedSize(8188)).toBe(8192);
    expect(paddedSize(8189)).toBe(16384);
    expect(paddedSize(40000)).toBe(65536);
    expect(paddedSize(70000)).toBe(98304);
  });

  it("a record's length does not depend on the value either", async () => {
    const gm = await party("gm");
    const a = await gm.sealRecord("table", { gm: gm.publicJwk }, { hands: { "seat-1": 1 } });
    const b = await gm.sealRecord("table", { gm: gm.publicJwk }, { hands: { "seat-1": 23 }, reroll: [4, 5] });
    expect(a.ct.length).toBe(b.ct.length);
    expect(await gm.openRecord(b, "table")).toEqual({ hands: { "seat-1": 23 }, reroll: [4, 5] });
  });

  it("a bound that is not a number is refused by name (not a zero-length buffer's RangeError)", async () => {
    const gm = await party("gm");
    await expect(gm.sealRecord("table", { gm: gm.publicJwk }, { hands: {} }, Number.NaN)).rejects.toThrow(SealError);
  });
});
