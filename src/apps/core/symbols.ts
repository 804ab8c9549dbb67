/**
 * Piece and tile symbols drawn as SVG, never as a font's glyph (which shows as an empty box where no
 * installed font has it). Contexts keep their glyph characters as names; templates draw `symbolSvg`.
 */

const PIP = 2;
/** A die face's pips, on a 24-unit square centred on (0, 0). */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [
    [-5, -5],
    [5, 5],
  ],
  3: [
    [-5, -5],
    [0, 0],
    [5, 5],
  ],
  4: [
    [-5, -5],
    [5, -5],
    [-5, 5],
    [5, 5],
  ],
  5: [
    [-5, -5],
    [5, -5],
    [0, 0],
    [-5, 5],
    [5, 5],
  ],
  6: [
    [-5, -5],
    [5, -5],
    [-5, 0],
    [5, 0],
    [-5, 5],
    [5, 5],
  ],
};

function dieFace(n: number): string {
  const pips = (PIPS[n] ?? []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${PIP}"/>`).join("");
  return `<path fill-rule="evenodd" d="M-10 -10H10V10H-10Z M-8.5 -8.5V8.5H8.5V-8.5Z"/>${pips}`;
}

/** A ring of outer radius `r` and inner radius `inner` (even-odd, so its middle stays empty): for games' symbols. */
export function ring(r: number, inner: number): string {
  return `M0 ${-r}A${r} ${r} 0 1 1 0 ${r}A${r} ${r} 0 1 1 0 ${-r}Z M0 ${-inner}A${inner} ${inner} 0 1 0 0 ${inner}A${inner} ${inner} 0 1 0 0 ${-inner}Z`;
}

/** A game's symbols: glyph character to its SVG shapes, filled with the current fill, within ±12 units of (0, 0). */
export type GlyphShapes = Readonly<Record<string, string>>;

/** The shared symbols: the two sides' marks and the die faces. A game's own come from its descriptor's `glyphs`. */
const CORE_SYMBOLS: GlyphShapes = {
  "●": '<circle r="8"/>',
  "■": '<rect x="-7.5" y="-7.5" width="15" height="15"/>',
  "⚀": dieFace(1),
  "⚁": dieFace(2),
  "⚂": dieFace(3),
  "⚃": dieFace(4),
  "⚄": dieFace(5),
  "⚅": dieFace(6),
};

const symbols = new Map<string, string>(Object.entries(CORE_SYMBOLS));

/**
 * Adds a game's symbols (its descriptor's `glyphs`; the registry, src/games/index.ts, adds every
 * game's). A glyph already drawn differently is refused, so two games never fight over one.
 */
export function registerGlyphs(glyphs: GlyphShapes): void {
  for (const [glyph, shapes] of Object.entries(glyphs)) {
    const known = symbols.get(glyph);
    if (known !== undefined && known !== shapes) throw new Error(`symbol ${glyph} is drawn twice, differently`);
    symbols.set(glyph, shapes);
  }
}

/** An arrow pointing north, turned by a facing (a piece's eight facings are drawn with it). */
const ARROW = '<path d="M0 -11L8 -2.5H3V11H-3V-2.5H-8Z"/>';

/** Whether a glyph is drawn as a symbol (letters and digits stay text). */
export function isSymbol(glyph: string): boolean {
  return symbols.has(glyph);
}

/**
 * The inline SVG of a symbol (empty for a glyph that is not one), hidden from assistive technology:
 * its meaning is in the text beside it. `box` places it inside an enclosing SVG (x, y, size).
 */
export function symbolSvg(
  glyph: string,
  box?: { x: number; y: number; size: number },
  className = "",
  fill = "",
): string {
  const shapes = symbols.get(glyph);
  if (shapes === undefined) return "";
  // In text, the size of the letters even before a stylesheet applies (else an SVG is 300 × 150).
  const place = box
    ? ` x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}"`
    : ' width="1em" height="1em"';
  const cls = `cantina-symbol${className ? ` ${className}` : ""}`;
  // An inline fill (a card drawn as a standalone SVG has no stylesheet) wins over the class's.
  const style = fill ? ` style="fill:${fill}"` : "";
  return `<svg class="${cls}"${place}${style} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">${shapes}</svg>`;
}

/**
 * An arrow turned `degrees` clockwise from north, in text, hidden from assistive technology like a
 * symbol: the diagonal arrow characters (↗ and its kin) are missing from many fonts.
 */
export function facingArrowSvg(degrees: number): string {
  const shapes = `<g transform="rotate(${degrees})">${ARROW}</g>`;
  return `<svg class="cantina-symbol" width="1em" height="1em" viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">${shapes}</svg>`;
}
