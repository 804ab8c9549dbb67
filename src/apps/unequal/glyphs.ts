/** The unequal-forces games' symbols (their descriptors' `glyphs`): Takat's marks, Defiance and Domain's key points, dead zones and Command, Por'rika's pieces and waters. */
import { type GlyphShapes, ring } from "../core/symbols";

export const UNEQUAL_GLYPHS: GlyphShapes = {
  "▲": '<path d="M0 -9.5L10.5 8.5H-10.5Z"/>',
  "○": `<path fill-rule="evenodd" d="${ring(9, 6.5)}"/>`,
  "◈": '<path fill-rule="evenodd" d="M0 -11L11 0L0 11L-11 0Z M0 -8.5L8.5 0L0 8.5L-8.5 0Z"/><path d="M0 -5L5 0L0 5L-5 0Z"/>',
  "◎": `<path fill-rule="evenodd" d="${ring(10.5, 8.5)} ${ring(5.5, 3.5)}"/>`,
  "✕": '<path d="M-9 -7L-7 -9L0 -2L7 -9L9 -7L2 0L9 7L7 9L0 2L-7 9L-9 7L-2 0Z"/>',
  "★": '<path d="M0 -11.5L2.82 -3.88L10.94 -3.55L4.57 1.48L6.76 9.3L0 4.8L-6.76 9.3L-4.57 1.48L-10.94 -3.55L-2.82 -3.88Z"/>',
  // A Defiance key point as the board draws it: a small dot (quiet, so the pieces read first).
  "•": '<circle r="4.5"/>',
  "◉": `<path fill-rule="evenodd" d="${ring(10.5, 8)}"/><circle r="5"/>`,
  "▣": '<path fill-rule="evenodd" d="M-10 -10H10V10H-10Z M-8 -8V8H8V-8Z"/><rect x="-5" y="-5" width="10" height="10"/>',
  "✶": '<path d="M0 -11L2.5 -4.33L9.53 -5.5L5 0L9.53 5.5L2.5 4.33L0 11L-2.5 4.33L-9.53 5.5L-5 0L-9.53 -5.5L-2.5 -4.33Z"/>',
  "≈": '<path d="M-10 -5Q-5 -10 0 -5Q5 0 10 -5V-2Q5 3 0 -2Q-5 -7 -10 -2Z M-10 3Q-5 -2 0 3Q5 8 10 3V6Q5 11 0 6Q-5 1 -10 6Z"/>',
};
