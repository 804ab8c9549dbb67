// The unit suite (npm run test:unit): every test short; long simulations live in tests/soak.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/browser/**", "tests/soak/**", "node_modules/**", "dist/**"],
    environment: "node",
    // Unit tests take well under a few seconds even on a busy machine; this limit only catches hangs.
    testTimeout: 30_000,
  },
});
