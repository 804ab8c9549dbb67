/**
 * Sabacc card faces, drawn by the project as SVG from the deck data: the value in two corners and
 * the suit's sign (or the named card's) in the middle, drawn as paths. Text that needs a language (the card's
 * name) is not in the SVG: the templates put it in the card's aria-label with {{localize}}.
 */
import { type CardId, type Special, type Suit, baseId, cardOf, isDuplicate } from "../../rules/sabacc/deck";

export const SUIT_COLOURS: Readonly<Record<Suit, string>> = {
  sabres: "#a8322d",
  flasks: "#2d6aa8",
  coins: "#b38a1d",
  staves: "#3f7d3a",
};
/**
 * Each suit's and named card's sign, drawn as SVG around (0, 0) within ±12 units: never a font's
 * glyph, which shows as an empty box where no installed font has it (⛰ on many systems).
 */
export const CARD_SYMBOLS: Readonly<Record<Suit | Special, string>> = {
  sabres: '<path d="M-9 -10 L9 8 M9 -10 L-9 8 M-10 3 L-4 9 M10 3 L4 9"/>',
  flasks:
    '<path d="M-4 -10 H4 M-2.5 -10 V-3 L-9.5 8 Q-10.5 10 -8 10 H8 Q10.5 10 9.5 8 L2.5 -3 V-10"/><path d="M-6.5 4 H6.5 L8.5 8 H-8.5 Z" fill="currentColor"/>',
  coins: '<circle r="10"/><circle r="5" fill="currentColor"/>',
  staves:
    '<path d="M0 -11 V11 M-8 -9 Q0 -3 8 -9 M-6 -2 Q0 3 6 -2 M-4 5 Q0 8 4 5"/><circle cy="-11" r="2" fill="currentColor"/>',
  idiot:
    '<circle r="10"/><circle cx="-4" cy="-3" r="1.6" fill="currentColor"/><circle cx="4" cy="-3" r="1.6" fill="currentColor"/><path d="M-5.5 3 Q0 8.5 5.5 3"/>',
  queen: '<path d="M-10 6 V-6 L-5 0 L0 -9 L5 0 L10 -6 V6 Z M-10 9 H10" fill="currentColor"/>',
  endurance: '<path d="M-12 9 L-4 -8 L1 1 L5 -4 L12 9 Z" fill="currentColor"/><path d="M-6 -4 L-4 -8 L-2 -4" />',
  balance: '<path d="M0 -10 V9 M-7 9 H7 M-9 -6 H9 M-9 -6 L-12 2 H-6 Z M9 -6 L6 2 H12 Z"/>',
  demise:
    '<path d="M-8 -2 A8 8 0 1 1 8 -2 Q8 4 4 5 V9 H-4 V5 Q-8 4 -8 -2 Z" fill="currentColor"/><circle cx="-3.5" cy="-2" r="2.2" fill="#1d1330" stroke="none"/><circle cx="3.5" cy="-2" r="2.2" fill="#1d1330" stroke="none"/>',
  moderation:
    '<circle r="10"/><path d="M0 -10 A10 10 0 0 1 0 10 A5 5 0 0 1 0 0 A5 5 0 0 0 0 -10 Z" fill="currentColor"/><circle cy="-5" r="1.5" fill="currentColor"/>',
  "evil-one": '<path d="M0 -11 V11 M-8 -10 V-4 Q-8 2 0 2 Q8 2 8 -4 V-10 M-4 8 H4"/>',
  star: '<polygon points="0.0,-11.0 2.7,-3.72 10.46,-3.4 4.37,1.42 6.47,8.9 0.0,4.6 -6.47,8.9 -4.37,1.42 -10.46,-3.4 -2.7,-3.72" fill="currentColor"/>',
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
  const symbol = CARD_SYMBOLS[card.suit ?? (card.rank as Special)];
  const corner = suited ? `${FACE_LETTERS[card.value] ?? card.value}` : `${card.value}`;
  const fill = suited ? "#f7f1e1" : "#1d1330";
  const ink = suited ? colour : "#f0d98a";
  return (
    `<svg class="cantina-card-svg" viewBox="0 0 60 90" width="60" height="90" aria-hidden="true" focusable="false" data-card-svg="${esc(baseId(id))}">` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="${fill}" stroke="${colour}" stroke-width="2"/>` +
    `<rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="${ink}" stroke-opacity="0.35"/>` +
    `<text x="8" y="17" font-size="12" font-weight="bold" fill="${ink}">${esc(corner)}</text>` +
    `<text x="52" y="81" font-size="12" font-weight="bold" fill="${ink}" text-anchor="end">${esc(corner)}</text>` +
    `<g transform="translate(30 46)" color="${ink}" fill="none" stroke="${ink}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" data-symbol="${esc(card.suit ?? String(card.rank))}">${symbol}</g>` +
    // Named cards and face cards (whose corner shows a letter) show their value under the sign.
    (suited && FACE_LETTERS[card.value] === undefined
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
