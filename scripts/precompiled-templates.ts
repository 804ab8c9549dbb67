/**
 * A Vite plugin: a `.hbs` file imported with `?precompiled` arrives as its Handlebars template spec,
 * compiled at build time, so that a page (and each test file) never runs the template compiler.
 */
import { readFile } from "node:fs/promises";
import Handlebars from "handlebars";
import type { Plugin } from "vite";

export const PRECOMPILED = "precompiled";

export function precompiledTemplates(): Plugin {
  return {
    name: "cantina-precompiled-templates",
    enforce: "pre",
    async load(id) {
      const [file, query = ""] = id.split("?");
      // The dev server may add its own marks to the query (`&import`).
      if (!new URLSearchParams(query).has(PRECOMPILED) || !file?.endsWith(".hbs")) return null;
      this.addWatchFile(file);
      const spec = Handlebars.precompile(await readFile(file, "utf8"));
      return `export default ${String(spec)};`;
    },
  };
}
