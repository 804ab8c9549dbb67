/**
 * The Roll20 Mod script: src/roll20/main.ts -> dist/roll20/CantinaGames.js, one self-contained
 * file (an IIFE: no import, no require, every dependency and both language files inlined) ; then
 * `scripts/roll20-dist.mjs` puts the version banner on top, writes its script.json and checks the size budget.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  root,
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
