/**
 * The import graph of src/ has no cycle (type-only imports included: a cycle of types still ties
 * two files together). Imports are read with a regex; relative paths resolve to .ts or index.ts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

/** The files of src/ that `file` imports (relative imports only; packages are not part of the graph). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec?.startsWith(".")) continue;
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, "index.ts"), base].find((p) => existsSync(p) && statSync(p).isFile());
    if (target?.endsWith(".ts")) out.push(relative(process.cwd(), target));
  }
  return out;
}

/** Every cycle found by a depth-first walk, each as the files around it. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

/**
 * The imports that leave the bottom layer of the windows: a file of src/apps/core may import
 * src/apps/core and anything outside src/apps (rules, table protocol, palette), nothing else of src/apps.
 */
export function coreBreaches(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const inCore = (file: string): boolean => file.startsWith("src/apps/core/");
  return [...graph]
    .filter(([file]) => inCore(file))
    .flatMap(([file, targets]) =>
      targets.filter((t) => t.startsWith("src/apps/") && !inCore(t)).map((t) => `${file} → ${t}`),
    );
}

describe("the import graph of src/", () => {
  it("finds a cycle when there is one (the walker itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads the imports of a file, type-only ones included", () => {
    expect(importsOf("src/foundry/sealed-chat.ts")).toEqual(
      expect.arrayContaining(["src/foundry/roll-json.ts", "src/foundry/crypto.ts"]),
    );
  });

  it("has no cycle", () => {
    const graph = new Map(sources("src").map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(40);
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });
});

describe("src/apps/core is the bottom of the windows", () => {
  it("the check finds a core file importing another folder of src/apps, or src/apps itself", () => {
    const graph = new Map([
      ["src/apps/core/types.ts", ["src/apps/core/board-model.ts", "src/rules/core/index.ts"]],
      ["src/apps/core/a.ts", ["src/apps/board/context.ts", "src/apps/template-reads.ts"]],
      ["src/apps/table/b.ts", ["src/apps/core/types.ts"]],
    ]);
    expect(coreBreaches(graph)).toEqual([
      "src/apps/core/a.ts → src/apps/board/context.ts",
      "src/apps/core/a.ts → src/apps/template-reads.ts",
    ]);
  });

  it("imports nothing of src/apps but src/apps/core (board and table build on it, not it on them)", () => {
    const files = sources("src/apps/core");
    expect(files.length).toBeGreaterThan(5);
    expect(coreBreaches(new Map(files.map((file) => [file, importsOf(file)])))).toEqual([]);
  });
});
