import { defineConfig } from "vitest/config";

// Browser tests: real Chromium (Debian's /usr/bin/chromium) driven by playwright-core against the
// standalone table, which each test file serves itself on 127.0.0.1.
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
