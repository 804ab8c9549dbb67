/**
 * One timer service in src/table (issue 36): no file of src/table but timer-service.ts names the
 * platform's timers, so every concern's timers run on the host's injected clock and can be listed.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
const TABLE = join(ROOT, "src/table");
const SERVICE = "src/table/timer-service.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path] : [];
  });
}

/** The platform timers a source names outside its comments (a call, or one passed as a value). */
export function platformTimers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/[^\n]*/g, "$1");
  return [...code.matchAll(/(?<![\w.$])(setTimeout|clearTimeout|setInterval|clearInterval|setImmediate)\b/g)].map(
    (m) => m[1]!,
  );
}

describe("timers in src/table", () => {
  it("finds a platform timer in code but not in a comment or as a member of the host's options", () => {
    expect(platformTimers("const t = setTimeout(run, 5);")).toEqual(["setTimeout"]);
    expect(platformTimers("wait: (ms) => new Promise((r) => setInterval(r, ms)),")).toEqual(["setInterval"]);
    expect(platformTimers("// setTimeout in a comment\n/* clearTimeout */ this.o.setTimer(run, 1);")).toEqual([]);
    expect(platformTimers("sandbox.setTimeout(run, 1);")).toEqual([]);
  });

  it("are set only through the timer service: no other file names setTimeout, setInterval or their clears", () => {
    const offenders = sources(TABLE)
      .map((path) => relative(ROOT, path).replaceAll("\\", "/"))
      .filter((file) => file !== SERVICE)
      .flatMap((file) => platformTimers(readFileSync(join(ROOT, file), "utf8")).map((name) => `${file}: ${name}`));
    expect(offenders).toEqual([]);
  });

  it("has the service naming them (the check looks where the timers are)", () => {
    expect(platformTimers(readFileSync(join(ROOT, SERVICE), "utf8"))).toContain("setTimeout");
  });
});
