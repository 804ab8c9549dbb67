// Every class a stylesheet styles is drawn by a template or the code (issue 33: leftovers such as a die
// face's old class stayed in styles/ after the markup moved on). A class built from a prefix and a value
// (`kind-{{kind}}`, `owner-${owner}`) counts as used when its prefix is written so.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
/** Classes that Foundry's own markup carries: the module's sheet styles them, the module never writes them. */
const FOUNDRY_CLASSES = new Set(["window-content", "theme-dark", "theme-light"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The classes named in the selectors of one stylesheet (comments and declarations left out). */
function styledClasses(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const found: string[] = [];
  for (const [, selector] of text.matchAll(/([^{}]+)\{/g)) {
    if ((selector ?? "").trim().startsWith("@")) continue;
    for (const [, name] of (selector ?? "").matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) found.push(name ?? "");
  }
  return found;
}

describe("the stylesheets' classes", () => {
  const markup = [...filesUnder(join(ROOT, "src")), ...filesUnder(join(ROOT, "templates"))]
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  /** Written whole, or built from one of its prefixes (never the bare `cantina-`) and a value. */
  const used = (name: string): boolean => {
    if (new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`).test(markup)) return true;
    for (let i = name.indexOf("-"); i > 0; i = name.indexOf("-", i + 1)) {
      const prefix = name.slice(0, i + 1);
      if (prefix === "cantina-") continue;
      if (new RegExp(`(?<![\\w-])${escape(prefix)}(\\{\\{|\\$\\{)`).test(markup)) return true;
    }
    return false;
  };

  it("are each drawn by a template or the code (no leftover rules)", () => {
    const unused: string[] = [];
    for (const file of readdirSync(join(ROOT, "styles")).filter((f) => f.endsWith(".css")))
      for (const name of new Set(styledClasses(readFileSync(join(ROOT, "styles", file), "utf8"))))
        if (!FOUNDRY_CLASSES.has(name) && !used(name)) unused.push(`${file}: .${name}`);
    expect(unused).toEqual([]);
  });
});
