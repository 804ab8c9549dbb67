#!/usr/bin/env node
// Compares a translation with lang/en.json: keys missing from it, stale keys only it has, and keys
// whose {placeholders} differ. After a merge, run it to see what is left to translate.
// Usage: node scripts/lang-missing.mjs [--lang de] [--en path] [--de path] [--json] [--prune]
//   --prune  removes the stale keys (and groups left empty) from the translation file, in place.
// Exit code 1 when a key is missing or a placeholder differs (stale keys alone do not fail).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const lang = option("--lang") ?? "de";
const enPath = option("--en") ?? join(root, "lang/en.json");
const trPath = option("--de") ?? option("--translation") ?? join(root, `lang/${lang}.json`);
const asJson = args.includes("--json");
const prune = args.includes("--prune");

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every string of a nested dictionary under its dotted key. */
function flatten(node, prefix = "", out = new Map()) {
  for (const [key, value] of Object.entries(node)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) flatten(value, at, out);
    else out.set(at, String(value));
  }
  return out;
}

/** The placeholder names of a string, sorted and without repeats: "{seat} bets {amount}" → amount, seat. */
const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Removes `keys` (dotted) from a nested dictionary, and groups left empty. */
function without(node, keys, prefix = "") {
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) {
      const kept = without(value, keys, at);
      if (Object.keys(kept).length > 0) out[key] = kept;
    } else if (!keys.has(at)) out[key] = value;
  }
  return out;
}

const en = JSON.parse(readFileSync(enPath, "utf8"));
const tr = JSON.parse(readFileSync(trPath, "utf8"));
const enFlat = flatten(en);
const trFlat = flatten(tr);

const missing = [...enFlat.keys()].filter((k) => !trFlat.has(k));
const stale = [...trFlat.keys()].filter((k) => !enFlat.has(k));
const placeholderDiffs = [...enFlat.keys()]
  .filter((k) => trFlat.has(k))
  .map((k) => ({ key: k, en: placeholders(enFlat.get(k)), [lang]: placeholders(trFlat.get(k)) }))
  .filter((d) => d.en.join(",") !== d[lang].join(","));

if (prune && stale.length > 0) {
  writeFileSync(trPath, `${JSON.stringify(without(tr, new Set(stale)), null, 2)}\n`);
}

if (asJson) {
  console.log(JSON.stringify({ missing, stale, placeholders: placeholderDiffs, pruned: prune ? stale : [] }, null, 2));
} else {
  const section = (title, lines) => {
    if (lines.length === 0) return;
    console.log(`${title} (${lines.length}):`);
    for (const line of lines) console.log(`  ${line}`);
  };
  section(
    `Missing in ${lang} (in en.json, not translated)`,
    missing.map((k) => `${k}: ${JSON.stringify(enFlat.get(k))}`),
  );
  section(prune ? `Stale in ${lang}, pruned` : `Stale in ${lang} (not in en.json; --prune removes them)`, stale);
  section(
    "Placeholders that differ",
    placeholderDiffs.map((d) => `${d.key}: en {${d.en.join("}, {")}} / ${lang} {${d[lang].join("}, {")}}`),
  );
  if (missing.length + stale.length + placeholderDiffs.length === 0)
    console.log(`lang/${lang}.json matches en.json: ${enFlat.size} keys, same placeholders.`);
}
process.exit(missing.length > 0 || placeholderDiffs.length > 0 ? 1 : 0);
