// One way to refuse (issue 36): a refusal is a code of its family's table in a Result built by the
// helpers of src/rules/core/result.ts. None of the older forms may come back in src/.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "../../src");
/** The helpers themselves build the refusal object. */
const HELPERS = "rules/core/result.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The type arguments of each `Result<…>` in a text, split at their top-level commas. */
function resultArguments(text: string): string[][] {
  const out: string[][] = [];
  for (const m of text.matchAll(/\bResult</g)) {
    const args: string[] = [];
    let depth = 1;
    let start = m.index + m[0].length;
    let i = start;
    for (; i < text.length && depth > 0; i++) {
      const c = text[i];
      if (c === "<" || c === "{" || c === "(" || c === "[") depth++;
      else if (c === ">" && text[i - 1] !== "=") depth--;
      else if (c === "}" || c === ")" || c === "]") depth--;
      else if (c === "," && depth === 1) {
        args.push(text.slice(start, i).trim());
        start = i + 1;
      }
    }
    args.push(text.slice(start, i - 1).trim());
    out.push(args);
  }
  return out;
}

/** The older refusal forms a text holds, each named once per line it is on. */
function oldRefusals(text: string, helpers = false): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (/\bRuleError\s*\|\s*null\b|\bnull\s*\|\s*RuleError\b/.test(line)) found.push(`${i + 1}: RuleError | null`);
    if (!helpers && /["']?\bok["']?\s*:\s*false\b/.test(line)) found.push(`${i + 1}: a hand-written { ok: false }`);
    if (/\bclass\s+\w+\s+extends\s+Error\b/.test(line) && /Refus/.test(line))
      found.push(`${i + 1}: a refusal thrown as an exception`);
  });
  for (const args of resultArguments(text))
    if (args[1] === "string") found.push(`Result<${args.join(", ")}>: a refusal as a plain string`);
  return found;
}

/** The text of each balanced `{ … }` that opens at `from` (the object a refusal or message is given its params in). */
function objectAt(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(from, i + 1);
  }
  return text.slice(from);
}

/** A literal of two or more words, or an exception's own text: prose no lang file translates. */
const PROSE = [
  /(["'`])[^"'`\n]*?\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b[^"'`\n]*?\1/,
  /\.message\b/,
  /\bString\(\s*(e|err|error)\s*\)/,
  /\bwriteFailure\(/,
];

/**
 * The params of each refusal (`refuse(code, {…})`, `{ code, params: {…} }`) and message (`format(key, {…})`)
 * in a text that carry prose: English a German player would read inside a German sentence.
 */
function proseParams(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:refuse|format)\(\s*[\w.$"'`]+\s*,\s*\{|\bparams:\s*\{/g)) {
    const params = objectAt(text, m.index + m[0].length - 1);
    if (PROSE.some((p) => p.test(params))) {
      const line = text.slice(0, m.index).split("\n").length;
      found.push(`${line}: ${params.replace(/\s+/g, " ").slice(0, 80)}`);
    }
  }
  return found;
}

describe("refusals in src/", () => {
  it("the prose check finds a sentence or an exception's text in params (so a clean scan means something)", () => {
    expect(proseParams('return refuse(E.store, { reason: "the ledger was refused" });')).toHaveLength(1);
    expect(
      proseParams("const f: RuleError = { code: E.failed, params: { reason: writeFailure(error) } };"),
    ).toHaveLength(1);
    expect(proseParams("i18n.format(K.start, { reason: String(error) })")).toHaveLength(1);
    expect(proseParams("refuse(E.x, {\n  why: `${n} pieces are too many`,\n})")).toHaveLength(1);
    expect(proseParams("return refuse(E.bad, { reason: e.message });")).toHaveLength(1);
    expect(proseParams('refuse(BAD_OPTION, { option: "purses" })')).toEqual([]);
    expect(proseParams("refuse(E.betTooLarge, { have, seat: `${seat}` })")).toEqual([]);
    expect(proseParams('events.push({ kind: "notice", key: K, params: { seats: tied.join(", ") } });')).toEqual([]);
  });

  it("carry no prose in their params: every word of a refusal comes from the lang files", () => {
    const strays: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).split("\\").join("/");
      for (const found of proseParams(readFileSync(file, "utf8"))) strays.push(`${name}:${found}`);
    }
    expect(strays).toEqual([]);
  });

  it("the check finds each old form (so a clean scan means something)", () => {
    expect(oldRefusals("function f(): RuleError | null {")).toHaveLength(1);
    expect(oldRefusals("let e: null | RuleError = null;")).toHaveLength(1);
    expect(oldRefusals("return { ok: false, error: { code } };")).toHaveLength(1);
    expect(oldRefusals('const r = { "ok": false, error };')).toHaveLength(1);
    expect(oldRefusals("type P = { readonly ok: false; readonly error: RuleError };")).toHaveLength(1);
    expect(oldRefusals("export function check(raw: unknown): Result<{ readonly board: B }, string> {")).toHaveLength(1);
    expect(oldRefusals("export class RefusedError extends Error {")).toHaveLength(1);
    expect(oldRefusals("function g(): Result<{ readonly n: number }> { return refuse(E.x); }")).toEqual([]);
    expect(oldRefusals("const m: Map<string, Result<{ a: string }>> = new Map();")).toEqual([]);
  });

  it("hold no RuleError | null, no string reason, no hand-written { ok: false }, no refusal thrown", () => {
    const strays: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).split("\\").join("/");
      for (const form of oldRefusals(readFileSync(file, "utf8"), name === HELPERS)) strays.push(`${name}:${form}`);
    }
    expect(strays).toEqual([]);
  });
});
