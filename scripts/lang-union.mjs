#!/usr/bin/env node
// Prints the union of lang/en.json across git refs as one nested JSON (a value comes from the last
// ref that has its key), so a translation can start before parallel branches are merged.
// Usage: node scripts/lang-union.mjs [ref ...]   (no ref, or the ref "WORKTREE": the working tree's file)
//        node scripts/lang-union.mjs --file lang/en.json main core ...   (another file than lang/en.json)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const WORKTREE = "WORKTREE";

const args = process.argv.slice(2);
let file = "lang/en.json";
const refs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--file") file = args[++i] ?? file;
  else if (args[i] === "--help" || args[i] === "-h") {
    console.log("usage: node scripts/lang-union.mjs [--file lang/en.json] [ref ...]   (WORKTREE = working tree)");
    process.exit(0);
  } else refs.push(args[i]);
}
if (refs.length === 0) refs.push(WORKTREE);

/** The parsed file at `ref`, or undefined (with a warning) when that ref has no such file. */
function read(ref) {
  try {
    const text =
      ref === WORKTREE
        ? readFileSync(join(root, file), "utf8")
        : execFileSync("git", ["show", `${ref}:${file}`], {
            cwd: root,
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
          });
    return JSON.parse(text);
  } catch (error) {
    console.error(`lang-union: skipping ${ref}: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    return undefined;
  }
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Merges `from` into `into` in place: strings overwrite, objects merge; a string/object clash is reported. */
function merge(into, from, ref, path = "") {
  for (const [key, value] of Object.entries(from)) {
    const at = path ? `${path}.${key}` : key;
    if (isObject(value)) {
      if (key in into && !isObject(into[key])) {
        console.error(`lang-union: ${ref}: ${at} is a group here but a string in an earlier ref; the group wins`);
        into[key] = {};
      }
      into[key] ??= {};
      merge(into[key], value, ref, at);
    } else {
      if (isObject(into[key]))
        console.error(`lang-union: ${ref}: ${at} is a string here but a group earlier; the string wins`);
      into[key] = value;
    }
  }
}

const union = {};
for (const ref of refs) {
  const dict = read(ref);
  if (dict !== undefined) merge(union, dict, ref);
}
process.stdout.write(`${JSON.stringify(union, null, 2)}\n`);
