/**
 * No code file of src/ and no stylesheet of styles/ is longer than 400 lines: a longer file holds more
 * than one concern, to be split by what each part does (a sheet by what it styles). Data (src/**.json,
 * the Ubongo task cards) is not code and not counted.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

export const MAX_LINES = 400;

/**
 * Files allowed to be longer, each with the reason. Empty: every file of src/ is within the cap.
 * An entry that is back within the cap fails the last test, so the list cannot go stale.
 */
const ALLOWED: Readonly<Record<string, string>> = {};

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(ts|html|css|hbs|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}

/** The files over the cap that are not allowed, each as "path: lines". */
export function overCap(lengths: ReadonlyMap<string, number>, allowed: Readonly<Record<string, string>>): string[] {
  return [...lengths]
    .filter(([file, lines]) => lines > MAX_LINES && !Object.hasOwn(allowed, file))
    .map(([file, lines]) => `${file}: ${lines}`);
}

const lengths = new Map(
  [...codeFiles("src"), ...codeFiles("styles")].map((file) => [file, lineCount(readFileSync(file, "utf8"))]),
);

describe("the 400-line cap on src/ and styles/", () => {
  it("counts lines as wc -l does, and finds a file over the cap unless it is allowed", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("")).toBe(0);
    const files = new Map([
      ["src/a.ts", 401],
      ["src/b.ts", 400],
      ["src/c.ts", 900],
    ]);
    expect(overCap(files, {})).toEqual(["src/a.ts: 401", "src/c.ts: 900"]);
    expect(overCap(files, { "src/c.ts": "generated" })).toEqual(["src/a.ts: 401"]);
  });

  it("reads the code of src/ (TypeScript and the page's HTML) and every stylesheet, not its data", () => {
    expect([...lengths.keys()].filter((f) => f.endsWith(".ts")).length).toBeGreaterThan(300);
    expect([...lengths.keys()].filter((f) => f.startsWith("styles") && f.endsWith(".css")).length).toBeGreaterThan(10);
    expect([...lengths.keys()].some((f) => f.endsWith(".json"))).toBe(false);
  });

  it("no code file of src/ and no stylesheet is longer than 400 lines", () => {
    expect(overCap(lengths, ALLOWED)).toEqual([]);
  });

  it("every allowed exception is still over the cap (else it leaves the list)", () => {
    const stale = Object.keys(ALLOWED).filter((file) => (lengths.get(file) ?? 0) <= MAX_LINES);
    expect(stale).toEqual([]);
  });
});
