/**
 * The Foundry bundle works on a world served over plain http (no `crypto.subtle` anywhere in it);
 * `npm run package` never publishes the build's placeholder release URLs, and the zip it makes of
 * dist/ installs as a module (every path its module.json names is in it) from the release URLs of
 * a given repository; the release workflow packages and attaches both files on a version tag.
 * Run `npm run build` before these tests.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

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

/** The environment without the release URLs a shell (the release workflow's) may have set. */
function withoutRelease(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["CANTINA_REPO_URL", "CANTINA_MANIFEST_URL", "CANTINA_DOWNLOAD_URL"]) delete env[key];
  return env;
}

describe("npm run package", () => {
  const scratch = mkdtempSync(join(tmpdir(), "cantina-package-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const packageWith = (manifest: Record<string, string>) => {
    const dist = join(scratch, `dist-${Object.keys(manifest).length}-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, "module.json"), JSON.stringify({ id: "cantina-games", version: "0.0.1", ...manifest }));
    const out = join(dist, "out");
    const run = spawnSync(process.execPath, [join(root, "scripts/package.mjs")], {
      env: { ...withoutRelease(), CANTINA_DIST_DIR: dist, CANTINA_PACKAGE_DIR: out },
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

interface ModuleManifest {
  id: string;
  version: string;
  url: string;
  manifest: string;
  download: string;
  esmodules?: string[];
  scripts?: string[];
  styles?: string[];
  languages?: { path: string }[];
  packs?: { path: string }[];
}

/** Every path a Foundry module.json names inside the module's folder (files, and the packs' folders). */
function declaredPaths(manifest: ModuleManifest): { files: string[]; folders: string[] } {
  return {
    files: [
      ...(manifest.esmodules ?? []),
      ...(manifest.scripts ?? []),
      ...(manifest.styles ?? []),
      ...(manifest.languages ?? []).map((l) => l.path),
    ],
    folders: (manifest.packs ?? []).map((p) => p.path),
  };
}

describe("npm run package for a repository", () => {
  // The repository as CI names it; a trailing slash is dropped.
  const repo = "https://github.com/someone/cantina-games";
  const out = mkdtempSync(join(tmpdir(), "cantina-release-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const packaged = () => {
    expect(existsSync(join(root, "dist/module.json")), "dist/ is missing: run npm run build first").toBe(true);
    const run = spawnSync(process.execPath, [join(root, "scripts/package.mjs")], {
      env: { ...withoutRelease(), CANTINA_REPO_URL: `${repo}/`, CANTINA_PACKAGE_DIR: out },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const zip = unzipSync(new Uint8Array(readFileSync(join(out, "cantina-games.zip"))));
    const manifest = JSON.parse(readFileSync(join(out, "module.json"), "utf8")) as ModuleManifest;
    return { zip, manifest };
  };
  let zip: Record<string, Uint8Array> = {};
  let manifest: ModuleManifest;
  beforeAll(() => ({ zip, manifest } = packaged()));
  const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

  it("publishes the GitHub Releases URLs of that repository: the latest manifest, this version's zip", () => {
    expect(manifest.version).toBe(version);
    expect(manifest.url).toBe(repo);
    expect(manifest.manifest).toBe(`${repo}/releases/latest/download/module.json`);
    expect(manifest.download).toBe(`${repo}/releases/download/v${version}/cantina-games.zip`);
  });

  it("zips the same module.json at the root of the zip", () => {
    const inner = zip["module.json"];
    expect(inner, "module.json at the zip's root").toBeDefined();
    expect(JSON.parse(new TextDecoder().decode(inner))).toEqual(manifest);
  });

  it("unpacks to a module where every path its module.json names exists", () => {
    const names = Object.keys(zip);
    const { files, folders } = declaredPaths(manifest);
    expect(files.length).toBeGreaterThan(3);
    expect(folders.length).toBeGreaterThan(0);
    for (const file of files) expect(zip[file]?.length ?? 0, file).toBeGreaterThan(0);
    // A compendium pack is a LevelDB folder: Foundry opens it by its CURRENT file and manifest.
    for (const folder of folders) {
      expect(zip[`${folder}/CURRENT`], `${folder}/CURRENT`).toBeDefined();
      expect(
        names.some((n) => n.startsWith(`${folder}/MANIFEST-`)),
        `${folder}/MANIFEST-*`,
      ).toBe(true);
    }
    // LevelDB's lock and log are the build machine's: Foundry makes its own.
    expect(names.filter((n) => /\/(LOCK|LOG)$/.test(n))).toEqual([]);
  });
});

interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  on: { push?: { tags?: string[]; branches?: string[] } } & Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: WorkflowStep[] }>;
}

/** Whether a GitHub Actions glob (`*` matches anything but "/") matches `ref`. */
function globMatches(glob: string, ref: string): boolean {
  const pattern = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
  return new RegExp(`^${pattern}$`).test(ref);
}

describe("the release workflow (.github/workflows/release.yml)", () => {
  const workflow = load(readFileSync(join(root, ".github/workflows/release.yml"), "utf8")) as Workflow;
  const jobs = Object.values(workflow.jobs);
  const steps = jobs.flatMap((job) => job.steps);
  const index = (found: (step: WorkflowStep) => boolean) => steps.findIndex(found);

  it("runs on a version tag and on nothing else", () => {
    expect(Object.keys(workflow.on)).toEqual(["push"]);
    expect(workflow.on.push?.branches).toBeUndefined();
    const tags = workflow.on.push?.tags ?? [];
    expect(tags.some((t) => globMatches(t, "v1.2.3"))).toBe(true);
    expect(tags.some((t) => globMatches(t, "main") || globMatches(t, "nightly"))).toBe(false);
  });

  it("checks out, sets up Node 20, then builds and tests before it packages", () => {
    expect(jobs).toHaveLength(1);
    const checkout = index((s) => s.uses?.startsWith("actions/checkout@") === true);
    const node = index((s) => s.uses?.startsWith("actions/setup-node@") === true);
    const test = index((s) => /\bbash \.ci\/run\b/.test(s.run ?? ""));
    const pack = index((s) => /\bnpm run package\b/.test(s.run ?? ""));
    expect(checkout).toBe(0);
    expect(String(steps[node]?.with?.["node-version"])).toBe("20");
    expect(node).toBeGreaterThan(checkout);
    expect(test).toBeGreaterThan(node);
    expect(pack).toBeGreaterThan(test);
  });

  it("packages with this repository's URL and refuses a tag that is not package.json's version", () => {
    const pack = steps.find((s) => /\bnpm run package\b/.test(s.run ?? ""));
    expect(pack?.env?.CANTINA_REPO_URL).toMatch(
      /\$\{\{\s*github\.server_url\s*\}\}\/\$\{\{\s*github\.repository\s*\}\}/,
    );
    const tagCheck = steps.find((s) => (s.run ?? "").includes("package.json") && /exit 1/.test(s.run ?? ""));
    expect(tagCheck?.env?.TAG ?? tagCheck?.run).toMatch(/github\.ref_name/);
  });

  it("attaches module.json and cantina-games.zip to the tag's release after packaging them", () => {
    const pack = index((s) => /\bnpm run package\b/.test(s.run ?? ""));
    const attach = index((s) => s.uses?.startsWith("softprops/action-gh-release@") === true);
    expect(attach).toBeGreaterThan(pack);
    const files = String(steps[attach]?.with?.files ?? "")
      .split("\n")
      .map((f) => f.trim())
      .filter(Boolean);
    expect(files.sort()).toEqual(["dist-package/cantina-games.zip", "dist-package/module.json"]);
    expect(workflow.permissions?.contents).toBe("write");
  });
});
