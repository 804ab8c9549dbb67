/**
 * The 76-card Sabacc deck of True Sabacc (text 003): stable card ids (`coins-7`, `idiot-2`), the deck's
 * fixed order the deal rolls against, values, hand kinds and scores.
 * Details: docs/rules-layer.md, "src/rules/sabacc/deck.ts".
 */
export type Suit = "sabres" | "flasks" | "coins" | "staves";
export type Special = "idiot" | "queen" | "endurance" | "balance" | "demise" | "moderation" | "evil-one" | "star";
export type CardId = string;

export interface Card {
  readonly id: CardId;
  readonly value: number;
  readonly suit: Suit | null;
  /** For suited cards: 1–15; for the named cards: their name. */
  readonly rank: number | Special;
  /** i18n key of the card's name (suits and face cards get their own). */
  readonly nameKey: string;
}

export const SUITS: readonly Suit[] = ["sabres", "flasks", "coins", "staves"];
export const SPECIALS: readonly { readonly id: Special; readonly value: number }[] = [
  { id: "idiot", value: 0 },
  { id: "queen", value: -2 },
  { id: "endurance", value: -8 },
  { id: "balance", value: -11 },
  { id: "demise", value: -13 },
  { id: "moderation", value: -14 },
  { id: "evil-one", value: -15 },
  { id: "star", value: -17 },
];
export const FACES: Readonly<Record<number, string>> = { 12: "Commander", 13: "Mistress", 14: "Master", 15: "Ace" };

function build(): Card[] {
  const cards: Card[] = [];
  for (const suit of SUITS) {
    for (let rank = 1; rank <= 15; rank++) {
      const face = FACES[rank];
      cards.push({
        id: `${suit}-${rank}`,
        value: rank,
        suit,
        rank,
        nameKey: face ? `CANTINA.Sabacc.Card.${face}` : "CANTINA.Sabacc.Card.Number",
      });
    }
  }
  for (const s of SPECIALS) {
    for (const copy of [1, 2])
      cards.push({
        id: `${s.id}-${copy}`,
        value: s.value,
        suit: null,
        rank: s.id,
        nameKey: `CANTINA.Sabacc.Card.${s.id}`,
      });
  }
  return cards;
}

/** All 76 cards in the fixed order of the deal table. */
export const DECK: readonly Card[] = build();
export const DECK_IDS: readonly CardId[] = DECK.map((c) => c.id);
const BY_ID = new Map(DECK.map((c) => [c.id, c]));

/**
 * A cheat's duplicate of a card already out of the deck: `<card>!<seat>`. It counts as that card;
 * it is not one of the 76.
 */
export function duplicateId(card: CardId, seat: string): CardId {
  return `${card}!${seat}`;
}

/** The real card a (possibly duplicate) id stands for. */
export function baseId(id: CardId): CardId {
  const i = id.indexOf("!");
  return i < 0 ? id : id.slice(0, i);
}

export function isDuplicate(id: CardId): boolean {
  return id.includes("!");
}

export function cardOf(id: CardId): Card | undefined {
  return BY_ID.get(baseId(id));
}

export function isCardId(id: unknown): id is CardId {
  return typeof id === "string" && BY_ID.has(id);
}

export function valueOf(id: CardId): number {
  return cardOf(id)?.value ?? 0;
}

export function totalOf(cards: readonly CardId[]): number {
  let t = 0;
  for (const c of cards) t += valueOf(c);
  return t;
}

/** How a hand ranks at the show; higher is better. */
export type HandKind = "idiots-array" | "pure-sabacc" | "hand" | "bomb-out";

/**
 * Idiot's Array: exactly The Idiot, a 2 and a 3 (a literal 0-2-3). Pure Sabacc: 23 or −23. Bombing
 * out (docs/rules/sabacc.md): a total above 23, below −23, or of exactly 0.
 */
export function handKind(cards: readonly CardId[]): HandKind {
  if (cards.length === 3) {
    const ranks = cards.map((c) => cardOf(c)?.rank).sort();
    const values = cards.map((c) => valueOf(c)).sort((a, b) => a - b);
    if (ranks.includes("idiot") && values[0] === 0 && values[1] === 2 && values[2] === 3) return "idiots-array";
  }
  const t = totalOf(cards);
  if (t === 23 || t === -23) return "pure-sabacc";
  if (t > 23 || t < -23 || t === 0) return "bomb-out";
  return "hand";
}

/** A number to compare hands by: Idiot's Array > Pure Sabacc > closest to ±23; bombed out below all. */
export function handScore(cards: readonly CardId[]): number {
  switch (handKind(cards)) {
    case "idiots-array":
      return 100;
    case "pure-sabacc":
      return 50;
    case "bomb-out":
      return -1;
    case "hand":
      return Math.abs(totalOf(cards));
  }
}
