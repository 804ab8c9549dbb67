/** The bounded walker and the bounded parse of src/rules/core/json.ts: limits, refusals, no recursion. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type JsonLimits, JsonErrors, parseBoundedJson, withinJsonBounds } from "../../../src/rules/core";
import { refusalOf } from "../../helpers/refusal";

const small: JsonLimits = { depth: 4, nodes: 20, chars: 50 };
const boundsRefusal = (value: unknown, limits: JsonLimits) => refusalOf(withinJsonBounds(value, limits));

/** An array nested `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe("withinJsonBounds", () => {
  it("accepts values within every limit, at the limits themselves", () => {
    expect(boundsRefusal({ a: [1, "x", null, true] }, small)).toBeNull();
    expect(boundsRefusal(nested(4), small)).toBeNull();
    expect(
      boundsRefusal(
        Array.from({ length: 19 }, () => 0),
        small,
      ),
    ).toBeNull();
    expect(boundsRefusal("x".repeat(50), small)).toBeNull();
  });

  it("refuses nesting past the depth limit, naming the limit", () => {
    expect(boundsRefusal(nested(5), small)).toEqual({ code: JsonErrors.tooDeep, params: { limit: 4 } });
    expect(boundsRefusal({ a: { b: { c: { d: { e: 1 } } } } }, small)?.code).toBe(JsonErrors.tooDeep);
  });

  it("walks a 100,000-deep value without overflowing the stack (refused as too deep)", () => {
    expect(boundsRefusal(nested(100_000), { depth: 64, nodes: 1e6, chars: 1e6 })?.code).toBe(JsonErrors.tooDeep);
  });

  it("refuses too many values, a sparse array of a billion slots at once", () => {
    expect(
      boundsRefusal(
        Array.from({ length: 20 }, () => 0),
        small,
      )?.code,
    ).toBe(JsonErrors.tooMany);
    expect(boundsRefusal(new Array(1e9), small)).toEqual({ code: JsonErrors.tooMany, params: { limit: 20 } });
  });

  it("refuses strings and keys longer together than the char limit", () => {
    expect(boundsRefusal("x".repeat(51), small)?.code).toBe(JsonErrors.tooLong);
    expect(boundsRefusal({ ["k".repeat(30)]: "v".repeat(21) }, small)?.code).toBe(JsonErrors.tooLong);
  });

  it("refuses a cyclic value (it never ends) and what JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(boundsRefusal(cyclic, small)?.code).toBe(JsonErrors.tooDeep);
    expect(boundsRefusal({ f: () => 1 }, small)?.code).toBe(JsonErrors.notJson);
    expect(boundsRefusal([1n], small)?.code).toBe(JsonErrors.notJson);
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
        expect(boundsRefusal(value, small) === null).toBe(fits);
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
