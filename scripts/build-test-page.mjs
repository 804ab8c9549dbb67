// The page the browser tests serve: the standalone table and the board demo, built into
// test-results/page/. `npm test` runs it beside the typecheck and lint (scripts/test.sh); a browser
// run started by hand builds it in its global setup (tests/browser/global-setup.ts).
import { resolve } from "node:path";
import { build } from "vite";

const PAGE_DIR = resolve("test-results/page");

await build({
  configFile: "vite.standalone.config.ts",
  build: { outDir: PAGE_DIR, emptyOutDir: true, reportCompressedSize: false },
  // The bundle's size notes are no news to a test run; errors still show.
  logLevel: "error",
});
await build({ configFile: "vite.board-demo.config.ts" });
