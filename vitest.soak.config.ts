// The soak suite (npm run test:soak): long simulations and full property counts, apart from npm test.
// Counts come from SOAK_* variables (tests/soak/counts.ts); CI runs them scaled down. Browser plays to
// the end (tests/soak/browser/) run in real Chromium on the browser tests' harness and global setup.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "soak",
          include: ["tests/soak/**/*.test.ts"],
          exclude: ["tests/soak/browser/**", "node_modules/**"],
          environment: "node",
          testTimeout: 30 * 60_000,
        },
      },
      {
        test: {
          name: "soak-browser",
          include: ["tests/soak/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          testTimeout: 10 * 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
