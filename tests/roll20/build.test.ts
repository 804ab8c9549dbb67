/**
 * The built Mod script: one self-contained file (no import, no require, `node --check` passes)
 * under its size budget with a version banner, and a script.json that meets Roll20's schema for
 * the one-click library (Roll20/roll20-api-scripts, script.json.schema: required fields, patterns).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SIZE_BUDGET } from "../../scripts/roll20-budget.mjs";
import { NOT_ON_ROLL20, WINDOW_ONLY } from "../../vite.roll20.config";
import { buildRoll20 } from "./built";

let dir = "";
beforeAll(async () => {
  dir = await buildRoll20();
}, 120_000);

const VERSION = /^([0-9]+(\.)?)+([0-9]+)?$/;

describe("the Roll20 build", () => {
  it("is one self-contained script with a version banner, within its size budget", () => {
    const file = join(dir, "CantinaGames.js");
    const text = readFileSync(file, "utf8");
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    expect(text.split("\n")[0]).toContain(`Cantina Games ${version} for Roll20`);
    expect(text).not.toMatch(/\brequire\s*\(|\bimport\s*\(|^\s*import\s|^\s*export\s/m);
    expect(() => execFileSync(process.execPath, ["--check", file])).not.toThrow();
    expect(statSync(file).size).toBeLessThanOrEqual(SIZE_BUDGET);
    expect(readFileSync(join(dir, version, "CantinaGames.js"), "utf8")).toBe(text);
  });

  it("leaves out the language groups only Foundry and the page show, and no code of the script names their keys", () => {
    const text = readFileSync(join(dir, "CantinaGames.js"), "utf8");
    for (const group of NOT_ON_ROLL20) expect(text).not.toContain(`CANTINA.${group}.`);
    // A key of theirs that stayed would show as its English text.
    expect(text).not.toContain("The launcher proposes each game's own ante times this percentage");
    expect(text).toContain("CANTINA.Roll20.");
    // The windows' words: nothing of the Roll20 host names them, nor reads a game's `help`.
    const roll20Code = readdirSync("src/roll20")
      .map((f) => readFileSync(join("src/roll20", f), "utf8"))
      .join("\n");
    expect(roll20Code).not.toMatch(/\.help\b/);
    for (const group of WINDOW_ONLY) expect(roll20Code).not.toContain(`CANTINA.${group}.`);
  });

  it("writes a script.json that meets Roll20's schema", () => {
    const json = JSON.parse(readFileSync(join(dir, "script.json"), "utf8")) as Record<string, unknown>;
    for (const key of ["name", "description", "script", "version", "authors", "roll20userid"])
      expect(json).toHaveProperty(key);
    expect(json.script).toMatch(/^.*\.js$/);
    expect(json.version).toMatch(VERSION);
    expect(String(json.roll20userid)).toMatch(/^([0-9]+,[ ]?)*[0-9]+$/);
    const previous = json.previousversions as unknown[];
    expect(new Set(previous).size).toBe(previous.length);
    for (const v of previous) expect(String(v)).toMatch(VERSION);
    for (const value of Object.values(json.modifies as Record<string, string>))
      expect(["read", "write", "read, write", "write, read", "read,write", "write,read"]).toContain(value);
    expect(Array.isArray(json.dependencies) && Array.isArray(json.conflicts)).toBe(true);
    expect(typeof json.description === "string" && json.description.includes("!cantina")).toBe(true);
  });
});
