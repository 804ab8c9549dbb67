/**
 * Hostile JSON values for the fuzz tests of every entry point: deep (nested up to 100,000 levels,
 * built without recursion), wide (more values than any limit allows) and huge (longer strings
 * than any limit allows), as fast-check arbitraries and as plain builders.
 */
import fc from "fast-check";
import { JsonErrors, REQUEST_LIMITS } from "../../src/rules/core";

/** Arrays (or objects, `{ a: … }`) nested `depth` levels around a 0. */
export function deepValue(depth: number, shape: "array" | "object" = "array"): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = shape === "array" ? [v] : { a: v };
  return v;
}

/** An array of `count` small values, or an object of `count` keys. */
export function wideValue(count: number, shape: "array" | "object" = "array"): unknown {
  if (shape === "array") return Array.from({ length: count }, (_, i) => i % 7);
  const out: Record<string, number> = {};
  for (let i = 0; i < count; i++) out[`k${i}`] = i;
  return out;
}

/** A string of `length` characters. */
export const hugeValue = (length: number): string => "x".repeat(length);

/** One hostile value past the request limits (so past the board limits too), and what it is. */
export const hostileValue: fc.Arbitrary<{ readonly what: string; readonly value: unknown }> = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: REQUEST_LIMITS.depth + 1, max: 100_000 }),
      fc.constantFrom("array", "object") as fc.Arbitrary<"array" | "object">,
    )
    .map(([depth, shape]) => ({ what: `deep ${shape} ${depth}`, value: deepValue(depth, shape) })),
  // Wide: an array to twice the limit; an object just past it (building a wide object is slow).
  fc
    .integer({ min: REQUEST_LIMITS.nodes + 1, max: 2 * REQUEST_LIMITS.nodes })
    .map((count) => ({ what: `wide array ${count}`, value: wideValue(count) })),
  fc
    .integer({ min: REQUEST_LIMITS.nodes + 1, max: REQUEST_LIMITS.nodes + 1_000 })
    .map((count) => ({ what: `wide object ${count}`, value: wideValue(count, "object") })),
  fc
    .integer({ min: REQUEST_LIMITS.chars + 1, max: 2_000_000 })
    .map((length) => ({ what: `huge string ${length}`, value: hugeValue(length) })),
);

/** Whether a refusal is one of the bounded walker's (too deep, too many values, too long, not JSON). */
export const isBoundRefusal = (code: string | undefined): boolean =>
  (Object.values(JsonErrors) as string[]).includes(code ?? "");
