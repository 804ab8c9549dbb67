/** The bounded walker and the bounded parse of src/rules/core/json.ts: limits, refusals, no recursion. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type JsonLimits, JsonErrors, checkJsonBounds, parseBoundedJson } from "../../../src/rules/core";

const small: JsonLimits = { depth: 4, nodes: 20, chars: 50 };

/** An array nested `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe("checkJsonBounds", () => {
  it("accepts values within every limit, at the limits themselves", () => {
    expect(checkJsonBounds({ a: [1, "x", null, true] }, small)).toBeNull();
    expect(checkJsonBounds(nested(4), small)).toBeNull();
    expect(
      checkJsonBounds(
        Array.from({ length: 19 }, () => 0),
        small,
      ),
    ).toBeNull();
    expect(checkJsonBounds("x".repeat(50), small)).toBeNull();
  });

  it("refuses nesting past the depth limit, naming the limit", () => {
    expect(checkJsonBounds(nested(5), small)).toEqual({ code: JsonErrors.tooDeep, params: { limit: 4 } });
    expect(checkJsonBounds({ a: { b: { c: { d: { e: 1 } } } } }, small)?.code).toBe(JsonErrors.tooDeep);
  });

  it("walks a 100,000-deep value without overflowing the stack (refused as too deep)", () => {
    expect(checkJsonBounds(nested(100_000), { depth: 64, nodes: 1e6, chars: 1e6 })?.code).toBe(JsonErrors.tooDeep);
  });

  it("refuses too many values, a sparse array of a billion slots at once", () => {
    expect(
      checkJsonBounds(
        Array.from({ length: 20 }, () => 0),
        small,
      )?.code,
    ).toBe(JsonErrors.tooMany);
    expect(checkJsonBounds(new Array(1e9), small)).toEqual({ code: JsonErrors.tooMany, params: { limit: 20 } });
  });

  it("refuses strings and keys longer together than the char limit", () => {
    expect(checkJsonBounds("x".repeat(51), small)?.code).toBe(JsonErrors.tooLong);
    expect(checkJsonBounds({ ["k".repeat(30)]: "v".repeat(21) }, small)?.code).toBe(JsonErrors.tooLong);
  });

  it("refuses a cyclic value (it never ends) and what JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkJsonBounds(cyclic, small)?.code).toBe(JsonErrors.tooDeep);
    expect(checkJsonBounds({ f: () => 1 }, small)?.code).toBe(JsonErrors.notJson);
    expect(checkJsonBounds([1n], small)?.code).toBe(JsonErrors.notJson);
  });

  it("agrees with a recursive measure on any JSON value", () => {
    const measure = (v: unknown): { depth: number; nodes: number; chars: number } => {
      if (typeof v === "string") return { depth: 0, nodes: 1, chars: v.length };
      if (typeof v !== "object" || v === null) return { depth: 0, nodes: 1, chars: 0 };
      const entries = Array.isArray(v) ? v.map((x) => ["", x] as const) : Object.entries(v);
      const parts = entries.map(([k, x]) => {
        const m = measure(x);
        return { ...m, chars: m.chars + k.length };
      });
      return {
        depth: 1 + Math.max(0, ...parts.map((p) => p.depth)),
        nodes: 1 + parts.reduce((s, p) => s + p.nodes, 0),
        chars: parts.reduce((s, p) => s + p.chars, 0),
      };
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const m = measure(value);
        const fits = m.depth <= small.depth && m.nodes <= small.nodes && m.chars <= small.chars;
        expect(checkJsonBounds(value, small) === null).toBe(fits);
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseBoundedJson", () => {
  const limits: JsonLimits = { depth: 64, nodes: 1000, chars: 10_000 };

  it("parses JSON within the limits", () => {
    expect(parseBoundedJson('{"a":[1,"]]]["]}', limits, "bad")).toEqual({ ok: true, value: { a: [1, "]]]["] } });
  });

  it("refuses a deep text before parsing it, brackets inside strings not counted", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(parseBoundedJson(deep, { ...limits, chars: 1e6 }, "bad")).toEqual({
      ok: false,
      error: { code: JsonErrors.tooDeep, params: { limit: 64 } },
    });
    const quoted = JSON.stringify(["[".repeat(100), '\\"['.repeat(100)]);
    expect(parseBoundedJson(quoted, limits, "bad").ok).toBe(true);
  });

  it("refuses a text longer than the limit, what is not text, and what does not parse", () => {
    expect(parseBoundedJson(`"${"x".repeat(10_000)}"`, limits, "bad")).toMatchObject({
      ok: false,
      error: { code: JsonErrors.tooLong },
    });
    expect(parseBoundedJson(42, limits, "bad")).toMatchObject({ ok: false, error: { code: JsonErrors.notText } });
    expect(parseBoundedJson("{nope", limits, "bad")).toEqual({ ok: false, error: { code: "bad" } });
  });

  it("refuses a short text of too many values once parsed", () => {
    expect(parseBoundedJson(`[${"0,".repeat(1000)}0]`, limits, "bad")).toMatchObject({
      ok: false,
      error: { code: JsonErrors.tooMany },
    });
  });
});
