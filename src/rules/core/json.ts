/**
 * Guards for JSON that arrives from outside (forms, sockets, record files, stored data read back),
 * and the one bounded walker that checks a value's size before anything else walks it.
 */
import { type Result, refuse, succeed } from "./result";

/** A JSON object (not null, not an array). */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Whether `key` is the object's own property (not one inherited, such as `constructor`). */
export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * How big a value from outside may be. `depth`: arrays and objects nested (a scalar is 0, `[]` 1);
 * `nodes`: values counted (every array, object and scalar, at any depth); `chars`: UTF-16 units
 * of every string and key together (for a text, its whole length).
 */
export interface JsonLimits {
  readonly depth: number;
  readonly nodes: number;
  readonly chars: number;
}

/** Why a value was refused; each key's text names the limit it broke (`{limit}`). */
export const JsonErrors = {
  tooDeep: "CANTINA.Error.JsonTooDeep",
  tooMany: "CANTINA.Error.JsonTooMany",
  tooLong: "CANTINA.Error.JsonTooLong",
  notJson: "CANTINA.Error.JsonNotPlain",
  notText: "CANTINA.Error.JsonNotText",
} as const;

/** Nesting no data of ours comes near (a record's state or events nest about 8 deep). */
export const MAX_JSON_DEPTH = 64;

/**
 * What one request may carry: a move, a table's spec with its seats and a board (5,000 seats
 * take about 30,000 values), a GM's text.
 */
export const REQUEST_LIMITS: JsonLimits = { depth: MAX_JSON_DEPTH, nodes: 100_000, chars: 1_000_000 };
/** Board data a GM imports (a shipped board is about 3 KB and 700 values). */
export const BOARD_LIMITS: JsonLimits = { depth: MAX_JSON_DEPTH, nodes: 50_000, chars: 1_000_000 };
/** A record file, or one stored record read back (a table with its whole log, an event's ledger). */
export const RECORD_LIMITS: JsonLimits = { depth: MAX_JSON_DEPTH, nodes: 4_000_000, chars: 64_000_000 };

const limitError = (code: string, limit: number): Result<never> => refuse(code, { limit });

/**
 * Checks a value against the limits without recursion (a stack of its own, so no depth of input
 * can overflow the call stack), and stops at the first limit broken: what it has walked never
 * exceeds the limits, so a value too wide, too deep or cyclic costs at most `limits.nodes` steps.
 * Only JSON's kinds pass: a function, symbol or bigint is refused.
 */
export function withinJsonBounds(value: unknown, limits: JsonLimits): Result {
  const stack: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  let chars = 0;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (++nodes > limits.nodes) return limitError(JsonErrors.tooMany, limits.nodes);
    const v = item.value;
    switch (typeof v) {
      case "string":
        chars += v.length;
        if (chars > limits.chars) return limitError(JsonErrors.tooLong, limits.chars);
        continue;
      case "number":
      case "boolean":
      case "undefined":
        continue;
      case "object":
        break;
      default:
        return refuse(JsonErrors.notJson);
    }
    if (v === null) continue;
    const depth = item.depth + 1;
    if (depth > limits.depth) return limitError(JsonErrors.tooDeep, limits.depth);
    if (Array.isArray(v)) {
      // Counted before it is read, so a sparse array of a billion slots is refused at once.
      if (nodes + stack.length + v.length > limits.nodes) return limitError(JsonErrors.tooMany, limits.nodes);
      for (let i = 0; i < v.length; i++) stack.push({ value: (v as unknown[])[i], depth });
      continue;
    }
    const keys = Object.keys(v);
    if (nodes + stack.length + keys.length > limits.nodes) return limitError(JsonErrors.tooMany, limits.nodes);
    for (const key of keys) {
      chars += key.length;
      if (chars > limits.chars) return limitError(JsonErrors.tooLong, limits.chars);
      stack.push({ value: (v as Record<string, unknown>)[key], depth });
    }
  }
  return succeed({});
}

/**
 * The nesting of a JSON text, read from its brackets outside strings, without parsing it; stops
 * counting once past `limit` (a text that is not JSON may give any number: JSON.parse refuses it).
 */
function textDepthOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next unit is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * A JSON text from outside, parsed only once its length and nesting are within the limits (some
 * engines' JSON.parse recurse, and throw on deep input), then checked whole by `withinJsonBounds`.
 * `notJson` is the caller's refusal for a text that does not parse.
 */
export function parseBoundedJson(text: unknown, limits: JsonLimits, notJson: string): Result<{ value: unknown }> {
  if (typeof text !== "string") return refuse(JsonErrors.notText);
  if (text.length > limits.chars) return limitError(JsonErrors.tooLong, limits.chars);
  if (textDepthOver(text, limits.depth)) return limitError(JsonErrors.tooDeep, limits.depth);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(notJson);
  }
  const bounded = withinJsonBounds(value, limits);
  return bounded.ok ? succeed({ value }) : bounded;
}
