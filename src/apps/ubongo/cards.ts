/**
 * Ubongo task card faces, drawn by the project as SVG from the card data: the board's white squares
 * on the side's colour, then the three tile rows, each after its light and its dark die symbol.
 * Used by the build for the Foundry Cards compendium, and by the window to show a player's card.
 */
import { type CardSide, type Level, type TaskCard, DIE } from "../../rules/ubongo/cards";
import { TILES, type TileId } from "../../rules/ubongo/tiles";
import { symbolSvg } from "../core/symbols";
import { colour } from "../../palette";

/** A glyph per die symbol (drawn as SVG: src/apps/core/symbols.ts), so no rule depends on telling the light and dark colours apart. */
export const SYMBOL_GLYPHS: Readonly<Record<string, string>> = {
  sun: "☀",
  starbird: "✦",
  saber: "⚔",
  moon: "☾",
  cog: "⚙",
  crossguard: "✠",
};
const LEVEL_COLOURS: Readonly<Record<Level, string>> = {
  blue: colour("ubongo-card-blue"),
  red: colour("ubongo-card-red"),
};
const GOLD = colour("ubongo-card-gold");
const LIGHT_SYMBOL = colour("ubongo-card-light-symbol");
const WIDTH = 100;
const HEIGHT = 140;

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The tile's light side as small squares at (x, y), `unit` wide each. */
function tileSvg(tile: TileId, x: number, y: number, unit: number): string {
  return TILES[tile].cells
    .map(
      (c) =>
        `<rect x="${(x + c.x * unit).toFixed(2)}" y="${(y + c.y * unit).toFixed(2)}" width="${unit}" height="${unit}" fill="${colour("ubongo-card-tile")}" stroke="${colour("ubongo-card-tile-edge")}" stroke-width="0.4"/>`,
    )
    .join("");
}

/** One side of a card, 100 × 140 units, scaled by CSS. */
export function cardSideSvg(card: TaskCard, level: Level): string {
  const side: CardSide = card[level];
  const ground = LEVEL_COLOURS[level];
  const cols = Math.max(...side.board.map((r) => r.length));
  const rows = side.board.length;
  const cell = Math.min(84 / cols, 62 / rows);
  const bx = (WIDTH - cols * cell) / 2;
  const by = 8 + (66 - rows * cell) / 2;
  const squares: string[] = [];
  side.board.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] !== "#") continue;
      squares.push(
        `<rect data-square="${x},${y}" x="${(bx + x * cell).toFixed(2)}" y="${(by + y * cell).toFixed(2)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}" fill="${colour("ubongo-card-board")}" stroke="${colour("ubongo-card-board-edge")}" stroke-width="0.6"/>`,
      );
    }
  });
  const rowsSvg = side.rows
    .map((tiles, r) => {
      const y = 82 + r * 19;
      const light = DIE.find((f) => f.side === "light" && f.row === r);
      const dark = DIE.find((f) => f.side === "dark" && f.row === r);
      const unit = 3;
      let x = 26;
      const shapes = tiles
        .map((t) => {
          const w = Math.max(...TILES[t].cells.map((c) => c.x)) + 1;
          const s = tileSvg(t, x, y + 1, unit);
          x += (w + 1) * unit;
          return s;
        })
        .join("");
      return (
        `<g data-row="${r}" data-tiles="${esc(tiles.join(" "))}">` +
        symbolSvg(SYMBOL_GLYPHS[light?.symbol ?? ""] ?? "", { x: 6, y: y + 1.5, size: 9 }, "", LIGHT_SYMBOL) +
        symbolSvg(
          SYMBOL_GLYPHS[dark?.symbol ?? ""] ?? "",
          { x: 15, y: y + 1.5, size: 9 },
          "",
          colour("ubongo-card-dark-symbol"),
        ) +
        shapes +
        `</g>`
      );
    })
    .join("");
  return (
    `<svg class="cantina-ubongo-card" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" aria-hidden="true" focusable="false" data-card="${card.id}" data-level="${level}">` +
    `<rect x="1" y="1" width="${WIDTH - 2}" height="${HEIGHT - 2}" rx="6" fill="${ground}" stroke="${GOLD}" stroke-width="2"/>` +
    squares.join("") +
    `<line x1="6" y1="78" x2="${WIDTH - 6}" y2="78" stroke="${GOLD}" stroke-width="0.6"/>` +
    rowsSvg +
    `<text x="${WIDTH - 6}" y="${HEIGHT - 5}" font-size="6" fill="${LIGHT_SYMBOL}" text-anchor="end">${card.id}</text>` +
    `</svg>`
  );
}

/** The back of a task card (the deck's image). */
export function cardBackSvg(): string {
  return (
    `<svg class="cantina-ubongo-card" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" aria-hidden="true" focusable="false" data-card-back>` +
    `<rect x="1" y="1" width="${WIDTH - 2}" height="${HEIGHT - 2}" rx="6" fill="${colour("ubongo-card-back")}" stroke="${GOLD}" stroke-width="2"/>` +
    `<g fill="${GOLD}"><rect x="38" y="58" width="12" height="12"/><rect x="50" y="58" width="12" height="12"/><rect x="50" y="70" width="12" height="12"/><rect x="38" y="46" width="12" height="12"/></g>` +
    `</svg>`
  );
}

function svgFile(svg: string): string {
  const xml = svg
    .replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ')
    .replace(/ (data-[\w-]+)(?=[\s/>])/g, ' $1=""');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** File name (without .svg) of a card side's face. */
export function faceName(card: TaskCard, level: Level): string {
  return `ubongo-${String(card.id).padStart(2, "0")}-${level}`;
}

/** Every face and the back as SVG files, name → text. */
export function ubongoCardSvgs(cards: readonly TaskCard[]): Record<string, string> {
  const out: Record<string, string> = { "ubongo-back": svgFile(cardBackSvg()) };
  for (const card of cards)
    for (const level of ["blue", "red"] as const) out[faceName(card, level)] = svgFile(cardSideSvg(card, level));
  return out;
}

/**
 * The task cards as a Foundry `Cards` document (type "deck"): one card per task card, two faces
 * (0 the blue side, 1 the red side), each pointing at `<imageBase>/<face>.svg`.
 */
export function ubongoDeckData(
  cards: readonly TaskCard[],
  imageBase: string,
  name: (card: TaskCard, level: Level | null) => string,
): Record<string, unknown> {
  return {
    name: `Ubongo task cards (${cards.length})`,
    type: "deck",
    img: `${imageBase}/ubongo-back.svg`,
    width: 2,
    height: 3,
    cards: cards.map((card, sort) => ({
      name: name(card, null),
      type: "base",
      suit: "",
      value: card.id,
      sort,
      back: { img: `${imageBase}/ubongo-back.svg` },
      faces: (["blue", "red"] as const).map((level) => ({
        name: name(card, level),
        img: `${imageBase}/${faceName(card, level)}.svg`,
      })),
      face: 0,
      flags: { "cantina-games": { ubongoCard: card.id } },
    })),
  };
}
