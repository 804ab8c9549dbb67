/**
 * The one palette (issues 33, 36): every colour the module shows, by name. The stylesheets declare the
 * style tokens as --cantina-<name> (checked equal); the canvas, Foundry's scene and Roll20 resolve them here.
 */
import { BOARD_ART, DRAWN_ART } from "./board";
import { CARD_ART, GAME_COLOURS } from "./games";
import { PAGE_DARK, PAGE_LIGHT, WINDOW_DARK, WINDOW_LIGHT } from "./window";

/** Every token a stylesheet declares, with its light (or only) value: the variant the canvas and Roll20 draw. */
export const STYLE_TOKENS = { ...WINDOW_LIGHT, ...PAGE_LIGHT, ...BOARD_ART, ...GAME_COLOURS } as const;
/** The tokens whose dark theme differs: the window chrome and the page. */
export const DARK_TOKENS: Readonly<Partial<Record<StyleToken, string>>> = { ...WINDOW_DARK, ...PAGE_DARK };
/** Colours only code draws (the canvas's dialogs, Roll20's pages and chat card, cards and dice as SVG). */
export const DRAWN_TOKENS = { ...DRAWN_ART, ...CARD_ART } as const;

export type StyleToken = keyof typeof STYLE_TOKENS;
export type DrawnToken = keyof typeof DRAWN_TOKENS;
export type ColourToken = StyleToken | DrawnToken;

const ALL: Readonly<Record<ColourToken, string>> = { ...STYLE_TOKENS, ...DRAWN_TOKENS };

/** A token's colour as CSS writes it ("#rrggbb", "#rgb" or "rgba(…)"), the light variant. */
export function colour(token: ColourToken): string {
  return ALL[token];
}

/** Whether `name` is a token (a tile's colour class is one). */
export function isColourToken(name: string): name is ColourToken {
  return Object.hasOwn(ALL, name);
}

/** The stylesheet's variable for a token, to set in a style attribute. */
export function cssVar(token: StyleToken): string {
  return `var(--cantina-${token})`;
}

/** A CSS colour ("#rgb", "#rrggbb", "rgb(…)", "rgba(…)") as 0xRRGGBB and its opacity; null if unreadable. */
export function parseColour(value: string): { readonly rgb: number; readonly alpha: number } | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join("") : hex[1]!;
    return { rgb: parseInt(digits, 16), alpha: 1 };
  }
  const m = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)(?:[,\s/]+([\d.]+%?))?\s*\)$/.exec(value.trim());
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith("%") ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return { rgb: (Number(m[1]) << 16) | (Number(m[2]) << 8) | Number(m[3]), alpha };
}

/** A token as the number a PIXI canvas draws with (0xRRGGBB); its opacity is `colourAlpha`. */
export function colourNumber(token: ColourToken): number {
  return parseColour(colour(token))?.rgb ?? 0;
}

/** A token's opacity (1 unless it is an rgba() wash). */
export function colourAlpha(token: ColourToken): number {
  return parseColour(colour(token))?.alpha ?? 1;
}

/**
 * A cell's colour, chosen by its game: one token, or two split along the diagonal (top left, bottom
 * right: a tile of two colours). The window sets them as variables; the canvas and Roll20 draw them.
 */
export interface CellTone {
  readonly fill: StyleToken;
  readonly split?: StyleToken;
}

/** A cell whose game gives no tone: the board's plain stone. */
export const PLAIN_TONE: CellTone = { fill: "board-point" };

const SIDE_TOKENS = [
  ["piece-owner-0", "piece-owner-0-ink"],
  ["piece-owner-1", "piece-owner-1-ink"],
  ["piece-owner-2", "piece-owner-2-ink"],
  ["piece-owner-3", "piece-owner-3-ink"],
  ["piece-owner-4", "piece-owner-4-ink"],
  ["piece-owner-5", "piece-owner-5-ink"],
] as const satisfies readonly (readonly [StyleToken, StyleToken])[];

/** The sides' pieces, by owner index: fill and glyph ink (theme.css's --cantina-piece-owner-N). */
export const SIDE_PALETTE: readonly { readonly fill: string; readonly ink: string }[] = SIDE_TOKENS.map(
  ([fill, ink]) => ({ fill: colour(fill), ink: colour(ink) }),
);

/** `owner`'s tokens (fill and glyph ink), the palette's sides taken round: what the board geometry names. */
export function sideTokens(owner: number): { readonly fill: StyleToken; readonly ink: StyleToken } {
  const n = SIDE_TOKENS.length;
  const [fill, ink] = SIDE_TOKENS[((owner % n) + n) % n]!;
  return { fill, ink };
}

/** `owner`'s colours, the palette's sides taken round. */
export function sideColours(owner: number): (typeof SIDE_PALETTE)[number] {
  const n = SIDE_PALETTE.length;
  return SIDE_PALETTE[((owner % n) + n) % n]!;
}

/** "#rgb"/"#rrggbb" as 0xRRGGBB (a side's colour for the canvas). */
export function hexNumber(hex: string): number {
  return parseColour(hex)?.rgb ?? 0;
}
