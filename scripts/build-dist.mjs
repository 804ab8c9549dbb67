#!/usr/bin/env node
/**
 * Second half of `npm run build` (after `vite build` has written dist/scripts/cantina-games.js):
 * completes dist/ as an installable Foundry module folder.
 *
 *   dist/module.json                 module.json + version from package.json + url/manifest/download
 *   dist/styles/cantina-games.css    styles/*.css but standalone*.css (core.css first, foundry.css last),
 *                                    every selector scoped under .cantina-games (in @media blocks too,
 *                                    scripts/css-scope.mjs), in @layer cantina-games
 *   dist/lang/*.json                 copied from lang/
 *   dist/templates/**                copied from templates/, but templates/standalone/
 *   dist/packs/<name>/               each pack in module.json compiled (LevelDB) from packs/<name>/
 *   dist/packs/cantina-macros/       also one launch macro per game registered in src/games/index.ts,
 *                                    generated here (so adding a game adds its macro)
 *   dist/assets/cards/<id>.svg       the Sabacc card faces (and back.svg), drawn by src/apps/sabacc/cards.ts
 *   dist/packs/cantina-sabacc-deck/  the Sabacc deck as a Foundry Cards document (type "deck"), generated
 *                                    here from src/rules/sabacc/deck.ts (it has no source folder)
 *   dist/assets/ubongo/<face>.svg    the Ubongo task card sides (and the back), drawn by src/apps/ubongo/cards.ts
 *   dist/packs/cantina-ubongo-cards/ the 50 Ubongo task cards as a Foundry Cards deck (two faces each: blue,
 *                                    red), generated here from src/rules/ubongo/cards.json
 *
 * Release URLs come from the environment (scripts/release-urls.mjs: CANTINA_REPO_URL, or
 * CANTINA_MANIFEST_URL and CANTINA_DOWNLOAD_URL); placeholders by default, with a loud warning
 * (`npm run package` refuses to package placeholders).
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { runnerImport } from "vite";
import { scopeCss } from "./css-scope.mjs";
import { PLACEHOLDER_HOST, releaseUrls } from "./release-urls.mjs";

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

if (!existsSync(join(dist, "scripts")))
  fail("dist/scripts/ is missing: run `vite build --config vite.config.ts` first (npm run build does both)");

// ---- module.json -------------------------------------------------------------------------------
const pkg = readJson(join(root, "package.json"));
const manifest = readJson(join(root, "module.json"));
const version = String(pkg.version);
manifest.version = version;
Object.assign(manifest, releaseUrls(process.env, { id: manifest.id, version }));
if ([manifest.url, manifest.manifest, manifest.download].some((u) => u.includes(PLACEHOLDER_HOST))) {
  // Said loudly: a module.json with these URLs installs nowhere, and `npm run package` refuses it.
  console.warn(
    [
      "",
      "build-dist: WARNING: dist/module.json carries PLACEHOLDER release URLs (" + PLACEHOLDER_HOST + ").",
      "build-dist: set CANTINA_REPO_URL (and CANTINA_MANIFEST_URL / CANTINA_DOWNLOAD_URL if they differ)",
      "build-dist: before `npm run package`; it refuses to package placeholders.",
      "",
    ].join("\n"),
  );
}

// ---- styles ------------------------------------------------------------------------------------
// The Foundry sheet: the game parts' styles and foundry.css, never the standalone page's own sheet
// (its global body rule would restyle Foundry's whole UI). Every selector is scoped under the
// module's classes (`.cantina-games`, the class every window of the module carries; the chat
// placeholder's own class), and the whole sheet sits in the cascade layer `cantina-games`.
const stylesDir = join(root, "styles");
mkdirSync(stylesDir, { recursive: true });
/** The standalone page's own sheets: standalone.css and its parts (standalone-chat.css, …). */
const standaloneOnly = (f) => f === "standalone.css" || f.startsWith("standalone-");
const cssFiles = readdirSync(stylesDir)
  .filter((f) => f.endsWith(".css") && !standaloneOnly(f) && statSync(join(stylesDir, f)).isFile())
  .sort((a, b) => cssOrder(a) - cssOrder(b) || a.localeCompare(b));
