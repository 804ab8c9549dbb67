import { defineConfig } from "vitest/config";

// Browser tests: real Chromium (Debian's /usr/bin/chromium) driven by playwright-core against the
// standalone table, built once and served statically by the global setup, which also launches one
// Chromium per worker (tests/browser/global-setup.ts). Two files run side by side: most of a
// browser test's time is spent waiting on the page, so two workers fill the two cores.
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/browser/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
