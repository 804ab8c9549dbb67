import { defineConfig } from "vite";
import { precompiledTemplates } from "./scripts/precompiled-templates.ts";

// The standalone table: `npm start` serves src/standalone/index.html on localhost.
export default defineConfig({
  root: "src/standalone",
  plugins: [precompiledTemplates()],
  server: { host: "127.0.0.1", port: 5173, strictPort: false, fs: { allow: [".."] } },
  preview: { host: "127.0.0.1" },
  build: { outDir: "../../dist-standalone", emptyOutDir: true },
});
