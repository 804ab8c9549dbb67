#!/usr/bin/env node
// Writes src/rules/ubongo/cards.json: the 50 Ubongo task cards generated from the fixed seed by
// src/rules/ubongo/generate.ts (tests/rules/ubongo/cards.test.ts regenerates them and compares).
// Usage: npm run cards:ubongo   (add --stats to print the difficulty spread)
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { runnerImport } from "vite";

const root = new URL("..", import.meta.url).pathname;
const { module } = await runnerImport(join(root, "src/rules/ubongo/generate.ts"), {
  configFile: false,
  logLevel: "error",
});
const started = performance.now();
const set = module.generateCards();
const ms = Math.round(performance.now() - started);
writeFileSync(join(root, "src/rules/ubongo/cards.json"), `${JSON.stringify(set, null, 1)}\n`);
console.log(`ubongo-cards: ${set.cards.length} cards from seed ${set.seed} in ${ms} ms`);
if (process.argv.includes("--stats")) {
  for (const level of ["blue", "red"]) {
    const sides = set.cards.map((c) => c[level]);
    const sols = sides.flatMap((s) => s.difficulty.flatMap((d) => [d.light.solutions, d.dark.solutions]));
    const nodes = sides.flatMap((s) => s.difficulty.flatMap((d) => [d.light.nodes, d.dark.nodes]));
    const areas = sides.map((s) => s.board.join("").split("#").length - 1);
    const hist = (xs) =>
      Object.entries(xs.reduce((h, x) => ((h[x] = (h[x] ?? 0) + 1), h), {}))
        .map(([k, v]) => `${k}:${v}`)
        .join(" ");
    console.log(
      `${level}: solutions ${hist(sols)}\n  nodes min ${Math.min(...nodes)} max ${Math.max(...nodes)}\n  areas ${hist(areas)}`,
    );
    console.log(`  jedi solutions ${hist(sides.map((s) => s.jedi.solutions))}`);
  }
}
