/**
 * The built Mod script for the sandbox tests: `npm run build:roll20`'s two steps (vite, then
 * scripts/roll20-dist.mjs), into a folder of this test process's own, once per process.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";

let built: Promise<string> | null = null;

/** The folder holding CantinaGames.js and script.json. */
export function buildRoll20(): Promise<string> {
  built ??= (async () => {
    const out = mkdtempSync(join(tmpdir(), "cantina-roll20-"));
    await build({ configFile: "vite.roll20.config.ts", logLevel: "silent", build: { outDir: out } });
    execFileSync(process.execPath, ["scripts/roll20-dist.mjs"], {
      env: { ...process.env, ROLL20_DIST: out },
      stdio: "pipe",
    });
    return out;
  })();
  return built;
}

export async function builtScript(): Promise<string> {
  return readFileSync(join(await buildRoll20(), "CantinaGames.js"), "utf8");
}
