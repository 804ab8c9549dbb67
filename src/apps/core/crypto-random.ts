/**
 * The browser's CSPRNG for the hosts' dice (standalone page and Foundry) and for ids: unbiased
 * (rejection sampling in uniformDie). Uses only `crypto.getRandomValues`.
 */
import { type Random, uniformDie } from "../../rules/core";

export class CryptoRandom implements Random {
  private readonly word = new Uint32Array(1);

  die(sides: number): number {
    return uniformDie(sides, () => {
      globalThis.crypto.getRandomValues(this.word);
      return this.word[0] as number;
    });
  }
}

const ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A random id of letters and digits (Foundry's document id form at 16), every character equally likely. */
export function randomId(length = 16): string {
  const bytes = new Uint8Array(length);
  let out = "";
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    // 62 does not divide 256: reject the top bytes.
    for (const b of bytes) if (b < 248 && out.length < length) out += ID_CHARS[b % 62];
  }
  return out;
}
