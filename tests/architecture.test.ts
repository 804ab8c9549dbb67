/**
 * Nothing generic names a game: the string literals (import paths included) of every generic
 * source file hold no game id from the registry and reach into no game's folder. A game lives in
 * its folders (src/rules/<family>, src/apps/<family>, templates/<family>, styles/<family>.css), its
 * descriptor (src/games/<family>.ts) and its one line in the registry.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { families, games } from "../src/games";

/** The generic parts of src/: folders (all their files) and single files. */
const GENERIC = [
  "src/rules/core",
  "src/table",
  "src/apps/core",
  "src/apps/table",
  "src/apps/board",
  "src/apps/canvas",
  "src/standalone",
  "src/foundry",
  "src/roll20",
  "src/games/index.ts",
  "src/games/family.ts",
  // The palette's generic part; src/palette/games.ts holds each game's own colours by name.
  "src/palette/index.ts",
  "src/palette/board.ts",
  "src/palette/window.ts",
];

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** Every string literal and template text of a TypeScript file, with its line. */
function literals(file: string): { text: string; line: number }[] {
  const source = readFileSync(file, "utf8");
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const out: { text: string; line: number }[] = [];
  const lineOf = (pos: number): number => source.slice(0, pos).split("\n").length;
  const literalKinds = new Set([
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateHead,
    ts.SyntaxKind.TemplateMiddle,
    ts.SyntaxKind.TemplateTail,
  ]);
  // Open braces and template substitutions: a `}` that closes a substitution continues its template.
  const open: ("brace" | "template")[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken) open.push("brace");
    else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (open.pop() === "template") kind = scanner.reScanTemplateToken(false);
    }
    if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle) open.push("template");
    if (literalKinds.has(kind)) out.push({ text: scanner.getTokenValue(), line: lineOf(scanner.getTokenStart()) });
  }
  return out;
}

const gameIds = Object.keys(games);
const familyNames = families.map((f) => f.id);

/** What in this literal names a game: a game id, or a family's name as a path or key segment. */
function namedGame(text: string): string | null {
  const id = gameIds.find((g) => text.includes(g));
  if (id) return id;
  const segments = text.toLowerCase().split(/[/.\s:]+/);
  return familyNames.find((f) => segments.includes(f)) ?? null;
}

/** The registry itself may import each family's descriptor (`./<family>`): that is its one line per family. */
function allowed(file: string, text: string): boolean {
  return file === "src/games/index.ts" && familyNames.some((f) => text === `./${f}`);
}

describe("the architecture", () => {
  it("the registry lists families whose games each have one descriptor: its rules, window and bots", () => {
    expect(gameIds.length).toBeGreaterThan(0);
    for (const family of families) {
      for (const game of family.games) {
        expect(game.rules.id, family.id).toBe(game.id);
        expect(game.app.gameId, `${game.id} window`).toBe(game.id);
        expect(Object.keys(game.bots).length, `${game.id} bots`).toBeGreaterThan(0);
      }
    }
    // No game id is registered twice.
    expect(new Set(families.flatMap((f) => f.games.map((g) => g.id))).size).toBe(gameIds.length);
  });

  it("no generic file names a game id or reaches into a game's folder", () => {
    const found: string[] = [];
    for (const file of GENERIC.flatMap(filesUnder).filter((f) => f.endsWith(".ts"))) {
      for (const { text, line } of literals(file)) {
        const game = namedGame(text);
        if (game && !allowed(file, text)) found.push(`${file}:${line} "${text}" names ${game}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("no generic template names a game id or a family", () => {
    const found: string[] = [];
    for (const file of ["templates/table", "templates/board", "templates/standalone", "templates/foundry"].flatMap(
      filesUnder,
    )) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const words = line.toLowerCase().split(/[^a-z0-9-]+/);
          const game = gameIds.find((g) => line.includes(g)) ?? familyNames.find((f) => words.includes(f));
          if (game) found.push(`${file}:${i + 1} names ${game}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("the check finds a game named in a literal, in a template, and in an import", () => {
    const id = gameIds[0]!;
    const family = familyNames[0]!;
    expect(namedGame(`CANTINA.Games.${id}`)).toBe(id);
    expect(namedGame(`../rules/${family}`)).toBe(family);
    expect(namedGame(`CANTINA.${family[0]!.toUpperCase()}${family.slice(1)}.Payment`)).toBe(family);
    expect(namedGame("../rules/core")).toBeNull();
  });
});
