/**
 * The board games' one palette (issue 33): the sides' and the marks' colours of styles/theme.css
 * (tests/architecture/palette.test.ts holds them equal), drawn by the canvas and the Roll20 board.
 */

/** Each side's piece fill and the ink of its glyph, by owner index (shape differs too: colour is never the only cue). */
export const SIDE_PALETTE = [
  { fill: "#f5f5f5", ink: "#111111" },
  { fill: "#1f2937", ink: "#fbbf24" },
  { fill: "#b91c1c", ink: "#ffffff" },
  { fill: "#1d4ed8", ink: "#ffffff" },
  { fill: "#15803d", ink: "#ffffff" },
  { fill: "#7e22ce", ink: "#ffffff" },
] as const;

/** The board's own colours: outlines, a piece's edge, the marks of what can move and where. */
export const BOARD_PALETTE = {
  /** A cell's outline. */
  stroke: "#2b2b2b",
  /** A piece's outline and its facing arrow. */
  pieceEdge: "#111111",
  /** A stack's count badge. */
  badge: "#ffffff",
  /** A piece that can move. */
  selectable: "#3b82f6",
  /** The piece picked up. */
  selected: "#1d4ed8",
  /** A legal destination: its outline and wash, and its tick. */
  destination: "#16a34a",
  destinationTick: "#14532d",
  /** A point of a board of points (Defiance's Commands). */
  point: "#d9d2bf",
  /** A tray of waiting pieces. */
  tray: "#f1ead6",
} as const;

/** `owner`'s colours, the palette's sides taken round. */
export function sideColours(owner: number): (typeof SIDE_PALETTE)[number] {
  const n = SIDE_PALETTE.length;
  return SIDE_PALETTE[((owner % n) + n) % n]!;
}

/** "#rrggbb" as the number a canvas draws with (0xrrggbb). */
export function colourNumber(hex: string): number {
  return parseInt(hex.slice(1), 16);
}
