// Writes the compendium source packs/cantina-boards/hununga.json from src/rules/hununga/boards/hununga.json:
// a JournalEntry with the board's data in flags["cantina-games"].board (BoardData: cells with kinds
// and starting-piece tags) and a page drawing it.
// Usage: node scripts/hununga-board-pack.mjs   (tests/rules/hununga/board-pack.test.ts checks they agree)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stableId } from "./ulwan-boards-pack.mjs";

const root = new URL("..", import.meta.url).pathname;
const LETTER = { king: "K", rook: "R", knight: "N", bishop: "B", pawn: "P" };

/** The board as text: upper case the first seat's pieces, lower case the second's, [ ] the centre, * a respawn square. */
export function drawing(board) {
  const cells = new Map(board.cells.map((c) => [c.id, c]));
  let width = 0;
  let height = 0;
  for (const c of board.cells) {
    const [x, y] = c.id.split(",").map(Number);
    width = Math.max(width, x + 1);
    height = Math.max(height, y + 1);
  }
  const lines = [`y\\x ${Array.from({ length: width }, (_, x) => ` ${x} `).join("")}`];
  for (let y = 0; y < height; y++) {
    let line = ` ${y}  `;
    for (let x = 0; x < width; x++) {
      const c = cells.get(`${x},${y}`);
      if (!c) {
        line += "   ";
        continue;
      }
      const tag = (c.tags ?? []).find((t) => t.startsWith("piece-"));
      let mark = ".";
      if (tag) {
        const [, side, kind] = tag.split("-");
        mark = side === "0" ? LETTER[kind] : LETTER[kind].toLowerCase();
      }
      line += c.kind === "centre" ? `[${mark}]` : c.kind.startsWith("respawn") ? ` ${mark}*` : ` ${mark} `;
    }
    lines.push(line.trimEnd());
  }
  return lines.join("\n");
}

const escape = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function hunungaEntry() {
  const board = JSON.parse(readFileSync(join(root, "src/rules/hununga/boards/hununga.json"), "utf8"));
  const _id = stableId("cantina-games:board:hununga");
  const pageId = stableId("cantina-games:board-page:hununga");
  const legend =
    "<ul><li>K king (6 dots), R rook (4), N knight (3), B bishop (2), P pawn (1); upper case: first seat (green), lower case: second seat (red)</li>" +
    "<li>[ ] the centre; * a respawn square</li></ul>";
  return {
    _id,
    _key: `!journal!${_id}`,
    name: "Board: Hununga",
    folder: null,
    sort: 400000,
    ownership: { default: 0 },
    flags: { "cantina-games": { boardId: "hununga", game: "hununga", board } },
    categories: [],
    pages: [
      {
        _id: pageId,
        _key: `!journal.pages!${_id}.${pageId}`,
        name: "Hununga",
        type: "text",
        title: { show: true, level: 1 },
        text: { format: 1, content: `<pre>${escape(drawing(board))}</pre>${legend}` },
        sort: 100000,
        ownership: { default: -1 },
        flags: {},
      },
    ],
  };
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const file = join(root, "packs/cantina-boards/hununga.json");
  writeFileSync(file, `${JSON.stringify(hunungaEntry(), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
