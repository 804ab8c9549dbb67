/**
 * The PIXI drawing kit the canvas board shares: text in the board's font and symbol glyphs
 * (src/apps/core/symbols.ts) as textures, drawn once per glyph and colour.
 */
import type * as Pixi from "pixi.js";
import { symbolSvg } from "../core/symbols";
import type { PixiNamespace } from "./contract";

const FONT = "Signika, Arial, sans-serif";

export interface PixiKit {
  readonly PIXI: PixiNamespace;
  readonly symbolTexture: (glyph: string, ink: number) => Pixi.Texture | null;
  readonly text: (value: string, size: number, fill: number, bold?: boolean) => Pixi.Text;
  /** Frees every texture drawn so far. */
  destroyTextures(): void;
}

export function createPixiKit(PIXI: PixiNamespace): PixiKit {
  const textures = new Map<string, Pixi.Texture>();

  /** A symbol glyph (src/apps/core/symbols.ts) as a texture, drawn once per glyph and colour. */
  function symbolTexture(glyph: string, ink: number): Pixi.Texture | null {
    const fill = `#${ink.toString(16).padStart(6, "0")}`;
    const key = `${glyph}|${fill}`;
    const cached = textures.get(key);
    if (cached) return cached;
    const svg = symbolSvg(glyph, { x: 0, y: 0, size: 96 }, "", fill);
    if (svg === "") return null;
    const xml = svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ');
    const texture = PIXI.Texture.from(`data:image/svg+xml;charset=utf8,${encodeURIComponent(xml)}`);
    textures.set(key, texture);
    return texture;
  }

  function text(value: string, size: number, fill: number, bold = false): Pixi.Text {
    const t = new PIXI.Text(value, { fontFamily: FONT, fontSize: size, fill, fontWeight: bold ? "bold" : "normal" });
    t.anchor.set(0.5);
    t.resolution = 2;
    return t;
  }

  function destroyTextures(): void {
    for (const texture of textures.values()) texture.destroy(true);
    textures.clear();
  }

  return { PIXI, symbolTexture, text, destroyTextures };
}
