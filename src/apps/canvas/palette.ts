/**
 * The canvas board's cell colours: the very colours the window's board and its legend show (read
 * from the page's stylesheets through a hidden probe cell), so that the two views agree; where no
 * stylesheet is there to read (a test, a stylesheet not loaded), a stable colour per kind.
 */

/** Hues of kinds named after a colour ("red", "domain-blue"…), so the canvas agrees with the window. */
const NAMED_HUES: Readonly<Record<string, number>> = {
  red: 0,
  orange: 28,
  yellow: 50,
  blue: 215,
  purple: 275,
  pink: 330,
};

/**
 * A cell's fill where no stylesheet can be read: a stable colour per kind, darker on dark shades.
 * Never green: green marks the lit destinations.
 */
export function cellFill(kind: string, classes: readonly string[]): number {
  let h = 0;
  for (let i = 0; i < kind.length; i++) h = (h * 31 + kind.charCodeAt(i)) >>> 0;
  const plain = kind === "plain" || kind === "point";
  const named = Object.keys(NAMED_HUES).find((name) => kind.split("-").includes(name));
  const free = h % 250; // 0-249 mapped around the greens (80-170)
  const hue = plain ? 35 : named !== undefined ? (NAMED_HUES[named] ?? 0) : free < 80 ? free : free + 90;
  const sat = plain ? 0.25 : 0.45;
  let light = plain ? 0.8 : 0.68;
  if (classes.includes("shade-dark")) light -= 0.18;
  return hsl(hue, sat, light);
}

function hsl(h: number, s: number, l: number): number {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return (Math.round(f(0) * 255) << 16) | (Math.round(f(8) * 255) << 8) | Math.round(f(4) * 255);
}

/** A computed CSS colour (rgb(), rgba() or #hex) as 0xRRGGBB, or null when not opaque ("none", transparent). */
export function cssColour(value: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join("") : hex[1]!;
    return parseInt(digits, 16);
  }
  const m = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)(?:[,\s/]+([\d.]+%?))?\s*\)$/.exec(value.trim());
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith("%") ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  if (alpha < 0.5) return null;
  return (Number(m[1]) << 16) | (Number(m[2]) << 8) | Number(m[3]);
}

/** The probe's markup: one cell as the window's board template draws it (templates/board/board.hbs). */
const PROBE_HTML =
  '<div class="cantina-board"><div class="cantina-board-surface"><button class="cantina-cell" type="button" tabindex="-1">' +
  '<svg class="cantina-cell-svg" viewBox="0 0 10 10"><polygon class="cantina-cell-shape" points="0,0 10,0 10,10"></polygon></svg>' +
  "</button></div></div>";

/**
 * Reads cell colours from the page's stylesheets: the fill of a probe cell's shape with the kind's
 * classes, else its background (the two ways the games' stylesheets colour a cell).
 */
export class CellPalette {
  private readonly cache = new Map<string, number>();
  private probe: HTMLElement | null = null;

  constructor(private readonly doc: Document | undefined = globalThis.document) {}

  fill(kind: string, classes: readonly string[]): number {
    const key = `${kind}|${classes.join(" ")}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const read = this.read(kind, classes) ?? cellFill(kind, classes);
    this.cache.set(key, read);
    return read;
  }

  private read(kind: string, classes: readonly string[]): number | null {
    const root = this.probeRoot();
    const view = this.doc?.defaultView;
    if (!root || !view) return null;
    // A fresh cell per kind: no style computed for an earlier kind is kept.
    root.innerHTML = PROBE_HTML;
    const cell = root.querySelector<HTMLElement>(".cantina-cell");
    const shape = root.querySelector(".cantina-cell-shape");
    if (!cell || !shape) return null;
    cell.className = ["cantina-cell", `kind-${kind}`, ...classes].join(" ");
    return cssColour(view.getComputedStyle(shape).fill) ?? cssColour(view.getComputedStyle(cell).backgroundColor);
  }

  private probeRoot(): HTMLElement | null {
    if (this.probe) return this.probe;
    const doc = this.doc;
    if (!doc?.body) return null;
    const root = doc.createElement("div");
    root.className = "cantina-games";
    root.setAttribute("aria-hidden", "true");
    root.style.cssText = "position:absolute;left:-10000px;top:0;width:40px;height:40px;visibility:hidden";
    doc.body.append(root);
    this.probe = root;
    return root;
  }

  /** Takes the probe out of the page (the board is destroyed). */
  destroy(): void {
    this.probe?.remove();
    this.probe = null;
  }
}
