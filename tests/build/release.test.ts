/**
 * The Foundry bundle works on a world served over plain http (no `crypto.subtle` anywhere in it),
 * and `npm run package` never publishes the build's placeholder release URLs. Run `npm run build`
 * before these tests.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bundle = join(root, "dist/scripts/cantina-games.js");

describe("the Foundry bundle on an insecure origin", () => {
  it("holds no reference to crypto.subtle (undefined outside a secure context)", () => {
    expect(existsSync(bundle), "dist/ is missing: run npm run build first").toBe(true);
    const code = readFileSync(bundle, "utf8");
    expect(code.length).toBeGreaterThan(10_000);
    expect(code).not.toMatch(/subtle|SubtleCrypto/);
  });
});

describe("npm run package", () => {
  const scratch = mkdtempSync(join(tmpdir(), "cantina-package-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const packageWith = (manifest: Record<string, string>) => {
    const dist = join(scratch, `dist-${Object.keys(manifest).length}-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, "module.json"), JSON.stringify({ id: "cantina-games", version: "0.0.1", ...manifest }));
    const out = join(dist, "out");
    const run = spawnSync(process.execPath, [join(root, "scripts/package.mjs")], {
      env: { ...process.env, CANTINA_DIST_DIR: dist, CANTINA_PACKAGE_DIR: out },
      encoding: "utf8",
    });
    return { status: run.status, stderr: run.stderr, zipped: existsSync(join(out, "cantina-games.zip")) };
  };

  it("refuses a module.json with the build's placeholder URLs", () => {
    const run = packageWith({
      url: "https://example.invalid/cantina-games",
      manifest: "https://example.invalid/cantina-games/releases/latest/download/module.json",
      download: "https://example.invalid/cantina-games/releases/download/v0.0.1/cantina-games.zip",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/placeholder/);
    expect(run.zipped).toBe(false);
  });

  it("packages one with real URLs", () => {
    const run = packageWith({
      url: "https://github.com/someone/cantina-games",
      manifest: "https://github.com/someone/cantina-games/releases/latest/download/module.json",
      download: "https://github.com/someone/cantina-games/releases/download/v0.0.1/cantina-games.zip",
    });
    expect(run.status).toBe(0);
    expect(run.zipped).toBe(true);
  });
});
