/**
 * Sabacc card faces, drawn by the project as SVG from the deck data: the value in two corners and
 * the suit's sign (or the named card's) in the middle, drawn as paths. Text that needs a language (the card's
 * name) is not in the SVG: the templates put it in the card's aria-label with {{localize}}.
 */
import { type CardId, type Special, type Suit, baseId, cardOf, isDuplicate } from "../../rules/sabacc/deck";
import { colour } from "../../palette";

export const SUIT_COLOURS: Readonly<Record<Suit, string>> = {
  sabres: colour("sabacc-suit-sabres"),
  flasks: colour("sabacc-suit-flasks"),
  coins: colour("sabacc-suit-coins"),
  staves: colour("sabacc-suit-staves"),
};
/** The card art's own colours: a face card's ground, the dark cards' ground, gold, pale gold, a name's ink. */
const FACE = colour("sabacc-card-face");
const DARK = colour("sabacc-card-ink");
const GOLD = colour("sabacc-card-gold");
const PALE = colour("sabacc-card-name-dark");
const NAME_INK = colour("sabacc-card-name-light");
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
  demise: `<path d="M-8 -2 A8 8 0 1 1 8 -2 Q8 4 4 5 V9 H-4 V5 Q-8 4 -8 -2 Z" fill="currentColor"/><circle cx="-3.5" cy="-2" r="2.2" fill="${DARK}" stroke="none"/><circle cx="3.5" cy="-2" r="2.2" fill="${DARK}" stroke="none"/>`,
  moderation:
    '<circle r="10"/><path d="M0 -10 A10 10 0 0 1 0 10 A5 5 0 0 1 0 0 A5 5 0 0 0 0 -10 Z" fill="currentColor"/><circle cy="-5" r="1.5" fill="currentColor"/>',
  "evil-one": '<path d="M0 -11 V11 M-8 -10 V-4 Q-8 2 0 2 Q8 2 8 -4 V-10 M-4 8 H4"/>',
  star: '<polygon points="0.0,-11.0 2.7,-3.72 10.46,-3.4 4.37,1.42 6.47,8.9 0.0,4.6 -6.47,8.9 -4.37,1.42 -10.46,-3.4 -2.7,-3.72" fill="currentColor"/>',
};
/** The face cards' ranks and their names' keys (the value stays in the corners, the name on the face). */
const FACE_NAMES: Readonly<Record<number, string>> = {
  12: "Commander",
  13: "Mistress",
  14: "Master",
  15: "Ace",
};

/** Which side of zero a card counts on: told apart by its corner's sign and its frame, not colour alone. */
export type CardSign = "positive" | "negative" | "zero";

/** What a template needs to show one card. */
export interface CardFace {
  /** The card's id as the viewer knows it (a duplicate shows as the card it copies). */
  readonly id: CardId;
  readonly value: number;
  /** The value as its corners show it: a true minus sign for a negative card ("−17"). */
  readonly corner: string;
  readonly sign: CardSign;
  /** i18n key and parameters of the card's name, for its aria-label. */
  readonly nameKey: string;
  readonly suitKey: string;
  /** i18n key of the name written on the face (a named card's, a face card's), or "" for a number card. */
  readonly faceNameKey: string;
  readonly rank: number | string;
  readonly duplicate: boolean;
  readonly svg: string;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signOf(value: number): CardSign {
  return value < 0 ? "negative" : value > 0 ? "positive" : "zero";
}

/** A value as a card's corner shows it: "7", "0", "−17" (U+2212, the minus sign, not a hyphen). */
export function cornerText(value: number): string {
  return value < 0 ? `\u2212${-value}` : String(value);
}

/** A suit's or a named card's sign, drawn at (x, y) scaled by `scale`. */
function symbolAt(kind: Suit | Special, ink: string, x: number, y: number, scale: number, corner = false): string {
  const mark = corner ? "" : ` data-symbol="${esc(kind)}"`;
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})" color="${ink}" fill="none" stroke="${ink}" stroke-width="2" ` +
    `stroke-linecap="round" stroke-linejoin="round"${mark}>${CARD_SYMBOLS[kind]}</g>`
  );
}

/**
 * The SVG of a card's face; 60 × 90 units, scaled by CSS. The value large in the top-left corner and,
 * upside down, in the bottom-right one (as a printed card has them); the suit's sign under each
 * corner and large in the middle. A named card (the negative cards and the Idiot) is dark; a
 * negative one also has a hatched ground and a double dashed frame, so that sign and frame tell it
 * apart from a positive card without its colour. A named or face card's name is written on the face
 * by the templates (localized), in the space the drawing leaves for it.
 */
