// The soak suite (npm run test:soak): long simulations and full property counts, apart from npm test.
// Counts come from SOAK_* variables (tests/soak/counts.ts); CI runs them scaled down. The browser
// plays to the end (tests/soak/browser/) have their own config: vitest.soak-browser.config.ts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/soak/**/*.test.ts"],
    exclude: ["tests/soak/browser/**", "node_modules/**"],
    environment: "node",
    testTimeout: 30 * 60_000,
  },
});
