// Writes the compendium sources packs/cantina-boards/<board>.json from src/rules/ulwan/boards/*.json:
// one JournalEntry per board, the board's data in flags["cantina-games"].board (what a GM picks or
// imports when opening a table) and a page drawing it with its glyphs.
// Usage: node scripts/ulwan-boards-pack.mjs   (tests/rules/ulwan/boards-pack.test.ts checks they agree)
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const src = join(root, "src/rules/ulwan/boards");
const out = join(root, "packs/cantina-boards");

const GLYPH = { plain: ".", aurek: "A", besh: "B", cresh: "C", dorn: "D", esk: "E", forn: "F" };
const NAMES = {
  plain: "plain",
  aurek: "Aurek (blue)",
  besh: "Besh (red)",
  cresh: "Cresh (gold)",
  dorn: "Dorn (green)",
  esk: "Esk (red/blue)",
  forn: "Forn (gold/green)",
};

export function stableId(seed) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = createHash("sha256").update(seed).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += alphabet[bytes[i] % alphabet.length];
  return id;
}

export function drawing(board) {
  const at = new Map(board.squares.map((s) => [`${s.row},${s.col}`, s]));
  const lines = [];
  for (let r = 0; r < board.rows; r++) {
    let line = "";
    for (let c = 0; c < board.cols; c++) {
      const s = at.get(`${r},${c}`);
      line += s ? `[${s.id} ${GLYPH[s.kind]}]` : "      ";
    }
    lines.push(line.trimEnd());
  }
  return lines.join("\n");
}

const escape = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function entryFor(board, sort) {
  const _id = stableId(`cantina-games:board:${board.id}`);
  const pageId = stableId(`cantina-games:board-page:${board.id}`);
  const kinds = [...new Set(board.squares.map((s) => s.kind))];
  const legend = kinds.map((k) => `<li><strong>${GLYPH[k]}</strong> ${NAMES[k]}</li>`).join("");
  const paths = board.paths.map((p, i) => `<li>Player ${i + 1}: ${p.join(" → ")} → off</li>`).join("");
  return {
    _id,
    _key: `!journal!${_id}`,
    name: `Board: ${board.name}`,
    folder: null,
    sort,
    ownership: { default: 0 },
    flags: { "cantina-games": { boardId: board.id, board } },
    categories: [],
    pages: [
      {
        _id: pageId,
        _key: `!journal.pages!${_id}.${pageId}`,
        name: board.name,
        type: "text",
        title: { show: true, level: 1 },
        text: { format: 1, content: `<pre>${escape(drawing(board))}</pre><ul>${legend}</ul><ul>${paths}</ul>` },
        sort: 100000,
        ownership: { default: -1 },
        flags: {},
      },
    ],
  };
}

export function allEntries() {
  return readdirSync(src)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f, i) => [f, entryFor(JSON.parse(readFileSync(join(src, f), "utf8")), (i + 1) * 100000)]);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  for (const [file, entry] of allEntries()) writeFileSync(join(out, file), `${JSON.stringify(entry, null, 2)}\n`);
  console.log(`wrote ${out}`);
}
