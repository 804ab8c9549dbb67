/**
 * The structural delta of src/table/delta.ts (issue 25, "Cost per move"): what `diff` gives turns
 * the old value into the new one, is small when little changed, and `applyDelta` refuses any path
 * that does not fit its base (so a client asks for the whole value again) and any prototype key.
 */
import { describe, expect, it } from "vitest";
import { DeltaError, applyDelta, diff, jsonEqual } from "../../src/table/delta";
import { SeededRandom } from "../../src/rules/core";

/** A random JSON value of bounded depth, from `r`: objects, arrays, numbers, strings, booleans, null. */
function randomJson(r: SeededRandom, depth: number): unknown {
  const kind = depth === 0 ? r.die(4) : r.die(6);
  switch (kind) {
    case 1:
      return r.die(5) - 3;
    case 2:
      return ["a", "b", "ü", ""][r.die(4) - 1];
    case 3:
      return r.die(2) === 1;
    case 4:
      return null;
    case 5:
      return Array.from({ length: r.die(4) - 1 }, () => randomJson(r, depth - 1));
    default: {
      const out: Record<string, unknown> = {};
      for (let i = r.die(4) - 1; i > 0; i--) out[["x", "y", "z", "w"][r.die(4) - 1]!] = randomJson(r, depth - 1);
      return out;
    }
  }
}

/** `value` changed in a few random places (a key set or dropped, an element pushed, a leaf replaced). */
function mutate(r: SeededRandom, value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = [...(value as unknown[])];
    if (out.length > 0 && r.die(3) === 1) out[r.die(out.length) - 1] = mutate(r, out[r.die(out.length) - 1]);
    else if (r.die(2) === 1) out.push(randomJson(r, 1));
    else out.pop();
    return out;
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(out);
    if (keys.length > 0 && r.die(3) !== 1) {
      const key = keys[r.die(keys.length) - 1]!;
      out[key] = mutate(r, out[key]);
    } else if (keys.length > 0 && r.die(2) === 1) delete out[keys[r.die(keys.length) - 1]!];
    else out[`k${r.die(9)}`] = randomJson(r, 1);
    return out;
  }
  return randomJson(r, 1);
}

describe("a structural delta between two JSON values", () => {
  it("turns the old value into the new one, over 2,000 random pairs, and leaves the old value as it was", () => {
    const r = new SeededRandom(25);
    for (let i = 0; i < 2000; i++) {
      const before = randomJson(r, 4);
      const after = r.die(4) === 1 ? randomJson(r, 4) : mutate(r, mutate(r, before));
      const kept = JSON.stringify(before);
      // Through the wire, as a push travels.
      const delta = JSON.parse(JSON.stringify(diff(before, after))) as ReturnType<typeof diff>;
      expect(jsonEqual(applyDelta(before, delta), after), `${kept} -> ${JSON.stringify(after)}`).toBe(true);
      expect(JSON.stringify(before)).toBe(kept);
    }
  });

  it("is empty for equal values and holds only what changed in a large view", () => {
    const view = { board: Array.from({ length: 40 }, (_, i) => ({ square: i, piece: i % 3 ? null : "a" })), turn: 3 };
    expect(diff(view, JSON.parse(JSON.stringify(view)))).toEqual([]);
    const moved = { ...view, board: view.board.map((s) => (s.square === 7 ? { ...s, piece: "b" } : s)), turn: 4 };
    expect(diff(view, moved)).toEqual([
      { p: ["board", 7, "piece"], v: "b" },
      { p: ["turn"], v: 4 },
    ]);
  });

  it("sends a part whole when listing its changes would weigh more", () => {
    const kept = "unchanged and long enough to be worth keeping";
    const delta = diff({ list: [1, 2, 3, 4], kept }, { list: [5, 6, 7, 8], kept });
    expect(delta).toEqual([{ p: ["list"], v: [5, 6, 7, 8] }]);
    expect(diff([1, 2, 3], [1, 2])).toEqual([{ p: [], v: [1, 2] }]);
  });

  it("refuses a path that does not fit its base, so the receiver asks for the whole value", () => {
    expect(() => applyDelta({ a: 1 }, [{ p: ["b", "c"], v: 1 }])).toThrow(DeltaError);
    expect(() => applyDelta({ a: [1] }, [{ p: ["a", 3], v: 1 }])).toThrow(DeltaError);
    expect(() => applyDelta({ a: [1] }, [{ p: ["a", "0"], v: 1 }])).toThrow(DeltaError);
    expect(() => applyDelta({ a: [1] }, [{ p: ["a", 0] }])).toThrow(DeltaError);
    expect(() => applyDelta({ a: 1 }, [{ p: [] }])).toThrow(DeltaError);
    expect(() => applyDelta({ a: 1 }, [{ p: "a" } as unknown as { p: string[] }])).toThrow(DeltaError);
    // One past the end appends; further is refused.
    expect(applyDelta({ a: [1] }, [{ p: ["a", 1], v: 2 }])).toEqual({ a: [1, 2] });
  });

  it("never reaches an object's prototype", () => {
    for (const key of ["__proto__", "constructor", "prototype"])
      expect(() => applyDelta({ a: {} }, [{ p: ["a", key, "polluted"], v: true }]), key).toThrow(DeltaError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
