// Colours are theme variables (issue 24): a stylesheet's hex colours appear only as a variable's value.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const STYLES = join(__dirname, "../../styles");

describe("the stylesheets' colours", () => {
  it("are declared as --cantina-* variables, never written as hex in a rule", () => {
    const strays: string[] = [];
    for (const file of readdirSync(STYLES).filter((f) => f.endsWith(".css"))) {
      const text = readFileSync(join(STYLES, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const declaration of text.split(/[;{}]/)) {
        if (!/#[0-9a-f]{3,8}\b/i.test(declaration)) continue;
        if (/^\s*--cantina-[\w-]+\s*:\s*#[0-9a-f]{3,8}\s*$/i.test(declaration)) continue;
        if (/var\(--[\w-]+,\s*#[0-9a-f]{3,8}\)/i.test(declaration)) continue; // a variable with its fallback
        strays.push(`${file}: ${declaration.trim()}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
