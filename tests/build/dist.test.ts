/**
 * Checks the installable module folder written by `npm run build` (dist/), and that the Foundry
 * bundle never pulls in code from src/standalone/. Run `npm run build` before these tests.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apps } from "../../src/apps";
import { games } from "../../src/rules";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "dist");
const BUILD_FIRST = "dist/ is missing or incomplete: run npm run build first";

interface PackEntry {
  name: string;
  label: string;
  path: string;
  type: string;
  system?: string;
}
interface Manifest {
  id: string;
  title: string;
  description: string;
  version: string;
  url: string;
  manifest: string;
  download: string;
  compatibility: { minimum: string; verified: string };
  relationships: { requires: { id: string; type: string }[] };
  socket: boolean;
  esmodules: string[];
  styles: string[];
  languages: { lang: string; name: string; path: string }[];
  packs: PackEntry[];
}
interface JournalPage {
  _id: string;
  _key: string;
  name: string;
  type: string;
  text?: { format: number; content: string };
}
interface Macro {
  _id: string;
  _key: string;
  name: string;
  type: string;
  command: string;
}
interface Journal {
  _id: string;
  _key: string;
  name: string;
  pages: JournalPage[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;
const ID = /^[A-Za-z0-9]{16}$/;
const SABACC_JOURNAL = "Sabacc: Super Simplified (Electrum Circuit)";

let manifest: Manifest;

beforeAll(() => {
  if (!existsSync(join(dist, "module.json")) || !existsSync(join(dist, "scripts"))) throw new Error(BUILD_FIRST);
  manifest = readJson<Manifest>(join(dist, "module.json"));
});

describe("dist/module.json", () => {
  it("names the module and its version", () => {
    const pkg = readJson<{ version: string }>(join(root, "package.json"));
    expect(manifest.id).toBe("cantina-games");
    expect(manifest.title).toBe("Cantina Games");
    expect(manifest.description.length).toBeGreaterThan(0);
    expect(manifest.version).toBe(pkg.version);
  });

  it("has a well-formed id, and its pack folders name only declared packs", () => {
    expect(manifest.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const folders = readJson<{ packFolders?: { name: string; packs: string[] }[] }>(join(dist, "module.json")).packFolders ?? [];
    const declared = new Set(manifest.packs.map((p) => p.name));
    for (const folder of folders) for (const name of folder.packs) expect(declared.has(name), `packFolders ${folder.name}: ${name}`).toBe(true);
  });

  it("targets Foundry v13", () => {
    expect(manifest.compatibility.minimum).toBe("13");
    expect(manifest.compatibility.verified).toBe("13");
  });

  it("uses sockets through socketlib", () => {
    expect(manifest.socket).toBe(true);
    expect(manifest.relationships.requires).toContainEqual(expect.objectContaining({ id: "socketlib", type: "module" }));
  });

  it("has release URLs", () => {
    for (const url of [manifest.url, manifest.manifest, manifest.download]) expect(() => new URL(url)).not.toThrow();
    expect(manifest.manifest).toMatch(/module\.json$/);
    expect(manifest.download).toMatch(/\.zip$/);
  });

  it("declares files that all exist in dist/", () => {
    expect(manifest.esmodules).toEqual(["scripts/cantina-games.js"]);
    expect(manifest.styles).toEqual(["styles/cantina-games.css"]);
    expect(manifest.languages).toContainEqual({ lang: "en", name: "English", path: "lang/en.json" });
    const paths = [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)];
    for (const p of paths) expect(existsSync(join(dist, p)), `dist/${p}`).toBe(true);
    for (const l of manifest.languages) expect(() => readJson(join(dist, l.path))).not.toThrow();
  });

  it("ships every stylesheet and template", () => {
    const css = readFileSync(join(dist, "styles/cantina-games.css"), "utf8");
    for (const f of readdirSync(join(root, "styles")).filter((f) => f.endsWith(".css"))) {
      expect(css, `styles/${f} (if it changed, run npm run build again)`).toContain(readFileSync(join(root, "styles", f), "utf8").trim());
    }
    if (existsSync(join(root, "templates"))) {
      for (const f of filesUnder(join(root, "templates"))) {
        expect(existsSync(join(dist, relative(root, f))), relative(root, f)).toBe(true);
      }
    }
  });

  it("matches the source module.json apart from the fields the build fills in", () => {
    const source = readJson<Record<string, unknown>>(join(root, "module.json"));
    const built: Record<string, unknown> = { ...manifest };
    for (const key of ["version", "url", "manifest", "download"]) {
      delete source[key];
      delete built[key];
    }
    expect(built).toEqual(source);
  });
});

describe("compendium packs", () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "cantina-packs-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("are well named, typed and compiled as LevelDB folders", () => {
    expect(manifest.packs.length).toBeGreaterThan(0);
    const names = new Set<string>();
    for (const pack of manifest.packs) {
      expect(pack.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(names.has(pack.name), `duplicate pack ${pack.name}`).toBe(false);
      names.add(pack.name);
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(pack.label.length).toBeGreaterThan(0);
      const dir = join(dist, pack.path);
      expect(existsSync(dir) && statSync(dir).isDirectory(), `dist/${pack.path}`).toBe(true);
      const files = readdirSync(dir);
      expect(files.includes("CURRENT") || files.some((f) => /\.(ldb|log)$/.test(f)), `dist/${pack.path}`).toBe(true);
    }
  });

  it("include the rules journal pack", () => {
    expect(manifest.packs).toContainEqual(
      expect.objectContaining({ name: "cantina-rules", label: "Cantina Games: Rules", type: "JournalEntry" }),
    );
    expect(manifest.packs.find((p) => p.name === "cantina-rules")?.system).toBeUndefined();
  });

  it("read back with every source document", async () => {
    for (const pack of manifest.packs) {
      // Extract from a copy: opening a LevelDB may rewrite its files.
      const copy = join(scratch, "db", pack.name);
      cpSync(join(dist, pack.path), copy, { recursive: true });
      const out = join(scratch, "out", pack.name);
      await extractPack(copy, out, { clean: true });
      const extracted = new Set(filesUnder(out).map((f) => readJson<{ _id: string }>(f)._id));
      const sources = filesUnder(join(root, "packs", pack.name)).map((f) => readJson<{ _id: string }>(f)._id);
      expect(sources.length).toBeGreaterThan(0);
      for (const id of sources) expect(extracted.has(id), `${pack.name}: ${id}`).toBe(true);
      // Only the macro pack holds generated documents (one launch macro per game).
      const generated = pack.name === "cantina-macros" ? Object.keys(games).length : 0;
      expect(extracted.size).toBe(sources.length + generated);
    }
  });

  it("hold the Super Simplified Sabacc journal with text pages", async () => {
    const copy = join(scratch, "rules-db");
    cpSync(join(dist, "packs/cantina-rules"), copy, { recursive: true });
    const out = join(scratch, "rules-out");
    await extractPack(copy, out, { clean: true });
    const journals = filesUnder(out).map((f) => readJson<Journal>(f));
    const journal = journals.find((j) => j.name === SABACC_JOURNAL);
    expect(journal, SABACC_JOURNAL).toBeDefined();
    if (!journal) return;
    expect(journal._id).toMatch(ID);
    expect(journal._key).toBe(`!journal!${journal._id}`);
    expect(journal.pages.length).toBeGreaterThan(0);
    for (const page of journal.pages) {
      expect(page._id).toMatch(ID);
      expect(page._key).toBe(`!journal.pages!${journal._id}.${page._id}`);
      expect(page.type).toBe("text");
      expect(page.text?.format).toBe(1);
      expect(page.text?.content ?? "").toMatch(/^<(p|h\d|ul|ol)>/);
    }
    const text = journal.pages.map((p) => p.text?.content ?? "").join(" ");
    for (const needle of ["1d100", "100 credits", "1d23", "Luck/Force", "23", "3 Luck/Force points"]) {
      expect(text).toContain(needle);
    }
  });
});

describe("the macro pack", () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "cantina-macros-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is declared as a Macro compendium in the module's folder", () => {
    expect(manifest.packs).toContainEqual(expect.objectContaining({ name: "cantina-macros", type: "Macro", path: "packs/cantina-macros" }));
    const folders = (readJson<{ packFolders: { packs: string[] }[] }>(join(dist, "module.json"))).packFolders;
    expect(folders.some((f) => f.packs.includes("cantina-macros"))).toBe(true);
  });

  it("holds one script macro per registered game that launches it, and the table list macro", async () => {
    const copy = join(scratch, "db");
    cpSync(join(dist, "packs/cantina-macros"), copy, { recursive: true });
    const out = join(scratch, "out");
    await extractPack(copy, out, { clean: true });
    const macros = filesUnder(out).map((f) => readJson<Macro>(f));
    for (const m of macros) {
      expect(m._id).toMatch(ID);
      expect(m._key).toBe(`!macros!${m._id}`);
      expect(m.type).toBe("script");
      expect(m.name.length).toBeGreaterThan(0);
      expect(m.command).toMatch(/^game\.modules\.get\("cantina-games"\)\?\.api\?\./);
    }
    for (const id of Object.keys(games)) {
      const launch = macros.filter((m) => m.command === `game.modules.get("cantina-games")?.api?.launch(${JSON.stringify(id)});`);
      expect(launch, id).toHaveLength(1);
    }
    expect(macros.some((m) => m.command.includes(".showTables()"))).toBe(true);
    expect(new Set(macros.map((m) => m._id)).size).toBe(macros.length);
  });
});

describe("the Foundry windows' templates", () => {
  it("every part a game's window renders, and the adapter's own, ship in dist/templates", () => {
    const paths = [
      ...Object.values(apps).flatMap((a) => Object.values(a.parts)),
      "foundry/window.hbs", "foundry/launcher.hbs", "foundry/tables.hbs",
    ];
    for (const p of paths) expect(existsSync(join(dist, "templates", p)), `dist/templates/${p}`).toBe(true);
  });

  it("use only Foundry's localize helper (besides Handlebars' own block helpers)", () => {
    const builtIn = new Set(["if", "else", "unless", "each", "with", "localize", "this", "lookup"]);
    for (const f of filesUnder(join(root, "templates")).filter((f) => f.endsWith(".hbs"))) {
      for (const m of readFileSync(f, "utf8").matchAll(/\{\{\{?\s*[#/]?\s*([A-Za-z_][\w-]*)\s+[^}]*\}\}/g)) {
        const name = m[1] as string;
        expect(builtIn.has(name), `${relative(root, f)}: helper {{${name} …}}`).toBe(true);
      }
    }
  });
});

describe("the Foundry bundle", () => {
  const bundle = () => readFileSync(join(dist, "scripts/cantina-games.js"), "utf8");

  it("imports nothing Foundry cannot resolve (no bare specifiers)", () => {
    const specifiers = [...bundle().matchAll(/^\s*(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']/gm)].map((m) => m[1]);
    for (const s of specifiers) expect(s, `bundle imports ${s}`).toMatch(/^\.{1,2}\//);
  });

  it("contains no source from src/standalone/ (source map)", () => {
    const map = readJson<{ sources: string[] }>(join(dist, "scripts/cantina-games.js.map"));
    expect(map.sources.length).toBeGreaterThan(0);
    expect(map.sources.some((s) => s.includes("src/foundry/main.ts"))).toBe(true);
    expect(map.sources.filter((s) => s.replaceAll("\\", "/").includes("src/standalone/"))).toEqual([]);
  });

  it("is built from an import graph that never reaches src/standalone/", () => {
    const graph = importGraph(join(root, "src/foundry/main.ts"));
    expect(graph.size).toBeGreaterThan(0);
    const standalone = join(root, "src", "standalone") + sep;
    expect([...graph].filter((f) => f.startsWith(standalone)).map((f) => relative(root, f))).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Every local file reachable from `entry` through static imports, re-exports and import(). */
function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  const IMPORT = /(?:\bimport|\bexport)\s*(?:type\s+)?(?:[^"'`;]*?\bfrom\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx|mts|js|mjs)$/.test(file)) continue; // stylesheets, templates: leaves
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const m of code.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])?.replace(/\?.*$/, ""); // drop ?raw, ?url
      if (spec === undefined || !spec.startsWith(".")) continue; // packages: not our sources
      const target = resolveLocal(resolve(dirname(file), spec));
      if (target === undefined) throw new Error(`${relative(root, file)}: cannot resolve import "${spec}"`);
      pending.push(target);
    }
  }
  return seen;
}

function resolveLocal(base: string): string | undefined {
  const stem = base.replace(/\.(js|mjs|ts)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, `${stem}.js`, `${stem}.mjs`, join(base, "index.ts"), join(base, "index.js")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}