export function cardSvg(id: CardId, faceName = ""): string {
  const card = cardOf(id);
  if (!card) return backSvg();
  const suited = card.suit !== null;
  const kind: Suit | Special = card.suit ?? (card.rank as Special);
  const edge = card.suit ? SUIT_COLOURS[card.suit] : GOLD;
  const ink = suited ? edge : PALE;
  const sign = signOf(card.value);
  const corner = esc(cornerText(card.value));
  const named = !suited || FACE_NAMES[card.value] !== undefined;
  const ground = suited
    ? `<rect x="1" y="1" width="58" height="88" rx="6" fill="${FACE}" stroke="${edge}" stroke-width="2"/>` +
      `<rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="${ink}" stroke-opacity="0.35"/>`
    : sign === "negative"
      ? `<rect x="1" y="1" width="58" height="88" rx="6" fill="${DARK}" stroke="${edge}" stroke-width="2"/>` +
        `<path d="${HATCH}" stroke="${PALE}" stroke-opacity="0.12" stroke-width="1.2"/>` +
        `<rect x="4.5" y="4.5" width="51" height="81" rx="4" fill="none" stroke="${ink}" stroke-dasharray="3 2"/>` +
        `<rect x="7" y="7" width="46" height="76" rx="3" fill="none" stroke="${ink}" stroke-opacity="0.6" stroke-dasharray="3 2"/>`
      : `<rect x="1" y="1" width="58" height="88" rx="6" fill="${DARK}" stroke="${edge}" stroke-width="2"/>` +
        `<rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="${ink}" stroke-opacity="0.6"/>`;
  // A 6 and a 9 underlined, as printed cards do: turned upside down in its corner, each reads as the other.
  const underline = Math.abs(card.value) === 6 || Math.abs(card.value) === 9 ? ' text-decoration="underline"' : "";
  const cornerMark = (transform: string): string =>
    `<text data-corner x="5" y="21" font-size="${corner.length > 3 ? 15 : 18}" font-weight="bold" fill="${ink}"${underline}${transform} ` +
    `font-family="Georgia, 'Times New Roman', serif">${corner}</text>`;
  return (
    `<svg class="cantina-card-svg" viewBox="0 0 60 90" width="60" height="90" aria-hidden="true" focusable="false" ` +
    `data-card-svg="${esc(baseId(id))}" data-sign="${sign}">` +
    ground +
    cornerMark("") +
    cornerMark(' transform="rotate(180 30 45)"') +
    symbolAt(kind, ink, 11.5, 30, 0.38, true) +
    // The bottom corner's sign only on a number card: a named card's name takes that space.
    (named ? "" : `<g transform="rotate(180 30 45)">${symbolAt(kind, ink, 11.5, 30, 0.38, true)}</g>`) +
    // A named or face card keeps the lower middle free for its name (the templates write it there).
    (named ? symbolAt(kind, ink, 30, 33, 0.75) : symbolAt(kind, ink, 30, 48, 1.15)) +
    nameText(faceName, suited ? NAME_INK : ink) +
    `</svg>`
  );
}

/**
 * A name written into the SVG itself (the deck's files, which no template localizes): its words in
 * up to three centred lines of at most 12 characters, in the space a named card leaves for it.
 */
function nameText(name: string, ink: string): string {
  if (name === "") return "";
  const lines: string[] = [];
  for (const word of name.split(/\s+/)) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= 12) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  const shown = lines.slice(0, 3);
  const top = 54 + (3 - shown.length) * 3.5;
  // A long line is pressed into the card's width rather than running over its edge.
  const fit = (line: string): string => (line.length > 10 ? ' textLength="46" lengthAdjust="spacingAndGlyphs"' : "");
  return shown
    .map(
      (line, i) =>
        `<text x="30" y="${top + i * 7}" font-size="6.5" font-weight="bold" text-anchor="middle" fill="${ink}" ` +
        `font-family="sans-serif"${fit(line)} data-face-name>${esc(line)}</text>`,
    )
    .join("");
}

/** A negative card's hatched ground: lines at 45° across the card, clipped by hand to the 3…57 × 3…87 box. */
function diagonals(): string {
  const parts: string[] = [];
  for (let c = -84; c <= 54; c += 7) {
    // The line x - y = c, from where it enters the box to where it leaves it.
    const x1 = Math.max(3, 3 + c);
    const y1 = x1 - c;
    const x2 = Math.min(57, 87 + c);
    const y2 = x2 - c;
    if (x2 > x1) parts.push(`M${x1} ${y1}L${x2} ${y2}`);
  }
  return parts.join("");
}
const HATCH = diagonals();

/** The back of a card: what others see of a hand. */
export function backSvg(): string {
  return (
    `<svg class="cantina-card-svg" viewBox="0 0 60 90" width="60" height="90" aria-hidden="true" focusable="false" data-card-back>` +
    `<defs><pattern id="cantina-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="8" height="8" fill="${colour("sabacc-back")}"/><rect width="4" height="8" fill="${colour("sabacc-back-stripe")}"/></pattern></defs>` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="url(#cantina-back)" stroke="${GOLD}" stroke-width="2"/>` +
    `<circle cx="30" cy="45" r="12" fill="none" stroke="${GOLD}" stroke-width="2"/></svg>`
  );
}

export function cardFace(id: CardId): CardFace {
  const card = cardOf(id);
  const value = card?.value ?? 0;
  const face = card?.suit ? FACE_NAMES[value] : undefined;
  return {
    id,
    value,
    corner: cornerText(value),
    sign: signOf(value),
    nameKey: card?.nameKey ?? "CANTINA.Sabacc.Card.Number",
    suitKey: card?.suit ? `CANTINA.Sabacc.Suit.${card.suit}` : "CANTINA.Sabacc.Suit.none",
    faceNameKey: !card ? "" : card.suit === null ? card.nameKey : face ? `CANTINA.Sabacc.Face.${face}` : "",
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

/**
 * The whole deck as SVG files, for the Foundry Cards compendium (name → SVG text); `faceName` gives
 * the name to write on a named or face card's face (the build passes the English one).
 */
export function deckSvgs(ids: readonly CardId[], faceName: (key: string) => string = () => ""): Record<string, string> {
  const out: Record<string, string> = { back: svgFile(backSvg()) };
  for (const id of ids) {
    const key = cardFace(id).faceNameKey;
    out[id] = svgFile(cardSvg(id, key === "" ? "" : faceName(key)));
  }
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
