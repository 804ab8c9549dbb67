/**
 * Sabacc card faces, drawn by the project as SVG from the deck data: the value in two corners and
 * the suit's glyph (or the named card's sign) in the middle. Text that needs a language (the card's
 * name) is not in the SVG: the templates put it in the card's aria-label with {{localize}}.
 */
import { type CardId, type Special, type Suit, baseId, cardOf, isDuplicate } from "../../rules/sabacc/deck";

export const SUIT_GLYPHS: Readonly<Record<Suit, string>> = { sabres: "⚔", flasks: "⚗", coins: "◉", staves: "⚚" };
export const SUIT_COLOURS: Readonly<Record<Suit, string>> = {
  sabres: "#a8322d",
  flasks: "#2d6aa8",
  coins: "#b38a1d",
  staves: "#3f7d3a",
};
export const SPECIAL_GLYPHS: Readonly<Record<Special, string>> = {
  idiot: "☺",
  queen: "♛",
  endurance: "⛰",
  balance: "⚖",
  demise: "☠",
  moderation: "☯",
  "evil-one": "♆",
  star: "★",
};
const FACE_LETTERS: Readonly<Record<number, string>> = { 12: "C", 13: "Mi", 14: "Ma", 15: "A" };

/** What a template needs to show one card. */
export interface CardFace {
  /** The card's id as the viewer knows it (a duplicate shows as the card it copies). */
  readonly id: CardId;
  readonly value: number;
  /** i18n key and parameters of the card's name, for its aria-label. */
  readonly nameKey: string;
  readonly suitKey: string;
  readonly rank: number | string;
  readonly duplicate: boolean;
  readonly svg: string;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The SVG of a card's face; 60 × 90 units, scaled by CSS. */
export function cardSvg(id: CardId): string {
  const card = cardOf(id);
  if (!card) return backSvg();
  const suited = card.suit !== null;
  const colour = card.suit ? SUIT_COLOURS[card.suit] : "#4b2a6b";
  const glyph = card.suit ? SUIT_GLYPHS[card.suit] : SPECIAL_GLYPHS[card.rank as Special];
  const corner = suited ? `${FACE_LETTERS[card.value] ?? card.value}` : `${card.value}`;
  const fill = suited ? "#f7f1e1" : "#1d1330";
  const ink = suited ? colour : "#f0d98a";
  return (
    `<svg class="cantina-card-svg" viewBox="0 0 60 90" width="60" height="90" aria-hidden="true" focusable="false" data-card-svg="${esc(baseId(id))}">` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="${fill}" stroke="${colour}" stroke-width="2"/>` +
    `<rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="${ink}" stroke-opacity="0.35"/>` +
    `<text x="8" y="17" font-size="12" font-weight="bold" fill="${ink}">${esc(corner)}</text>` +
    `<text x="52" y="81" font-size="12" font-weight="bold" fill="${ink}" text-anchor="end">${esc(corner)}</text>` +
    `<text x="30" y="54" font-size="26" fill="${ink}" text-anchor="middle">${esc(glyph)}</text>` +
    (suited
      ? ""
      : `<text x="30" y="72" font-size="9" fill="${ink}" text-anchor="middle">${esc(String(card.value))}</text>`) +
    `</svg>`
  );
}

/** The back of a card: what others see of a hand. */
export function backSvg(): string {
  return (
    `<svg class="cantina-card-svg" viewBox="0 0 60 90" width="60" height="90" aria-hidden="true" focusable="false" data-card-back>` +
    `<defs><pattern id="cantina-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="8" height="8" fill="#3a1f5c"/><rect width="4" height="8" fill="#52307f"/></pattern></defs>` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="url(#cantina-back)" stroke="#e0b84c" stroke-width="2"/>` +
    `<circle cx="30" cy="45" r="12" fill="none" stroke="#e0b84c" stroke-width="2"/></svg>`
  );
}

export function cardFace(id: CardId): CardFace {
  const card = cardOf(id);
  return {
    id,
    value: card?.value ?? 0,
    nameKey: card?.nameKey ?? "CANTINA.Sabacc.Card.Number",
    suitKey: card?.suit ? `CANTINA.Sabacc.Suit.${card.suit}` : "CANTINA.Sabacc.Suit.none",
    rank: card?.rank ?? 0,
    duplicate: isDuplicate(id),
    svg: cardSvg(id),
  };
}

/** An inline SVG as a file of its own: XML declaration, SVG namespace, no valueless attribute. */
function svgFile(svg: string): string {
  const xml = svg
    .replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ')
    .replace(/ (data-[\w-]+)(?=[\s/>])/g, ' $1=""');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** The whole deck as SVG files, for the Foundry Cards compendium (name → SVG text). */
export function deckSvgs(ids: readonly CardId[]): Record<string, string> {
  const out: Record<string, string> = { back: svgFile(backSvg()) };
  for (const id of ids) out[id] = svgFile(cardSvg(id));
  return out;
}

/**
 * The deck as a Foundry `Cards` document (type "deck") for a compendium pack: one card per id, its
 * face the SVG written by `deckSvgs` to `<imageBase>/<id>.svg`;
 * `name` gives each card's name (the build can pass the English names from lang/en.json).
 */
export function foundryDeckData(
  ids: readonly CardId[],
  imageBase: string,
  name: (id: CardId) => string,
): Record<string, unknown> {
  return {
    name: `Sabacc deck (${ids.length} cards)`,
    type: "deck",
    img: `${imageBase}/back.svg`,
    width: 2,
    height: 3,
    cards: ids.map((id, sort) => {
      const card = cardOf(id);
      return {
        name: name(id),
        type: "base",
        suit: card?.suit ?? "",
        value: card?.value ?? 0,
        sort,
        back: { img: `${imageBase}/back.svg` },
        faces: [{ name: name(id), img: `${imageBase}/${id}.svg` }],
        face: 0,
        flags: { "cantina-games": { id } },
      };
    }),
  };
}
