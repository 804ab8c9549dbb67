/** Dice for the standalone host: the browser's CSPRNG, or scripted results for demos and browser tests. */
import { type Random, ScriptedRandom, uniformDie } from "../rules/core";

export class CryptoRandom implements Random {
  die(sides: number): number {
    const word = new Uint32Array(1);
    return uniformDie(sides, () => {
      crypto.getRandomValues(word);
      return word[0] as number;
    });
  }
}

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
