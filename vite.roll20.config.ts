/**
 * The Roll20 Mod script: src/roll20/main.ts -> dist/roll20/CantinaGames.js, one self-contained
 * file (an IIFE: no import, no require, every dependency and both language files inlined) ; then
 * `scripts/roll20-dist.mjs` puts the version banner on top, writes its script.json and checks the size budget.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Plugin, defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/**
 * Language groups only Foundry's and the page's windows show (module settings, the scene canvas, the
 * board view): left out of the Roll20 script, which inlines both languages within its size budget.
 * tests/roll20/build.test.ts checks that the built script names none of their keys.
 */
export const NOT_ON_ROLL20 = ["Foundry", "Settings", "BoardView", "Scene", "Tournament.Foundry"] as const;
/**
 * The windows' words: the rules help (`GameApp.help`, a window part) and the tournament's window,
 * named by window code the script may bundle, never shown on Roll20 (no window; the same test checks
 * src/roll20 never names them).
 */
export const WINDOW_ONLY = ["Help", "Tournament.UI"] as const;

function roll20Languages(): Plugin {
  return {
    name: "cantina-roll20-languages",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]lang[\\/][a-z]+\.json$/.test(id)) return null;
      const data = JSON.parse(code) as { CANTINA: Record<string, unknown> };
      for (const group of [...NOT_ON_ROLL20, ...WINDOW_ONLY]) {
        // A group may sit inside another ("Tournament.UI"): its parent is found first.
        const path = group.split(".");
        const last = path.pop() ?? "";
        let parent: Record<string, unknown> | undefined = data.CANTINA;
        for (const part of path) {
          const next: unknown = parent?.[part];
          parent = typeof next === "object" && next !== null ? (next as Record<string, unknown>) : undefined;
        }
        if (parent) delete parent[last];
      }
      return { code: JSON.stringify(data), map: null };
    },
  };
}

export default defineConfig({
  root,
  plugins: [roll20Languages()],
  publicDir: false,
  define: { __CANTINA_VERSION__: JSON.stringify(version) },
  build: {
    outDir: "dist/roll20",
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    target: "es2020",
    reportCompressedSize: false,
    // Not library mode: it would name a global for the bundle. The IIFE has no exports, so it leaves
    // nothing in Roll20's shared scope but the one name main.ts takes itself.
    rollupOptions: {
      input: "src/roll20/main.ts",
      output: { format: "iife", entryFileNames: "CantinaGames.js", inlineDynamicImports: true },
    },
  },
});
