/**
 * Foundry module bundle: src/foundry/main.ts -> dist/scripts/cantina-games.js (ES module, no hash).
 * Everything else in dist/ (module.json, styles, lang, templates, packs) is written afterwards by
 * scripts/build-dist.mjs; see `npm run build`.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    reportCompressedSize: false,
    lib: {
      entry: "src/foundry/main.ts",
      formats: ["es"],
      fileName: () => "scripts/cantina-games.js",
    },
    rollupOptions: {
      output: {
        // Code split into extra chunks (dynamic imports) stays next to the entry, unhashed.
        chunkFileNames: "scripts/[name].js",
        assetFileNames: "assets/[name][extname]",
      },
    },
  },
});
