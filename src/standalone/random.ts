/** Dice for the standalone host: the browser's CSPRNG, or scripted results for demos and browser tests. */
import { type Random, ScriptedRandom } from "../rules/core";
import { CryptoRandom } from "../apps/core/crypto-random";

export { CryptoRandom };

/** Plays the given results first (the `?dice=` page parameter), then falls back to the CSPRNG. */
export class ScriptedThenCrypto implements Random {
  private scripted: ScriptedRandom;
  private left: number;
  private readonly fallback = new CryptoRandom();
  constructor(results: readonly number[]) {
    this.scripted = new ScriptedRandom(results);
    this.left = results.length;
  }
  die(sides: number): number {
    if (this.left > 0) {
      this.left--;
      return this.scripted.die(sides);
    }
    return this.fallback.die(sides);
  }
}
