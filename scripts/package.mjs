#!/usr/bin/env node
/**
 * `npm run package`: zips dist/ (after `npm run build`) into dist-package/cantina-games.zip, with
 * module.json at the root of the zip, and writes the manifest next to it as
 * dist-package/module.json. Uses fflate: no zip binary needed.
 *
 * When the environment names the repository (CANTINA_REPO_URL, or CANTINA_MANIFEST_URL and
 * CANTINA_DOWNLOAD_URL), the release URLs are stamped from it (scripts/release-urls.mjs) into both
 * copies of module.json, whatever the build wrote; else dist/module.json's are kept. It refuses
 * release URLs that are the build's placeholders (example.invalid).
 *
 * LevelDB's LOCK and LOG files are left out of the zip: Foundry recreates them.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { TextEncoder } from "node:util";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { PLACEHOLDER_HOST, releaseNamed, releaseUrls } from "./release-urls.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Overridable so the build tests can package a scratch folder.
const dist = process.env.CANTINA_DIST_DIR || join(root, "dist");
const out = process.env.CANTINA_PACKAGE_DIR || join(root, "dist-package");

if (!existsSync(join(dist, "module.json"))) {
  console.error("package: dist/module.json is missing: run npm run build first");
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(dist, "module.json"), "utf8"));
if (releaseNamed(process.env)) Object.assign(manifest, releaseUrls(process.env, manifest));
const placeholders = ["url", "manifest", "download"].filter((k) =>
  String(manifest[k] ?? "").includes(PLACEHOLDER_HOST),
);
if (placeholders.length > 0) {
  console.error(
    `package: refusing to package: dist/module.json has placeholder URLs (${placeholders.join(", ")}).\n` +
      "package: set CANTINA_REPO_URL (and CANTINA_MANIFEST_URL / CANTINA_DOWNLOAD_URL if needed) and run again.",
  );
  process.exit(1);
}

const SKIP = new Set(["LOCK", "LOG", "LOG.old"]);

/** @returns {string[]} the files under dir, as paths relative to dist with "/" separators */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return files(full);
    if (SKIP.has(e.name) && relative(dist, full).startsWith(`packs${sep}`)) return [];
    return [relative(dist, full).split(sep).join("/")];
  });
}

// The manifest as published: the zip's copy and the one beside it are the same bytes.
const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
/** @type {Record<string, Uint8Array>} */
const entries = {};
for (const name of files(dist).sort()) entries[name] = new Uint8Array(readFileSync(join(dist, ...name.split("/"))));
entries["module.json"] = new TextEncoder().encode(manifestText);

mkdirSync(out, { recursive: true });
const zipPath = join(out, `${manifest.id}.zip`);
const manifestPath = join(out, "module.json");
writeFileSync(zipPath, zipSync(entries, { level: 9, mtime: new Date("2020-01-01T00:00:00Z") }));
writeFileSync(manifestPath, manifestText);

console.log(
  `package: ${relative(root, zipPath)} (${Object.keys(entries).length} files, ${manifest.id} ${manifest.version})`,
);
console.log(`package: ${relative(root, manifestPath)}`);
