import { defineConfig } from "vite";
import { precompiledTemplates } from "./scripts/precompiled-templates.ts";

// The browser tests' board demo (tests/browser/board-demo.html), built beside the standalone page
// into test-results/page/ (scripts/build-test-page.mjs).
export default defineConfig({
  root: ".",
  plugins: [precompiledTemplates()],
  publicDir: false,
  build: {
    outDir: "test-results/page",
    emptyOutDir: false,
    reportCompressedSize: false,
    rollupOptions: { input: "tests/browser/board-demo.html" },
  },
  logLevel: "error",
});
