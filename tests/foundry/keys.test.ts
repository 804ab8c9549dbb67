/**
 * A GM's key leaves this browser only on purpose: as a key file or a recovery code, read back on
 * another browser to the same key pair; a mistyped code, another world's or user's file is refused.
 */
import { describe, expect, it } from "vitest";
import { generateKeyPair, publicJwkOf } from "../../src/foundry/crypto";
import {
  MemoryKeyStore,
  importKeyPair,
  keyFile,
  loadOrCreateKeyPair,
  readKeyFile,
  readRecoveryCode,
  recoveryCode,
} from "../../src/foundry/keys";

describe("keys: export and import", () => {
  it("a recovery code reads back to the same key pair, whatever the case, spaces and dashes", async () => {
    for (let i = 0; i < 20; i++) {
      const pair = await generateKeyPair();
      const code = recoveryCode(pair);
      expect(code).toMatch(/^CG2(-[0-9A-HJKMNP-TV-Z]{5}){11}$/);
      const back = readRecoveryCode(` ${code.toLowerCase().replace(/-/g, " ")} `);
      expect(back.ok && publicJwkOf(back.pair.publicKey)).toEqual(publicJwkOf(pair.publicKey));
    }
  });

  it("a mistyped recovery code is refused (its checksum)", async () => {
    const code = recoveryCode(await generateKeyPair());
    // One character changed in the middle (the last one carries padding bits too).
    const i = 20;
    const typo = code.slice(0, i) + (code[i] === "7" ? "8" : "7") + code.slice(i + 1);
    expect(readRecoveryCode(typo)).toEqual({ ok: false, error: { code: "CANTINA.Foundry.Key.Error.BadCode" } });
    expect(readRecoveryCode(code.slice(0, -1))).toEqual({
      ok: false,
      error: { code: "CANTINA.Foundry.Key.Error.BadCode" },
    });
    expect(readRecoveryCode("hello")).toEqual({ ok: false, error: { code: "CANTINA.Foundry.Key.Error.BadCode" } });
  });

  it("a key file reads back on the same world and user, and is refused on others", async () => {
    const pair = await generateKeyPair();
    const text = JSON.stringify(keyFile(pair, "w1", "gm"));
    const back = readKeyFile(text, "w1", "gm");
    expect(back.ok && publicJwkOf(back.pair.publicKey)).toEqual(publicJwkOf(pair.publicKey));
    expect(readKeyFile(text, "w2", "gm")).toEqual({
      ok: false,
      error: { code: "CANTINA.Foundry.Key.Error.OtherWorld" },
    });
    expect(readKeyFile(text, "w1", "alice")).toEqual({
      ok: false,
      error: { code: "CANTINA.Foundry.Key.Error.OtherUser" },
    });
    expect(readKeyFile("{", "w1", "gm")).toEqual({ ok: false, error: { code: "CANTINA.Foundry.Key.Error.NotAKey" } });
    expect(readKeyFile('{"format":"other"}', "w1", "gm")).toEqual({
      ok: false,
      error: { code: "CANTINA.Foundry.Key.Error.NotAKey" },
    });
  });

  it("an imported key is the one the next start loads", async () => {
    const store = new MemoryKeyStore();
    const first = await loadOrCreateKeyPair(store, "w1", "gm");
    const old = await generateKeyPair();
    await importKeyPair(store, "w1", "gm", old);
    const next = await loadOrCreateKeyPair(store, "w1", "gm");
    expect(publicJwkOf(next.publicKey)).toEqual(publicJwkOf(old.publicKey));
    expect(publicJwkOf(next.publicKey)).not.toEqual(publicJwkOf(first.publicKey));
  });
});
