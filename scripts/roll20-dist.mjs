#!/usr/bin/env node
/**
 * Second half of `npm run build:roll20` (after vite has written dist/roll20/CantinaGames.js): puts
 * the version banner on top, checks that the file is one self-contained script (no import, no
 * require, `node --check` passes, within the size budget) and writes dist/roll20/script.json in the
 * layout of Roll20/roll20-api-scripts (script.json.schema there). The one-click folder is
 * dist/roll20/<version>/CantinaGames.js beside script.json, as that repository keeps each version.
 *
 * ROLL20_DIST: the folder vite wrote to (default dist/roll20; the tests build into a folder of their own).
 * ROLL20_USER_ID: the author's Roll20 user id, which the schema requires (default "0" until the
 * project has one; Roll20 uses it only to credit the author internally).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SIZE_BUDGET } from "./roll20-budget.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = process.env.ROLL20_DIST ?? join(root, "dist/roll20");
const file = join(out, "CantinaGames.js");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const banner =
  `// Cantina Games ${version} for Roll20 (Mod script): Sabacc, Ulwan, Ubongo, Hununga and more, played through chat.\n` +
  `// MIT licence. One self-contained file: paste it into the Mod (API) editor as "CantinaGames.js". Type !cantina help.\n`;
const body = readFileSync(file, "utf8");
const script = body.startsWith("// Cantina Games") ? body : banner + body;
if (/\brequire\s*\(|\bimport\s*\(|^\s*import\s|^\s*export\s/m.test(script))
  throw new Error("CantinaGames.js is not self-contained");
writeFileSync(file, script);
execFileSync(process.execPath, ["--check", file]);
const size = statSync(file).size;
if (size > SIZE_BUDGET) throw new Error(`CantinaGames.js is ${size} bytes, over the budget of ${SIZE_BUDGET}`);
mkdirSync(join(out, version), { recursive: true });
writeFileSync(join(out, version, "CantinaGames.js"), script);

const scriptJson = {
  name: "Cantina Games",
  script: "CantinaGames.js",
  version,
  previousversions: [],
  description:
    "Twelve tabletop mini-games (three Sabacc variants, Ulwan, Finkel's Ur, Seven Ulwan, Ubongo, Hununga, Defiance and Domain, Por'rika, Takat) " +
    "played through chat: a card per table with a button for every legal move, each player's hand whispered and kept in a handout only they can open, " +
    "credits and Luck/Force points in an event ledger. Commands: !cantina help (the commands, and for the GM a button per game to open a table), " +
    "!cantina tables, !cantina show <table>, !cantina purse; GM: !cantina event <credits> <name>, !cantina join <event> <player id>, " +
    "!cantina adjust <event> <account> <credits> <luck> <reason>, !cantina end|pause|resume <table>, !cantina lang en|de. " +
    "!cantina tour: the Sabacc tournament (circuits, sign-ups, rounds, standings, a summary handout; characters buy in from and cash out to their credits attribute). " +
    "!cantina alone opens a menu with a button for every command; !cantina config shows the settings (the same as the one-click options); !cantina handout puts a help handout in every journal. " +
    "Rolls are rolled by Roll20's own dice engine. " +
    "Tables survive a sandbox restart: they live in state.CantinaGames.",
  authors: "Cantina Games developers",
  roll20userid: process.env.ROLL20_USER_ID ?? "0",
  dependencies: [],
  // Every Roll20 object type and property the script creates, sets or reads (its own data lives in
  // state.CantinaGames, which the schema does not ask for). tests/roll20/settings.test.ts checks this
  // list against what the script writes in the sandbox stand-in.
  modifies: {
    "handout.name": "read, write",
    "handout.notes": "write",
    "handout.gmnotes": "write",
    "handout.inplayerjournals": "read, write",
    "handout.controlledby": "write",
    "handout.archived": "read, write",
    "graphic.imgsrc": "write",
    "graphic.left": "read, write",
    "graphic.top": "read, write",
    "graphic.width": "write",
    "graphic.height": "write",
    "graphic.layer": "write",
    "graphic.controlledby": "read, write",
    "graphic.name": "write",
    "path.path": "write",
    "path.fill": "write",
    "path.stroke": "write",
    "path.stroke_width": "write",
    "path.left": "read, write",
    "path.top": "read, write",
    "path.width": "write",
    "path.height": "write",
    "path.rotation": "read, write",
    "path.layer": "write",
    "path.controlledby": "read, write",
    "text.text": "write",
    "text.left": "write",
    "text.top": "write",
    "text.font_size": "write",
    "text.color": "write",
    "text.layer": "write",
    "text.controlledby": "write",
    "campaign.playerpageid": "read",
    "campaign.playerspecificpages": "read, write",
    "page.name": "read",
    "page.width": "read",
    "page.height": "read",
    "player.displayname": "read",
    "player.online": "read",
    "player.lastpage": "read",
    "character.name": "read, write",
    "character.controlledby": "read, write",
    "character.inplayerjournals": "read, write",
    "character.bio": "write",
    "character.gmnotes": "write",
    "character.archived": "read, write",
    "attribute.name": "read, write",
    "attribute.current": "read, write",
    "attribute.characterid": "read, write",
  },
  // Roll20's one-click settings (read from globalconfig.cantinagames; src/roll20/settings.ts keeps
  // the same list, USER_OPTIONS, and tests/roll20/settings.test.ts checks they agree).
  useroptions: [
    {
      name: "Language",
      type: "select",
      default: "en",
      options: ["en", "de"],
      description: "The language of the cards and buttons: en (English) or de (Deutsch).",
    },
    {
      name: "Bot delay",
      type: "number",
      default: "1.5",
      description: "Seconds a bot waits before it moves (0 to 30).",
    },
    {
      name: "Archive delay",
      type: "number",
      default: "10",
      description: "Minutes a finished table stays open (to play again) before it is archived (0 to 1440).",
    },
    {
      name: "Finished tables kept",
      type: "number",
      default: "50",
      description: "How many archived tables are kept for replays (0 to 50); the oldest go first.",
    },
    {
      name: "Board art",
      type: "text",
      default: "",
      description:
        "Optional piece images, one per side, separated by spaces: image URLs from your own Roll20 library (empty: drawn outlines).",
    },
    {
      name: "Credits attribute",
      type: "text",
      default: "credits",
      description:
        "The character attribute that holds a character's credits (matched ignoring case): a tournament's buy-in takes credits from it and its cash-out gives them back.",
    },
  ],
  conflicts: [],
};
writeFileSync(join(out, "script.json"), JSON.stringify(scriptJson, null, 2) + "\n");
console.log(`${out}/CantinaGames.js ${size} bytes (budget ${SIZE_BUDGET}), script.json ${version}`);
