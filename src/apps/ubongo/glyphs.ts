/** Ubongo's die symbols (its descriptor's `glyphs`), drawn as SVG on cards and in the window. */
import type { GlyphShapes } from "../core/symbols";

export const UBONGO_GLYPHS: GlyphShapes = {
  "☀": '<circle r="5"/><path d="M11 0L6.73 1.93L6.73 -1.93ZM7.78 7.78L3.39 6.12L6.12 3.39ZM0 11L-1.93 6.73L1.93 6.73ZM-7.78 7.78L-6.12 3.39L-3.39 6.12ZM-11 0L-6.73 -1.93L-6.73 1.93ZM-7.78 -7.78L-3.39 -6.12L-6.12 -3.39ZM-0 -11L1.93 -6.73L-1.93 -6.73ZM7.78 -7.78L6.12 -3.39L3.39 -6.12Z"/>',
  "✦": '<path d="M0 -11L2.5 -2.5L11 0L2.5 2.5L0 11L-2.5 2.5L-11 0L-2.5 -2.5Z"/>',
  "⚔": '<path d="M-9.5 -8L-8 -9.5L8.5 7L7 8.5Z M9.5 -8L8 -9.5L-8.5 7L-7 8.5Z M3 8.5L8.5 3L9.5 4L4 9.5Z M-3 8.5L-8.5 3L-9.5 4L-4 9.5Z"/>',
  // A full crescent across the box (11 units round, cut by a circle of 9.5): a thin one read as a speck.
  "☾": '<path d="M8.26 -9.49A11 11 0 1 0 8.26 9.49A9.5 9.5 0 0 1 8.26 -9.49Z"/>',
  "⚙": '<path fill-rule="evenodd" d="M10.84 -1.86L10.84 1.86L7.8 1.77L6.77 4.27L8.98 6.35L6.35 8.98L4.27 6.77L1.77 7.8L1.86 10.84L-1.86 10.84L-1.77 7.8L-4.27 6.77L-6.35 8.98L-8.98 6.35L-6.77 4.27L-7.8 1.77L-10.84 1.86L-10.84 -1.86L-7.8 -1.77L-6.77 -4.27L-8.98 -6.35L-6.35 -8.98L-4.27 -6.77L-1.77 -7.8L-1.86 -10.84L1.86 -10.84L1.77 -7.8L4.27 -6.77L6.35 -8.98L8.98 -6.35L6.77 -4.27L7.8 -1.77Z M3.5 0A3.5 3.5 0 1 0 -3.5 0A3.5 3.5 0 1 0 3.5 0Z"/>',
  "✠": '<path d="M0 0L-4 -11H4Z M0 0L11 -4V4Z M0 0L4 11H-4Z M0 0L-11 4V-4Z"/>',
};
