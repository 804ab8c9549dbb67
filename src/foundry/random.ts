/** The Foundry host's dice: the browser's CSPRNG, without bias (rejection sampling in uniformDie). */
import { type Random, uniformDie } from "../rules/core";

export class CryptoRandom implements Random {
  private readonly word = new Uint32Array(1);

  die(sides: number): number {
    return uniformDie(sides, () => {
      globalThis.crypto.getRandomValues(this.word);
      return this.word[0] as number;
    });
  }
}
