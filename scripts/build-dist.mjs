#!/usr/bin/env node
/**
 * Second half of `npm run build` (after `vite build` has written dist/scripts/cantina-games.js):
 * completes dist/ as an installable Foundry module folder.
 *
 *   dist/module.json                 module.json + version from package.json + url/manifest/download
 *   dist/styles/cantina-games.css    styles/*.css concatenated (core.css first, then by name)
 *   dist/lang/*.json                 copied from lang/
 *   dist/templates/**                copied from templates/
 *   dist/packs/<name>/               each pack in module.json compiled (LevelDB) from packs/<name>/
 *   dist/packs/cantina-macros/       also one launch macro per game registered in src/rules/index.ts,
 *                                    generated here (so adding a game adds its macro)
 *
 * Release URLs come from the environment (placeholders by default):
 *   CANTINA_REPO_URL      default https://example.invalid/cantina-games
 *   CANTINA_MANIFEST_URL  default <repo>/releases/latest/download/module.json
 *   CANTINA_DOWNLOAD_URL  default <repo>/releases/download/v<version>/cantina-games.zip
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { runnerImport } from "vite";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const rel = (p) => relative(root, p) || ".";

function fail(message) {
  console.error(`build-dist: ${message}`);
  process.exit(1);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    fail(`cannot read ${rel(path)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (!existsSync(join(dist, "scripts"))) fail("dist/scripts/ is missing: run `vite build --config vite.config.ts` first (npm run build does both)");

// ---- module.json -------------------------------------------------------------------------------
const pkg = readJson(join(root, "package.json"));
const manifest = readJson(join(root, "module.json"));
const version = String(pkg.version);
const repoUrl = (process.env.CANTINA_REPO_URL || "https://example.invalid/cantina-games").replace(/\/+$/, "");
manifest.version = version;
manifest.url = repoUrl;
manifest.manifest = process.env.CANTINA_MANIFEST_URL || `${repoUrl}/releases/latest/download/module.json`;
manifest.download = process.env.CANTINA_DOWNLOAD_URL || `${repoUrl}/releases/download/v${version}/${manifest.id}.zip`;

// ---- styles ------------------------------------------------------------------------------------
const stylesDir = join(root, "styles");
mkdirSync(stylesDir, { recursive: true });
const cssFiles = readdirSync(stylesDir)
  .filter((f) => f.endsWith(".css") && statSync(join(stylesDir, f)).isFile())
  .sort((a, b) => (a === "core.css" ? -1 : b === "core.css" ? 1 : a.localeCompare(b)));
const cssOut = join(dist, "styles", "cantina-games.css");
mkdirSync(dirname(cssOut), { recursive: true });
const css = cssFiles.map((f) => `/* ---- styles/${f} ---- */\n${readFileSync(join(stylesDir, f), "utf8").trimEnd()}\n`).join("\n");
writeFileSync(cssOut, css || "/* Cantina Games: no styles yet */\n");
if (cssFiles.length === 0) console.warn("build-dist: warning: styles/ has no .css file; wrote an empty stylesheet");

// ---- lang --------------------------------------------------------------------------------------
for (const language of manifest.languages ?? []) {
  const src = join(root, language.path);
  if (!existsSync(src)) fail(`${language.path} (language "${language.lang}" in module.json) is missing`);
  readJson(src); // must parse
}
if (existsSync(join(root, "lang"))) {
  for (const f of readdirSync(join(root, "lang")).filter((f) => f.endsWith(".json"))) {
    readJson(join(root, "lang", f));
    mkdirSync(join(dist, "lang"), { recursive: true });
    cpSync(join(root, "lang", f), join(dist, "lang", f));
  }
}

// ---- templates ---------------------------------------------------------------------------------
if (existsSync(join(root, "templates"))) {
  cpSync(join(root, "templates"), join(dist, "templates"), { recursive: true });
}

// ---- packs -------------------------------------------------------------------------------------
const ID = /^[A-Za-z0-9]{16}$/;
const PACK_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Checks that a pack source file holds a document with a 16-character _id and a matching _key. */
function checkSource(file) {
  const doc = readJson(file);
  if (typeof doc._id !== "string" || !ID.test(doc._id)) fail(`${rel(file)}: _id must be 16 letters or digits`);
  if (typeof doc._key !== "string" || !doc._key.endsWith(`!${doc._id}`)) {
    fail(`${rel(file)}: _key must be "!<collection>!${doc._id}"`);
  }
}

function jsonFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith(".json") ? [join(dir, e.name)] : [],
  );
}

/** A stable 16-character document id for a generated document. */
function stableId(seed) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = createHash("sha256").update(seed).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += alphabet[bytes[i] % alphabet.length];
  return id;
}

/** One script macro per registered game: it opens the launcher on that game. */
async function launchMacros() {
  const { module } = await runnerImport(join(root, "src/rules/index.ts"), { configFile: false, logLevel: "error" });
  const lang = readJson(join(root, "lang/en.json"));
  return Object.keys(module.games).sort().map((gameId, i) => {
    const _id = stableId(`cantina-games:launch:${gameId}`);
    const name = lang.CANTINA?.Games?.[gameId];
    if (typeof name !== "string") fail(`lang/en.json has no CANTINA.Games.${gameId} (the name of its launch macro)`);
    return {
      _id,
      _key: `!macros!${_id}`,
      name,
      type: "script",
      img: "icons/svg/dice-target.svg",
      scope: "global",
      command: `game.modules.get("cantina-games")?.api?.launch(${JSON.stringify(gameId)});`,
      folder: null,
      sort: (i + 1) * 100000,
      ownership: { default: 0 },
      flags: { "cantina-games": { launch: gameId } },
    };
  });
}

const generated = { "cantina-macros": await launchMacros() };
const staging = mkdtempSync(join(tmpdir(), "cantina-packs-"));

for (const pack of manifest.packs ?? []) {
  if (!PACK_NAME.test(pack.name)) fail(`pack name "${pack.name}" must be lowercase letters, digits and dashes`);
  if (pack.path !== `packs/${pack.name}`) fail(`pack "${pack.name}": path must be "packs/${pack.name}"`);
  const src = join(root, "packs", pack.name);
  if (!existsSync(src)) fail(`pack "${pack.name}": source folder ${rel(src)} is missing`);
  const files = jsonFiles(src);
  if (files.length === 0) fail(`pack "${pack.name}": ${rel(src)} has no .json document`);
  files.forEach(checkSource);
  // Sources and generated documents together, in a scratch folder the compiler reads.
  const stage = join(staging, pack.name);
  cpSync(src, stage, { recursive: true });
  const extra = generated[pack.name] ?? [];
  for (const doc of extra) writeFileSync(join(stage, `generated-${doc._id}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  const dest = join(dist, pack.path);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dirname(dest), { recursive: true });
  await compilePack(stage, dest, { recursive: true });
  console.log(`build-dist: compiled ${files.length + extra.length} document(s) into ${rel(dest)}${extra.length ? ` (${extra.length} generated)` : ""}`);
}
rmSync(staging, { recursive: true, force: true });

writeFileSync(join(dist, "module.json"), `${JSON.stringify(manifest, null, 2)}\n`);

// ---- final check: everything the manifest names is there ---------------------------------------
const declared = [
  ...(manifest.esmodules ?? []),
  ...(manifest.scripts ?? []),
  ...(manifest.styles ?? []),
  ...(manifest.languages ?? []).map((l) => l.path),
  ...(manifest.packs ?? []).map((p) => p.path),
];
const missing = declared.filter((p) => !existsSync(join(dist, p)));
if (missing.length > 0) fail(`dist/ lacks files named in module.json: ${missing.join(", ")}`);

console.log(`build-dist: ${rel(dist)}/ is complete (cantina-games ${version}, ${cssFiles.length} stylesheet(s))`);
