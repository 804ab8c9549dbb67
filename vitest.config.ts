// The unit suite (npm run test:unit): every test short; long simulations live in tests/soak.
// Two projects: the Foundry adapter's and the standalone page's tests each get a fresh module graph in a
// thread (stand-ins are globals, src/foundry keeps per-world registries; a thread costs less than a
// process); the rest, the windows' tests too (each file its own happy-dom), shares one per worker, which
// cuts the suite's CPU time by more than half.
import { defineConfig } from "vitest/config";
import { precompiledTemplates } from "./scripts/precompiled-templates.ts";

const ISOLATED = ["tests/foundry/**/*.test.ts", "tests/standalone/**/*.test.ts"];

export default defineConfig({
  plugins: [precompiledTemplates()],
  test: {
    environment: "node",
    // Unit tests take well under a few seconds even on a busy machine; this limit only catches hangs.
    testTimeout: 30_000,
    // Every core (vitest's default leaves one idle: a single worker on a 2-core machine).
    maxWorkers: "100%",
    // No crypto.subtle, as on a world served over plain http.
    setupFiles: ["tests/helpers/insecure-context.ts"],
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true, pool: "threads" } },
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/**/*.test.ts"],
          exclude: [...ISOLATED, "tests/browser/**", "tests/soak/**", "node_modules/**", "dist/**"],
          isolate: false,
        },
      },
    ],
  },
});
