/**
 * Randomness for the rules. Every die and shuffle comes from a `Random`, so a game replays
 * exactly from its recorded dice.
 */
export interface Random {
  /** A uniform integer in 1..sides. */
  die(sides: number): number;
}

function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1)
    throw new RangeError(`A die needs a positive whole number of sides, not ${sides}`);
}

/**
 * xoshiro128** (Blackman and Vigna, 2018), seeded through SplitMix32 (the 32-bit variant that
 * finishes with MurmurHash3's fmix32 constants). Its state is four 32-bit
 * words, exposed so a host can store it and resume the same stream after a reload.
 */
export class SeededRandom implements Random {
  private s: [number, number, number, number];

  constructor(seed: number | readonly [number, number, number, number]) {
    if (typeof seed === "number") {
      let x = seed >>> 0;
      const next = (): number => {
        // SplitMix32 (fmix32 finaliser): spreads one seed word over the four state words.
        x = (x + 0x9e3779b9) >>> 0;
        let z = x;
        z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
        z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
        return (z ^ (z >>> 16)) >>> 0;
      };
      this.s = [next(), next(), next(), next()];
    } else {
      this.s = [seed[0] >>> 0, seed[1] >>> 0, seed[2] >>> 0, seed[3] >>> 0];
    }
    if ((this.s[0] | this.s[1] | this.s[2] | this.s[3]) === 0) this.s[0] = 1; // all-zero is a fixed point
  }

  get state(): [number, number, number, number] {
    return [...this.s];
  }

  /** The next 32-bit output. */
  nextUint32(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    for (let i = 0; i < 4; i++) s[i] = (s[i] as number) >>> 0;
    return result;
  }

  die(sides: number): number {
    checkSides(sides);
    return uniformDie(sides, () => this.nextUint32());
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** 1..sides from 32-bit words, by rejection so every face is exactly equally likely. */
export function uniformDie(sides: number, word: () => number): number {
  const span = 0x100000000;
  const limit = span - (span % sides);
  for (;;) {
    const w = word();
    if (w < limit) return (w % sides) + 1;
  }
}

/** Plays back given results; for tests and for replaying a game from its log. */
export class ScriptedRandom implements Random {
  private index = 0;
  constructor(private readonly results: readonly number[]) {}

  die(sides: number): number {
    checkSides(sides);
    const value = this.results[this.index];
    if (value === undefined) throw new Error(`ScriptedRandom ran out of results after ${this.index} dice`);
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new RangeError(`Scripted result ${value} does not fit a d${sides} (die #${this.index + 1})`);
    }
    this.index++;
    return value;
  }

  get used(): number {
    return this.index;
  }
}

/** Wraps a source and records each result, so a move's dice can be stored with it in the log. */
export class RecordingRandom implements Random {
  readonly results: number[] = [];
  constructor(private readonly source: Random) {}

  die(sides: number): number {
    const value = this.source.die(sides);
    this.results.push(value);
    return value;
  }
}

/** Fisher–Yates on a copy, driven by the dice. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.die(i + 1) - 1;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