/** theme.css (the colours) and core.css first, foundry.css (which adjusts the others to Foundry) last. */
function cssOrder(f) {
  return f === "theme.css" ? -1 : f === "core.css" ? 0 : f === "foundry.css" ? 2 : 1;
}
/** Each stylesheet scoped (scripts/css-scope.mjs: its rules and its @media blocks), or the build stops. */
function scopeFile(file, text) {
  try {
    return scopeCss(file, text);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
const cssOut = join(dist, "styles", "cantina-games.css");
mkdirSync(dirname(cssOut), { recursive: true });
const css = cssFiles.map((f) => scopeFile(f, readFileSync(join(stylesDir, f), "utf8"))).join("\n");
writeFileSync(
  cssOut,
  `/* Cantina Games for Foundry VTT: every rule under the module's classes, in one cascade layer. */\n@layer cantina-games {\n${css}}\n`,
);
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
// Not the standalone page's own templates (templates/standalone/): Foundry never renders them.
if (existsSync(join(root, "templates"))) {
  cpSync(join(root, "templates"), join(dist, "templates"), {
    recursive: true,
    filter: (src) => relative(join(root, "templates"), src).split(/[\\/]/)[0] !== "standalone",
  });
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
  const module = await importTs("src/games/index.ts");
  const lang = readJson(join(root, "lang/en.json"));
  return Object.keys(module.games)
    .sort()
    .map((gameId, i) => {
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

/** Imports a TypeScript module of the project (vite transpiles it; nothing is bundled). */
async function importTs(path) {
  const { module } = await runnerImport(join(root, path), { configFile: false, logLevel: "error" });
  return module;
}

/** Where the Sabacc card faces go, inside dist/ and as Foundry sees them. */
const CARD_ASSETS = "assets/cards";

/** English text of a lang/en.json key, with its {placeholders} filled in. */
function english(lang, key, params = {}) {
  const text = key.split(".").reduce((node, part) => (node && typeof node === "object" ? node[part] : undefined), lang);
  if (typeof text !== "string") fail(`lang/en.json has no ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * Writes every Sabacc card face (and the back) as dist/assets/cards/<id>.svg and returns the deck
 * as one Foundry Cards document (type "deck") of the 76 cards, faces pointing at those files.
 */
async function sabaccDeck() {
  const { DECK_IDS, cardOf } = await importTs("src/rules/sabacc/deck.ts");
  const { deckSvgs, foundryDeckData } = await importTs("src/apps/sabacc/cards.ts");
  const lang = readJson(join(root, "lang/en.json"));

  // The named and face cards' names written on their faces, in English.
  writeFaces(
    CARD_ASSETS,
    deckSvgs(DECK_IDS, (key) => english(lang, key)),
  );
  // Card names in English; the two copies of a named card are told apart by their copy number.
  const cardName = (id) => {
    const card = cardOf(id);
    const suit = card.suit ? english(lang, `CANTINA.Sabacc.Suit.${card.suit}`) : "";
    const name = english(lang, card.nameKey, { value: card.value, suit });
    return card.suit ? name : `${name} (${id.slice(id.lastIndexOf("-") + 1)})`;
  };
  const deck = foundryDeckData(DECK_IDS, `modules/${manifest.id}/${CARD_ASSETS}`, cardName);
  return deckDocument(deck, {
    id: "cantina-games:sabacc-deck",
    cardKey: (card) => `cantina-games:sabacc-card:${card.flags["cantina-games"].id}`,
    what: "Sabacc",
    description: (count) =>
      `<p>The ${count}-card deck of True Sabacc: four suits (Sabres, Flasks, Coins, Staves) of 1 to 15, and two each of eight named cards of zero or negative value. Card faces drawn by Cantina Games.</p>`,
  });
}

/** Where the Ubongo task card faces go. */
const UBONGO_ASSETS = "assets/ubongo";

async function ubongoDeck() {
  const { CARDS } = await importTs("src/rules/ubongo/cards.ts");
  const { ubongoCardSvgs, ubongoDeckData } = await importTs("src/apps/ubongo/cards.ts");
  const lang = readJson(join(root, "lang/en.json"));
  writeFaces(UBONGO_ASSETS, ubongoCardSvgs(CARDS));
  const cardName = (card, level) =>
    level === null
      ? english(lang, "CANTINA.Ubongo.Card.Name", { id: card.id })
      : english(lang, `CANTINA.Ubongo.Card.Side.${level}`, { id: card.id });
  const deck = ubongoDeckData(CARDS, `modules/${manifest.id}/${UBONGO_ASSETS}`, cardName);
  return deckDocument(deck, {
    id: "cantina-games:ubongo-cards",
    cardKey: (card) => `cantina-games:ubongo-card:${card.flags["cantina-games"].ubongoCard}`,
    what: "Ubongo",
    description: (count) =>
      `<p>The ${count} Ubongo task cards generated and verified by Cantina Games: a blue side of 3-tile puzzles and a red side of 4-tile puzzles, each with three rows of tiles, one per pair of die symbols (light, dark).</p>`,
  });
}

/** Writes a deck's card faces (name → SVG) as dist/<dir>/<name>.svg, replacing what a build wrote there before. */
function writeFaces(dirInDist, svgs) {
  const dir = join(dist, dirInDist);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, svg] of Object.entries(svgs)) writeFileSync(join(dir, `${name}.svg`), svg);
}

/**
 * A deck as one Foundry Cards document (type "deck"): each card with a stable id from `cardKey`,
 * its back and faces checked to be files this build wrote.
 */
function deckDocument(deck, { id, cardKey, what, description }) {
  const _id = stableId(id);
  const prefix = `modules/${manifest.id}/`;
  const cards = deck.cards.map((card) => {
    for (const img of [card.back.img, ...card.faces.map((f) => f.img)]) {
      if (!img.startsWith(prefix) || !existsSync(join(dist, img.slice(prefix.length))))
        fail(`${what} card ${card.name}: no file for ${img}`);
    }
    return cardDocument(card, stableId(cardKey(card)), _id);
  });
  return {
    _id,
    _key: `!cards!${_id}`,
    description: description(cards.length),
    system: {},
    rotation: 0,
    displayCount: true,
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
    ...deck,
    cards,
  };
}

const generated = {
  "cantina-macros": await launchMacros(),
  "cantina-sabacc-deck": [await sabaccDeck()],
  "cantina-ubongo-cards": [await ubongoDeck()],
};
const staging = mkdtempSync(join(tmpdir(), "cantina-packs-"));

for (const pack of manifest.packs ?? []) {
  if (!PACK_NAME.test(pack.name)) fail(`pack name "${pack.name}" must be lowercase letters, digits and dashes`);
  if (pack.path !== `packs/${pack.name}`) fail(`pack "${pack.name}": path must be "packs/${pack.name}"`);
  const src = join(root, "packs", pack.name);
  const extra = generated[pack.name] ?? [];
  // A pack made only of generated documents needs no source folder.
  if (!existsSync(src) && extra.length === 0) fail(`pack "${pack.name}": source folder ${rel(src)} is missing`);
  const files = existsSync(src) ? jsonFiles(src) : [];
  if (files.length + extra.length === 0) fail(`pack "${pack.name}": ${rel(src)} has no .json document`);
  files.forEach(checkSource);
  // Sources and generated documents together, in a scratch folder the compiler reads.
  const stage = join(staging, pack.name);
  if (existsSync(src)) cpSync(src, stage, { recursive: true });
  mkdirSync(stage, { recursive: true });
  for (const doc of extra) writeFileSync(join(stage, `generated-${doc._id}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  const dest = join(dist, pack.path);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dirname(dest), { recursive: true });
  await compilePack(stage, dest, { recursive: true });
  console.log(
    `build-dist: compiled ${files.length + extra.length} document(s) into ${rel(dest)}${extra.length ? ` (${extra.length} generated)` : ""}`,
  );
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

/** A card of a Cards deck as a compendium document, with the fields Foundry's schema fills by default. */
function cardDocument(card, cardId, deckId) {
  return {
    _id: cardId,
    _key: `!cards.cards!${deckId}.${cardId}`,
    description: "",
    system: {},
    origin: null,
    drawn: false,
    width: null,
    height: null,
    rotation: 0,
    ...card,
    back: { name: "", text: "", ...card.back },
    faces: card.faces.map((face) => ({ text: "", ...face })),
  };
}
