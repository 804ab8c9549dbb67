import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/browser/**", "node_modules/**", "dist/**"],
    environment: "node",
    // No crypto.subtle, as on a world served over plain http.
    setupFiles: ["tests/helpers/insecure-context.ts"],
  },
});
