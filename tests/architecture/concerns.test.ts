/**
 * Each table concern is one folder behind the one contract (issue 36): every folder is in the registry,
 * the update builder reaches no operation, and no concern's folder reaches into another's.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONCERNS } from "../../src/table/concerns";

const CONCERNS_DIR = "src/table/concerns";
/** The files that build what each user is sent. */
const UPDATE_BUILDER = [
  "src/table/updates.ts",
  "src/table/viewers.ts",
  "src/table/sent-views.ts",
  "src/table/delta.ts",
];
/** Concern folders that may import another's, and why (none may reach into any other). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // A seat away past the GM's time goes to a bot, and "I'm back" takes it back: the hand-over's own operation.
  clock: ["hand-over"],
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The files of src/ that `file` imports directly (type-only imports included). */
function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec?.startsWith(".")) continue;
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, "index.ts")].find((p) => existsSync(p) && statSync(p).isFile());
    if (target) out.push(relative(process.cwd(), target).replaceAll("\\", "/"));
  }
  return out;
}

/** Every file of src/ that `roots` reach through their imports, the roots included. */
export function reached(roots: readonly string[], imports: (file: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...imports(file));
  }
  return seen;
}

/** An operation: a file of src/table/ops, a concern's `*-op.ts`, or a registry that joins operations in. */
export function isOperation(file: string): boolean {
  return (
    file.startsWith("src/table/ops/") ||
    (file.startsWith(`${CONCERNS_DIR}/`) && (file.endsWith("-op.ts") || file.endsWith("/index.ts")))
  );
}

/** The concern folder a file belongs to, or null. */
const folderOf = (file: string): string | null =>
  file.startsWith(`${CONCERNS_DIR}/`)
    ? file.slice(CONCERNS_DIR.length + 1).split("/").length > 1
      ? file.split("/")[3]!
      : null
    : null;

const folders = (): string[] =>
  readdirSync(CONCERNS_DIR).filter((name) => statSync(join(CONCERNS_DIR, name)).isDirectory());

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path.replaceAll("\\", "/")] : [];
  });
}

describe("table concerns", () => {
  it("the checks find an operation reached and a concern's folder", () => {
    const graph = new Map([
      ["src/table/updates.ts", ["src/table/concerns/undo/view.ts"]],
      ["src/table/concerns/undo/view.ts", ["src/table/concerns/undo/undo-op.ts"]],
    ]);
    const hit = reached(["src/table/updates.ts"], (f) => graph.get(f) ?? []);
    expect([...hit].filter(isOperation)).toEqual(["src/table/concerns/undo/undo-op.ts"]);
    expect(isOperation("src/table/ops/move.ts")).toBe(true);
    expect(isOperation("src/table/concerns/undo/may-undo.ts")).toBe(false);
    expect(folderOf("src/table/concerns/undo/view.ts")).toBe("undo");
    expect(folderOf("src/table/concerns/contract.ts")).toBeNull();
  });

  it("every folder under src/table/concerns is one concern of the registry, named as its folder", () => {
    expect(folders().length).toBeGreaterThan(0);
    expect(CONCERNS.map((c) => c.name).sort()).toEqual(folders().sort());
  });

  it("every concern's request.ts is joined into the wire schema by concerns/requests.ts, which reaches no operation", () => {
    const own = folders()
      .map((f) => `${CONCERNS_DIR}/${f}/request.ts`)
      .filter((f) => existsSync(f));
    expect(own.length).toBeGreaterThan(0);
    expect(importsOf(`${CONCERNS_DIR}/requests.ts`).sort()).toEqual(own.sort());
    expect([...reached(["src/table/parse-request.ts"], importsOf)].filter(isOperation)).toEqual([]);
  });

  it("the update builder and every concern's view reach no operation", () => {
    const views = folders()
      .map((f) => `${CONCERNS_DIR}/${f}/view.ts`)
      .filter((f) => existsSync(f));
    const hit = reached([...UPDATE_BUILDER, ...views], importsOf);
    expect(hit.has("src/table/updates.ts")).toBe(true);
    expect([...hit].filter(isOperation)).toEqual([]);
  });

  it("no concern's folder imports another concern's folder (but those named in ALLOWED)", () => {
    const crossings = sources(CONCERNS_DIR).flatMap((file) => {
      const own = folderOf(file);
      if (own === null) return [];
      return importsOf(file)
        .map((target) => folderOf(target))
        .filter((other): other is string => other !== null && other !== own && !(ALLOWED[own] ?? []).includes(other))
        .map((other) => `${file} → ${other}`);
    });
    expect(crossings).toEqual([]);
  });
});
