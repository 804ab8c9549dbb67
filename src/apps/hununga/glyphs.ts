/** Hununga's own symbols (its descriptor's `glyphs`): the centre square's mark and the respawn arrow. */
import type { GlyphShapes } from "../core/symbols";

export const HUNUNGA_GLYPHS: GlyphShapes = {
  "◆": '<path d="M0 -10L10 0L0 10L-10 0Z"/>',
  "↺": '<path d="M0 -8A8 8 0 1 1 -8 0H-5A5 5 0 1 0 0 -5Z M1 -11.5L-5 -6.5L1 -1.5Z"/>',
};
