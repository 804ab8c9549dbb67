import { describe, it, expect } from "vitest";
import { pendingOrderRollers, playOrderFrom, type OrderRolls } from "../../../src/rules/sabacc/play-order";
import { SeededRandom } from "../../../src/rules/core";

const seats = ["a", "b", "c", "d"] as const;

describe("pendingOrderRollers", () => {
  it("asks every seat to roll once", () => {
    expect(pendingOrderRollers(seats, {})).toEqual(["a", "b", "c", "d"]);
    expect(pendingOrderRollers(seats, { a: [10], b: [], c: [30] })).toEqual(["b", "d"]);
  });

  it("is empty once every seat rolled and nobody is tied", () => {
    expect(pendingOrderRollers(seats, { a: [10], b: [20], c: [30], d: [40] })).toEqual([]);
  });

  it("asks only the tied seats to re-roll", () => {
    expect(pendingOrderRollers(seats, { a: [50], b: [20], c: [50], d: [40] })).toEqual(["a", "c"]);
  });

  it("handles a three-way tie", () => {
    const rolls: OrderRolls = { a: [77], b: [77], c: [77], d: [12] };
    expect(pendingOrderRollers(seats, rolls)).toEqual(["a", "b", "c"]);
    // One of them has re-rolled: it waits, the other two still owe their re-roll.
    expect(pendingOrderRollers(seats, { ...rolls, b: [77, 40] })).toEqual(["a", "c"]);
    expect(pendingOrderRollers(seats, { a: [77, 5], b: [77, 40], c: [77, 60], d: [12] })).toEqual([]);
  });

  it("handles two separate ties at once", () => {
    expect(pendingOrderRollers(seats, { a: [50], b: [50], c: [9], d: [9] })).toEqual(["a", "b", "c", "d"]);
    expect(pendingOrderRollers(seats, { a: [50, 3], b: [50, 4], c: [9], d: [9] })).toEqual(["c", "d"]);
  });

  it("asks for another round when a re-roll ties again", () => {
    const rolls: OrderRolls = { a: [77, 40], b: [77, 40], c: [77, 60], d: [12] };
    expect(pendingOrderRollers(seats, rolls)).toEqual(["a", "b"]);
    expect(pendingOrderRollers(seats, { ...rolls, a: [77, 40, 2] })).toEqual(["b"]);
    expect(pendingOrderRollers(seats, { ...rolls, a: [77, 40, 2], b: [77, 40, 1] })).toEqual([]);
  });

  it("does not count equal re-rolls of different ties as a tie", () => {
    // a/b tied at 50, c/d tied at 9; a and c both re-roll 30: they are not tied with each other.
    expect(pendingOrderRollers(seats, { a: [50, 30], b: [50, 31], c: [9, 30], d: [9, 31] })).toEqual([]);
  });
});

describe("playOrderFrom", () => {
  it("orders highest first", () => {
    expect(playOrderFrom(seats, { a: [10], b: [20], c: [30], d: [40] })).toEqual(["d", "c", "b", "a"]);
  });

  it("orders tied seats among themselves by their re-rolls only", () => {
    expect(playOrderFrom(seats, { a: [50, 3], b: [20], c: [50, 90], d: [40] })).toEqual(["c", "a", "d", "b"]);
  });

  it("orders a three-way tie with a tie within the re-roll", () => {
    const rolls: OrderRolls = { a: [77, 40, 2], b: [77, 40, 6], c: [77, 60], d: [12] };
    expect(pendingOrderRollers(seats, rolls)).toEqual([]);
    expect(playOrderFrom(seats, rolls)).toEqual(["c", "b", "a", "d"]);
  });

  it("does not let a tie-breaker outrank a higher first roll", () => {
    expect(playOrderFrom(["a", "b", "c"], { a: [60, 100], b: [60, 1], c: [61] })).toEqual(["c", "a", "b"]);
  });

  it("does not mutate its input", () => {
    const list = ["a", "b"];
    playOrderFrom(list, { a: [1], b: [2] });
    expect(list).toEqual(["a", "b"]);
  });

  it("always ends in a strict order when seats roll until no one is pending", () => {
    const random = new SeededRandom(314);
    for (let game = 0; game < 300; game++) {
      const n = 2 + (game % 11);
      const list = Array.from({ length: n }, (_, i) => `s${i}`);
      const rolls: Record<string, number[]> = {};
      let steps = 0;
      for (
        let pending = pendingOrderRollers(list, rolls);
        pending.length > 0;
        pending = pendingOrderRollers(list, rolls)
      ) {
        // Small dice make ties (and ties within re-rolls) common.
        for (const seat of pending) (rolls[seat] ??= []).push(random.die(3));
        expect(++steps).toBeLessThan(200);
      }
      const order = playOrderFrom(list, rolls);
      expect([...order].sort()).toEqual([...list].sort());
      for (let i = 1; i < order.length; i++) {
        const hi = rolls[order[i - 1]!]!;
        const lo = rolls[order[i]!]!;
        // The first roll where they differ is higher for the earlier seat.
        let k = 0;
        while (k < hi.length && k < lo.length && hi[k] === lo[k]) k++;
        expect(k < hi.length && k < lo.length).toBe(true);
        expect(hi[k]!).toBeGreaterThan(lo[k]!);
      }
    }
  });
});
