/**
 * The board art, the same in both themes (a board paints its own ground): cells, lines, the sides'
 * pieces and the marks of what can move and where; theme.css declares each as --cantina-<name>.
 */

export const BOARD_ART = {
  /** The lobby's board preview. */
  "preview-ink": "#1b1b1b",
  "preview-ground": "#fbf8ef",
  "preview-line": "#b9a878",
  "preview-cresh": "#f3d77a",
  "preview-dorn": "#b9e6b0",
  "preview-aurek": "#bcd3f3",
  "preview-besh": "#f1b9b5",
  "preview-centre": "#e8dcb5",
  "preview-side-0": "#1f6b2a",
  "preview-side-1": "#a8322d",
  /** A plain cell (a cell whose game gives it no tone) and a point of a board of points. */
  "board-point": "#d9d2bf",
  "board-ink": "#1b1b1b",
  /** A cell's outline. */
  "board-stroke": "#2b2b2b",
  /** A piece that can move; the piece picked up, and its wash. */
  "board-selectable": "#3b82f6",
  "board-selected": "#1d4ed8",
  "board-selected-wash": "rgba(59, 130, 246, 0.25)",
  /** A legal destination: its dashed outline, its wash and its tick (the same on every board). */
  "board-destination": "#16a34a",
  "board-destination-wash": "rgba(22, 163, 74, 0.2)",
  "board-destination-tick": "#14532d",
  "board-focus": "#f59e0b",
  "board-line": "#7a6a3a",
  "board-choices": "#fffbeb",
  /** A tray of waiting pieces. */
  "board-tray": "#f1ead6",
  /** A piece's outline and its facing arrow; a stack's count badge. */
  "piece-edge": "#111111",
  "piece-light-ink": "#ffffff",
  /** The sides' pieces and their glyphs' ink, by owner (shape differs too: colour is never the only cue). */
  "piece-owner-0": "#f5f5f5",
  "piece-owner-0-ink": "#111111",
  "piece-owner-1": "#1f2937",
  "piece-owner-1-ink": "#fbbf24",
  "piece-owner-2": "#b91c1c",
  "piece-owner-2-ink": "#ffffff",
  "piece-owner-3": "#1d4ed8",
  "piece-owner-3-ink": "#ffffff",
  "piece-owner-4": "#15803d",
  "piece-owner-4-ink": "#ffffff",
  "piece-owner-5": "#7e22ce",
  "piece-owner-5-ink": "#ffffff",
  /** A placement board's empty square, a tile's edge and focus, a tile with no colour of its own. */
  "placement-cell": "#fff",
  "tile-edge": "#3b2a05",
  "tile-focus": "#2563eb",
  "tile-default": "#f59e0b",
} as const;

/**
 * Colours only the canvas, Foundry's scene and Roll20 draw (no stylesheet shows them): the ground
 * under a canvas board, its dialogs, a piece's shadow, the scene's handle, Roll20's chat card and pages.
 */
export const DRAWN_ART = {
  /** The wood under a canvas board's cells, and a cell's glyph on it. */
  "canvas-ground": "#3b2f22",
  "canvas-cell-glyph": "#333333",
  "canvas-shadow": "#000000",
  /** The canvas's follow-up choice dialog: its panel, a choice, "cancel", its text. */
  "canvas-dialog": "#1f2937",
  "canvas-dialog-ink": "#ffffff",
  "canvas-choice": "#fbbf24",
  "canvas-cancel": "#9ca3af",
  /** The canvas's refusal banner. */
  "canvas-refusal": "#b91c1c",
  "canvas-refusal-edge": "#7f1d1d",
  /** The handle of a table's board on a Foundry scene (drag to move it). */
  "scene-handle": "#ff6400",
  "scene-handle-edge": "#ffffff",
  /** Roll20's chat card: its edge, ground and text. */
  "chat-card-edge": "#6b5a3e",
  "chat-card-ground": "#f6f0e3",
  "chat-card-ink": "#222",
  /** Text Roll20 writes on a page (labels, help); a puzzle card's squares; a tile's outline. */
  "roll20-page-text": "#1f1a12",
  "roll20-puzzle-square": "#f4f1e8",
  "roll20-puzzle-square-edge": "#3b3326",
  "roll20-tile-outline": "#000000",
  /** Dice as drawn in the window and in chat (src/apps/core/dice-faces.ts): face, pips, a success, a miss. */
  "dice-face": "#f7f1e1",
  "dice-ink": "#1d1330",
  "dice-gold": "#e0b84c",
  "dice-miss": "#b9b2a0",
  "dice-success": "#2f7d32",
} as const;
