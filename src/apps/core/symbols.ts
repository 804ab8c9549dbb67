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

/** Each symbol's shapes, filled with the current fill, within ±12 units of (0, 0). */
const SYMBOLS: Readonly<Record<string, string>> = {
  "●": '<circle r="8"/>',
  "■": '<rect x="-7.5" y="-7.5" width="15" height="15"/>',
  "◆": '<path d="M0 -10L10 0L0 10L-10 0Z"/>',
  // An anticlockwise arrow: three quarters of a ring and its head.
  "↺": '<path d="M0 -8A8 8 0 1 1 -8 0H-5A5 5 0 1 0 0 -5Z M1 -11.5L-5 -6.5L1 -1.5Z"/>',
  "⚀": dieFace(1),
  "⚁": dieFace(2),
  "⚂": dieFace(3),
  "⚃": dieFace(4),
  "⚄": dieFace(5),
  "⚅": dieFace(6),
};

/** Whether a glyph is drawn as a symbol (letters and digits stay text). */
export function isSymbol(glyph: string): boolean {
  return glyph in SYMBOLS;
}

/**
 * The inline SVG of a symbol (empty for a glyph that is not one), hidden from assistive technology:
 * its meaning is in the text beside it. `box` places it inside an enclosing SVG (x, y, size).
 */
export function symbolSvg(glyph: string, box?: { x: number; y: number; size: number }, className = ""): string {
  const shapes = SYMBOLS[glyph];
  if (shapes === undefined) return "";
  const place = box ? ` x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}"` : "";
  const cls = `cantina-symbol${className ? ` ${className}` : ""}`;
  return `<svg class="${cls}"${place} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">${shapes}</svg>`;
}
