import { describe, it, expect } from "vitest";
import { RecordingRandom, ScriptedRandom, SeededRandom, shuffled, uniformDie } from "../../../src/rules/core";

function dice(random: { die(sides: number): number }, sides: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(random.die(sides));
  return out;
}

describe("SeededRandom (xoshiro128** seeded by SplitMix32)", () => {
  it("matches the xoshiro128** reference outputs for the state [1, 2, 3, 4]", () => {
    const r = new SeededRandom([1, 2, 3, 4]);
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32()]).toEqual([11520, 0, 5927040]);
  });

  it("is deterministic per seed", () => {
    expect(dice(new SeededRandom(42), 100, 50)).toEqual(dice(new SeededRandom(42), 100, 50));
    expect(dice(new SeededRandom(0), 6, 50)).toEqual(dice(new SeededRandom(0), 6, 50));
  });

  it("gives different streams for different seeds", () => {
    expect(dice(new SeededRandom(1), 1000, 20)).not.toEqual(dice(new SeededRandom(2), 1000, 20));
  });

  it("outputs 32-bit unsigned words", () => {
    const r = new SeededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const w = r.nextUint32();
      expect(Number.isInteger(w) && w >= 0 && w <= 0xffffffff).toBe(true);
    }
  });

  it("resumes the same stream from its exported state", () => {
    const a = new SeededRandom(12345);
    dice(a, 23, 17);
    const saved = a.state;
    const expected = dice(a, 23, 100);
    const b = new SeededRandom(saved);
    expect(dice(b, 23, 100)).toEqual(expected);
    // The exported state survives JSON, as a host stores it.
    const c = new SeededRandom(JSON.parse(JSON.stringify(saved)) as [number, number, number, number]);
    expect(c.state).toEqual(saved);
  });

  it("exports a copy of its state, not its live words", () => {
    const a = new SeededRandom(9);
    const s = a.state;
    s[0] = 0;
    s[1] = 0;
    s[2] = 0;
    s[3] = 0;
    expect(a.state).not.toEqual([0, 0, 0, 0]);
  });

  it("never sits in the all-zero state", () => {
    const r = new SeededRandom([0, 0, 0, 0]);
    expect(r.state).not.toEqual([0, 0, 0, 0]);
    const words = new Set<number>();
    for (let i = 0; i < 10; i++) words.add(r.nextUint32());
    expect(words.size).toBeGreaterThan(1);
  });

  it("die(n) is in 1..n", () => {
    const r = new SeededRandom(2024);
    for (const sides of [1, 2, 3, 6, 23, 100, 1000]) {
      for (let i = 0; i < 2000; i++) {
        const d = r.die(sides);
        expect(Number.isInteger(d) && d >= 1 && d <= sides).toBe(true);
      }
    }
    expect(r.die(1)).toBe(1);
  });

  it("is roughly uniform over 60,000 d6 rolls (chi-square, 5 degrees of freedom)", () => {
    for (const seed of [1, 99, 0xdeadbeef]) {
      const r = new SeededRandom(seed);
      const counts = [0, 0, 0, 0, 0, 0];
      const n = 60000;
      for (let i = 0; i < n; i++) counts[r.die(6) - 1]! += 1;
      const expected = n / 6;
      const chi = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
      // p = 0.001 is about 20.5; the check is loose on purpose.
      expect(chi).toBeLessThan(25);
    }
  });

  it("is roughly uniform on a d23 and reaches every face of a d100", () => {
    const r = new SeededRandom(5);
    const counts = new Array<number>(23).fill(0);
    const n = 46000;
    for (let i = 0; i < n; i++) counts[r.die(23) - 1]! += 1;
    const expected = n / 23;
    const chi = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(60); // 22 df: p = 0.001 is about 48
    const seen = new Set(dice(r, 100, 5000));
    expect(seen.size).toBe(100);
  });

  it("rejects bad sides", () => {
    const r = new SeededRandom(1);
    for (const sides of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => r.die(sides)).toThrow(RangeError);
    }
  });
});

describe("uniformDie", () => {
  it("rejects words in the biased tail and uses the next one", () => {
    // For a d3, 2^32 % 3 = 1, so the last word (0xffffffff) is rejected.
    const words = [0xffffffff, 4];
    let i = 0;
    expect(uniformDie(3, () => words[i++] ?? 0)).toBe(2);
    expect(i).toBe(2);
  });
});

describe("ScriptedRandom", () => {
  it("plays back its results in order and counts them", () => {
    const r = new ScriptedRandom([3, 1, 23, 100]);
    expect(r.die(6)).toBe(3);
    expect(r.die(2)).toBe(1);
    expect(r.die(23)).toBe(23);
    expect(r.used).toBe(3);
    expect(r.die(100)).toBe(100);
    expect(r.used).toBe(4);
  });

  it("throws when exhausted", () => {
    const r = new ScriptedRandom([1]);
    r.die(6);
    expect(() => r.die(6)).toThrow(/ran out/);
  });

  it("throws on a result that does not fit the die, without consuming it", () => {
    const r = new ScriptedRandom([7, 0, 2.5]);
    expect(() => r.die(6)).toThrow(RangeError);
    expect(r.used).toBe(0);
    expect(r.die(7)).toBe(7);
    expect(() => r.die(6)).toThrow(RangeError);
  });

  it("rejects bad sides", () => {
    expect(() => new ScriptedRandom([1]).die(0)).toThrow(RangeError);
  });
});

describe("RecordingRandom", () => {
  it("records each result of its source and passes it through", () => {
    const rec = new RecordingRandom(new SeededRandom(77));
    const rolled = [rec.die(6), rec.die(23), rec.die(100)];
    expect(rec.results).toEqual(rolled);
    // The record replays exactly.
    const replay = new ScriptedRandom(rec.results);
    expect([replay.die(6), replay.die(23), replay.die(100)]).toEqual(rolled);
  });

  it("records nothing for a failed die", () => {
    const rec = new RecordingRandom(new ScriptedRandom([9]));
    expect(() => rec.die(6)).toThrow();
    expect(rec.results).toEqual([]);
  });
});

describe("shuffled", () => {
  it("returns a permutation and leaves the input alone", () => {
    const items = ["a", "b", "c", "d", "e", "f", "g"] as const;
    const r = new SeededRandom(3);
    for (let i = 0; i < 200; i++) {
      const out = shuffled(items, r);
      expect(out).toHaveLength(items.length);
      expect([...out].sort()).toEqual([...items].sort());
    }
    expect(items).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it("is Fisher-Yates driven by the dice", () => {
    // i=3: d4 -> 1 swaps 3<->0; i=2: d3 -> 3 keeps; i=1: d2 -> 1 swaps 1<->0.
    const r = new ScriptedRandom([1, 3, 1]);
    expect(shuffled([10, 20, 30, 40], r)).toEqual([20, 40, 30, 10]);
    expect(r.used).toBe(3);
    expect(shuffled([], new ScriptedRandom([]))).toEqual([]);
    expect(shuffled([1], new ScriptedRandom([]))).toEqual([1]);
  });

  it("reaches every ordering of three items", () => {
    const r = new SeededRandom(11);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(shuffled([1, 2, 3], r).join(""));
    expect(seen.size).toBe(6);
  });
});
