// The soak suite's browser plays to the end (npm run test:soak:browser): real Chromium on the browser
// tests' harness and global setup (tests/browser/global-setup.ts), one file at a time.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/soak/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/browser/global-setup.ts"],
    testTimeout: 10 * 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
