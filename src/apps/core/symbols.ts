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

/** A ring of outer radius `r` and inner radius `inner` (even-odd, so its middle stays empty). */
function ring(r: number, inner: number): string {
  return `M0 ${-r}A${r} ${r} 0 1 1 0 ${r}A${r} ${r} 0 1 1 0 ${-r}Z M0 ${-inner}A${inner} ${inner} 0 1 0 0 ${inner}A${inner} ${inner} 0 1 0 0 ${-inner}Z`;
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
  // Ubongo's die symbols (src/apps/ubongo/cards.ts).
  "☀": '<circle r="5"/><path d="M11 0L6.73 1.93L6.73 -1.93ZM7.78 7.78L3.39 6.12L6.12 3.39ZM0 11L-1.93 6.73L1.93 6.73ZM-7.78 7.78L-6.12 3.39L-3.39 6.12ZM-11 0L-6.73 -1.93L-6.73 1.93ZM-7.78 -7.78L-3.39 -6.12L-6.12 -3.39ZM-0 -11L1.93 -6.73L-1.93 -6.73ZM7.78 -7.78L6.12 -3.39L3.39 -6.12Z"/>',
  "✦": '<path d="M0 -11L2.5 -2.5L11 0L2.5 2.5L0 11L-2.5 2.5L-11 0L-2.5 -2.5Z"/>',
  "⚔": '<path d="M-9.5 -8L-8 -9.5L8.5 7L7 8.5Z M9.5 -8L8 -9.5L-8.5 7L-7 8.5Z M3 8.5L8.5 3L9.5 4L4 9.5Z M-3 8.5L-8.5 3L-9.5 4L-4 9.5Z"/>',
  "☾": '<path d="M3 -10A10 10 0 1 0 3 10A11 11 0 0 1 3 -10Z"/>',
  "⚙": '<path fill-rule="evenodd" d="M10.84 -1.86L10.84 1.86L7.8 1.77L6.77 4.27L8.98 6.35L6.35 8.98L4.27 6.77L1.77 7.8L1.86 10.84L-1.86 10.84L-1.77 7.8L-4.27 6.77L-6.35 8.98L-8.98 6.35L-6.77 4.27L-7.8 1.77L-10.84 1.86L-10.84 -1.86L-7.8 -1.77L-6.77 -4.27L-8.98 -6.35L-6.35 -8.98L-4.27 -6.77L-1.77 -7.8L-1.86 -10.84L1.86 -10.84L1.77 -7.8L4.27 -6.77L6.35 -8.98L8.98 -6.35L6.77 -4.27L7.8 -1.77Z M3.5 0A3.5 3.5 0 1 0 -3.5 0A3.5 3.5 0 1 0 3.5 0Z"/>',
  "✠": '<path d="M0 0L-4 -11H4Z M0 0L11 -4V4Z M0 0L4 11H-4Z M0 0L-11 4V-4Z"/>',
  // The unequal-forces games' marks (src/apps/unequal): Takat's hexes and safe stacks.
  "▲": '<path d="M0 -9.5L10.5 8.5H-10.5Z"/>',
  "○": `<path fill-rule="evenodd" d="${ring(9, 6.5)}"/>`,
  "◈": '<path fill-rule="evenodd" d="M0 -11L11 0L0 11L-11 0Z M0 -8.5L8.5 0L0 8.5L-8.5 0Z"/><path d="M0 -5L5 0L0 5L-5 0Z"/>',
  // Defiance and Domain's key points, dead zones and the Rebel Command.
  "◎": `<path fill-rule="evenodd" d="${ring(10.5, 8.5)} ${ring(5.5, 3.5)}"/>`,
  "✕": '<path d="M-9 -7L-7 -9L0 -2L7 -9L9 -7L2 0L9 7L7 9L0 2L-7 9L-9 7L-2 0Z"/>',
  "★": '<path d="M0 -11.5L2.82 -3.88L10.94 -3.55L4.57 1.48L6.76 9.3L0 4.8L-6.76 9.3L-4.57 1.48L-10.94 -3.55L-2.82 -3.88Z"/>',
  // Por'rika's pieces and the Sacred Waters.
  "◉": `<path fill-rule="evenodd" d="${ring(10.5, 8)}"/><circle r="5"/>`,
  "▣": '<path fill-rule="evenodd" d="M-10 -10H10V10H-10Z M-8 -8V8H8V-8Z"/><rect x="-5" y="-5" width="10" height="10"/>',
  "✶": '<path d="M0 -11L2.5 -4.33L9.53 -5.5L5 0L9.53 5.5L2.5 4.33L0 11L-2.5 4.33L-9.53 5.5L-5 0L-9.53 -5.5L-2.5 -4.33Z"/>',
  "≈": '<path d="M-10 -5Q-5 -10 0 -5Q5 0 10 -5V-2Q5 3 0 -2Q-5 -7 -10 -2Z M-10 3Q-5 -2 0 3Q5 8 10 3V6Q5 11 0 6Q-5 1 -10 6Z"/>',
};

/** An arrow pointing north, turned by a facing (src/apps/unequal/defiance.ts draws all eight with it). */
const ARROW = '<path d="M0 -11L8 -2.5H3V11H-3V-2.5H-8Z"/>';

/** Whether a glyph is drawn as a symbol (letters and digits stay text). */
export function isSymbol(glyph: string): boolean {
  return glyph in SYMBOLS;
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
  const shapes = SYMBOLS[glyph];
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
