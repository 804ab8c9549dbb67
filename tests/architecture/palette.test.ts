/**
 * One palette for the window, the canvas and Roll20 (issues 33, 36): every --cantina-* colour a
 * stylesheet declares is its token in src/palette (light, and dark where the theme differs), and no
 * TypeScript file outside src/palette writes a colour.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DARK_TOKENS, DRAWN_TOKENS, STYLE_TOKENS, parseColour } from "../../src/palette";

const ROOT = join(__dirname, "../..");
const STYLES = join(ROOT, "styles");

/** A colour as written in CSS: hex, rgb()/rgba(), or a named keyword is not one we use. */
const COLOUR_VALUE = /^(#[0-9a-f]{3,8}|rgba?\([^)]*\))$/i;

interface Declaration {
  readonly file: string;
  readonly selector: string;
  readonly name: string;
  readonly value: string;
}

/** Every `--cantina-x: <colour>` a stylesheet declares, with the selector it is under. */
export function colourDeclarations(file: string, css: string): Declaration[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const out: Declaration[] = [];
  for (const block of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = block[1]!.trim().replace(/\s+/g, " ");
    for (const d of block[2]!.matchAll(/--cantina-([\w-]+)\s*:\s*([^;]+);/g)) {
      const value = d[2]!.trim().toLowerCase();
      if (COLOUR_VALUE.test(value)) out.push({ file, selector, name: d[1]!, value });
    }
  }
  return out;
}

function stylesheets(): Declaration[] {
  return readdirSync(STYLES)
    .filter((f) => f.endsWith(".css"))
    .flatMap((f) => colourDeclarations(f, readFileSync(join(STYLES, f), "utf8")));
}

/** Which variant a declaration's selector is: the dark theme's, the light theme's, or the default. */
const variantOf = (selector: string): "dark" | "light" | "default" =>
  /dark/.test(selector) ? "dark" : /light/.test(selector) ? "light" : "default";

/**
 * What the stylesheets declare that the palette does not say: a default is the light value, unless the
 * same stylesheet declares the variable for a light selector too (the page: dark unless chosen light).
 */
export function disagreements(decls: readonly Declaration[]): string[] {
  const tokens: Readonly<Record<string, string>> = STYLE_TOKENS;
  const dark: Readonly<Record<string, string | undefined>> = DARK_TOKENS;
  const out: string[] = [];
  for (const d of decls) {
    const light = tokens[d.name];
    if (light === undefined) {
      out.push(`${d.file}: --cantina-${d.name} is no token in src/palette`);
      continue;
    }
    const lightToo = decls.some((o) => o.file === d.file && o.name === d.name && variantOf(o.selector) === "light");
    const variant = variantOf(d.selector);
    const want =
      variant === "dark" || (variant === "default" && lightToo) ? (dark[d.name] ?? light) : light.toLowerCase();
    if (d.value !== want.toLowerCase())
      out.push(`${d.file} ${d.selector}: --cantina-${d.name} is ${d.value}, the palette says ${want}`);
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path] : [];
  });
}

/** A colour written in TypeScript: #hex (not an HTML entity's &#123;), rgb()/rgba(), hsl()/hsla(), a PIXI 0xRRGGBB. */
const TS_COLOUR = /(?<!&)#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(|\b0x[0-9a-f]{6}\b/gi;

/** Each colour literal in `text`, with its line. */
export function colourLiterals(text: string): string[] {
  return text.split("\n").flatMap((line, i) => [...line.matchAll(TS_COLOUR)].map((m) => `${i + 1}: ${m[0]}`));
}

describe("the palette", () => {
  it("is what every stylesheet declares: each --cantina-* colour is its token, light and dark", () => {
    const decls = stylesheets();
    expect(decls.length).toBeGreaterThan(100);
    expect(disagreements(decls)).toEqual([]);
  });

  it("has each of its style tokens declared in a stylesheet (the window shows what the canvas and Roll20 draw)", () => {
    const declared = new Set(stylesheets().map((d) => d.name));
    expect(Object.keys(STYLE_TOKENS).filter((t) => !declared.has(t))).toEqual([]);
    const darkOnes = new Set(
      stylesheets()
        .filter((d) => variantOf(d.selector) !== "default")
        .map((d) => d.name),
    );
    expect(Object.keys(DARK_TOKENS).filter((t) => !darkOnes.has(t))).toEqual([]);
  });

  it("finds a stylesheet that disagrees, or names a colour the palette lacks", () => {
    const css = `.cantina-games { --cantina-ink: #000000; --cantina-nowhere: #123456; --cantina-cell: 40px; }
.cantina-games.theme-dark { --cantina-ink: ${DARK_TOKENS.ink}; --cantina-surface: #ffffff; }`;
    expect(disagreements(colourDeclarations("x.css", css))).toEqual([
      `x.css .cantina-games: --cantina-ink is #000000, the palette says ${STYLE_TOKENS.ink}`,
      "x.css: --cantina-nowhere is no token in src/palette",
      `x.css .cantina-games.theme-dark: --cantina-surface is #ffffff, the palette says ${DARK_TOKENS.surface}`,
    ]);
  });

  it("writes every token as a colour the canvas can read", () => {
    const all: Record<string, string> = { ...STYLE_TOKENS, ...DRAWN_TOKENS };
    for (const [token, value] of Object.entries(all)) expect(parseColour(value), token).not.toBeNull();
    for (const [token, value] of Object.entries(DARK_TOKENS)) expect(parseColour(value ?? ""), token).not.toBeNull();
    // A style token and a drawn token never share a name (one name, one colour).
    expect(Object.keys(DRAWN_TOKENS).filter((t) => t in STYLE_TOKENS)).toEqual([]);
  });
});

describe("colour literals in src/", () => {
  it("are only in src/palette", () => {
    const strays = sources(join(ROOT, "src"))
      .map((f) => relative(ROOT, f))
      .filter((f) => !f.startsWith("src/palette/"))
      .flatMap((f) => colourLiterals(readFileSync(join(ROOT, f), "utf8")).map((hit) => `${f}:${hit}`));
    expect(strays).toEqual([]);
  });

  it("are found in each way a colour is written, and an HTML entity is not one", () => {
    const text =
      'fill="#1d1330"\nconst a = "#fff";\nrgba(0, 0, 0, 0.3)\nhsl(10, 45%, 70%)\nbeginFill(0x3b2f22)\n"&#123;" 0x10 #cantina-back';
    expect(colourLiterals(text)).toEqual(["1: #1d1330", "2: #fff", "3: rgba(", "4: hsl(", "5: 0x3b2f22"]);
  });
});
