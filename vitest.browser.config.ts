import { defineConfig } from "vitest/config";

// Browser tests: real Chromium (Debian's headless shell, tests/browser/global-setup.ts) driven by
// playwright-core against the standalone table, built once and served statically by the global
// setup, which also launches one Chromium per worker. Two files run side by side (BROWSER_WORKERS
// to change it): three and four were slower on two cores (347 s against 323 s for three: the pages'
// own rendering and axe checks are CPU-bound).
const workers = Number(process.env.BROWSER_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/browser/global-setup.ts"],
    // Only catches hangs: files side by side on two busy cores may take a few times longer than alone.
    testTimeout: 240_000,
    hookTimeout: 60_000,
    // A page answers within a second when the machine is quiet; side by side on a busy machine it may
    // take longer: a poll gives up only after this (a passing poll returns as soon as it holds). A
    // poll every 150 ms, not vitest's 50: each costs the test, Playwright and the page CPU, and the
    // suite is CPU-bound (283 s → 259 s here).
    expect: { poll: { timeout: 15_000, interval: 150 } },
    // A test that fails is run once more (and reported as retried): a click racing a page's redraw
    // on a busy machine is the tests' own race, not the table's; a real failure fails twice.
    retry: 1,
    fileParallelism: true,
    // A worker runs its files one after the other in one module graph: each file in a fresh process
    // imported Playwright and vitest again (35 s of the suite's time; 482 → 431 CPU-s here). The files
    // keep no state in modules: each opens its own browser contexts and closes them after its tests.
    isolate: false,
    maxWorkers: workers,
  },
});
