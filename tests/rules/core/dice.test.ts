import { describe, it, expect } from "vitest";
import {
  DiceNotationError,
  ScriptedRandom,
  SeededRandom,
  foundryFormula,
  formatDice,
  parseDice,
  roll,
  rollSpec,
  totalOf,
} from "../../../src/rules/core";

describe("parseDice", () => {
  it("reads NdS", () => {
    expect(parseDice("1d100")).toEqual({ kind: "sum", count: 1, sides: 100, modifier: 0 });
    expect(parseDice("1d23")).toEqual({ kind: "sum", count: 1, sides: 23, modifier: 0 });
    expect(parseDice("d20")).toEqual({ kind: "sum", count: 1, sides: 20, modifier: 0 });
    expect(parseDice(" 2D6 ")).toEqual({ kind: "sum", count: 2, sides: 6, modifier: 0 });
  });

  it("reads NdS+K and NdS-K", () => {
    expect(parseDice("2d6+1")).toEqual({ kind: "sum", count: 2, sides: 6, modifier: 1 });
    expect(parseDice("1d6-1")).toEqual({ kind: "sum", count: 1, sides: 6, modifier: -1 });
  });

  it("reads NdS>T as counting results of T or more", () => {
    expect(parseDice("4d2>2")).toEqual({ kind: "successes", count: 4, sides: 2, target: 2 });
  });

  it("reads A-B ranges", () => {
    expect(parseDice("1-23")).toEqual({ kind: "range", low: 1, high: 23 });
    expect(parseDice("3-8")).toEqual({ kind: "range", low: 3, high: 8 });
    expect(parseDice("1 - 100")).toEqual({ kind: "range", low: 1, high: 100 });
  });

  it("throws DiceNotationError with the i18n code on bad notation", () => {
    for (const bad of [
      "",
      "abc",
      "0d6",
      "1d0",
      "4d2>3",
      "5-5",
      "1d6+",
      "2d6>0",
      "101d6",
      "8-3",
      "1d1001",
      "1-1001",
      "1d6*2",
      "-1d6",
    ]) {
      let caught: unknown = null;
      try {
        parseDice(bad);
      } catch (e) {
        caught = e;
      }
      expect(caught, bad).toBeInstanceOf(DiceNotationError);
      const err = caught as DiceNotationError;
      expect(err.code).toBe("CANTINA.Error.DiceNotation");
      expect(err.notation).toBe(bad);
      expect(err.name).toBe("DiceNotationError");
      expect(err.reason.length).toBeGreaterThan(0);
    }
  });
});

describe("formatDice", () => {
  it("writes each kind back as the texts write it", () => {
    for (const text of ["1d100", "1d23", "4d2>2", "2d6+1", "1d6-1", "1-23", "3-8"]) {
      expect(formatDice(parseDice(text))).toBe(text);
    }
    expect(formatDice(parseDice("d20"))).toBe("1d20");
  });

  it("round-trips parse(format(spec))", () => {
    const specs = [
      parseDice("1d100"),
      parseDice("4d2>2"),
      parseDice("2d6+1"),
      parseDice("1d6-1"),
      parseDice("3-8"),
      parseDice("d20"),
    ];
    for (const spec of specs) expect(parseDice(formatDice(spec))).toEqual(spec);
  });
});

describe("foundryFormula", () => {
  it("turns each notation into Foundry's", () => {
    const cases: [string, string][] = [
      ["1d100", "1d100"],
      ["1d23", "1d23"],
      ["4d2>2", "4d2cs>=2"],
      ["2d6+1", "2d6 + 1"],
      ["1d6-1", "1d6 - 1"],
      ["d20", "1d20"],
      ["1-23", "1d23"],
      ["3-8", "1d6 + 2"],
      ["0-5", "1d6 - 1"],
    ];
    for (const [text, formula] of cases) expect(foundryFormula(parseDice(text)), text).toBe(formula);
  });
});

describe("roll", () => {
  it("rolls 1d100 and 1d23", () => {
    expect(roll("1d100", new ScriptedRandom([57]))).toEqual({ notation: "1d100", dice: [57], total: 57 });
    expect(roll("1d23", new ScriptedRandom([23]))).toEqual({ notation: "1d23", dice: [23], total: 23 });
  });

  it("counts results of 2 or more on 4d2>2", () => {
    expect(roll("4d2>2", new ScriptedRandom([1, 2, 2, 1]))).toEqual({
      notation: "4d2>2",
      dice: [1, 2, 2, 1],
      total: 2,
    });
    expect(roll("4d2>2", new ScriptedRandom([1, 1, 1, 1])).total).toBe(0);
    expect(roll("4d2>2", new ScriptedRandom([2, 2, 2, 2])).total).toBe(4);
  });

  it("adds and subtracts the modifier", () => {
    expect(roll("2d6+1", new ScriptedRandom([3, 4]))).toEqual({ notation: "2d6+1", dice: [3, 4], total: 8 });
    expect(roll("1d6-1", new ScriptedRandom([1]))).toEqual({ notation: "1d6-1", dice: [1], total: 0 });
  });

  it("keeps the notation as written", () => {
    expect(roll("d20", new ScriptedRandom([20]))).toEqual({ notation: "d20", dice: [20], total: 20 });
    expect(roll("  1d23 ", new ScriptedRandom([4])).notation).toBe("1d23");
  });

  it("rolls a range on one die of high-low+1 sides", () => {
    expect(roll("1-23", new ScriptedRandom([23]))).toEqual({ notation: "1-23", dice: [23], total: 23 });
    expect(roll("3-8", new ScriptedRandom([1]))).toEqual({ notation: "3-8", dice: [1], total: 3 });
    expect(roll("3-8", new ScriptedRandom([6])).total).toBe(8);
    // A d6, so a 7 does not fit.
    expect(() => roll("3-8", new ScriptedRandom([7]))).toThrow(RangeError);
  });

  it("draws exactly one die per die in the notation", () => {
    const r = new ScriptedRandom([1, 2, 1, 2, 5]);
    roll("4d2>2", r);
    expect(r.used).toBe(4);
  });

  it("stays within bounds with a seeded source", () => {
    const r = new SeededRandom(8);
    for (let i = 0; i < 500; i++) {
      const a = roll("3-8", r).total;
      expect(a >= 3 && a <= 8).toBe(true);
      const b = roll("4d2>2", r).total;
      expect(b >= 0 && b <= 4).toBe(true);
      const c = roll("2d6+1", r).total;
      expect(c >= 3 && c <= 13).toBe(true);
    }
  });

  it("totalOf agrees with rollSpec", () => {
    const spec = parseDice("4d2>2");
    const rolled = rollSpec(spec, new ScriptedRandom([2, 1, 2, 2]));
    expect(rolled.notation).toBe("4d2>2");
    expect(totalOf(spec, rolled.dice)).toBe(rolled.total);
    expect(rolled.total).toBe(3);
  });

  it("throws DiceNotationError before drawing any die", () => {
    const r = new ScriptedRandom([1]);
    expect(() => roll("4d2>3", r)).toThrow(DiceNotationError);
    expect(r.used).toBe(0);
  });
});
