/**
 * The docs stay a map (issue 36): the README at most 150 lines, docs/architecture.md at most 300, and
 * every relative link in the README, the changelog and docs/*.md leads to a file that exists.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const lines = (path: string): number => readFileSync(path, "utf8").trimEnd().split("\n").length;

/** The targets of a Markdown text's links and images (`[text](target)`), without titles. */
export function linkTargets(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? "");
}

/** A link to another site, a mail address or an anchor of the same page: nothing on disk to find. */
const external = (target: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target);

const MARKDOWN = [
  "README.md",
  "CHANGELOG.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
];

describe("the docs are a map (issue 36)", () => {
  it("the README has at most 150 lines", () => {
    expect(lines("README.md")).toBeLessThanOrEqual(150);
  });

  it("docs/architecture.md has at most 300 lines", () => {
    expect(lines("docs/architecture.md")).toBeLessThanOrEqual(300);
  });

  it("reads the targets of links and images, not code", () => {
    expect(linkTargets('See [a](docs/a.md#x), ![b](img/b.png "B"), [c](https://c.org), `[d](no.md)`.')).toEqual([
      "docs/a.md#x",
      "img/b.png",
      "https://c.org",
    ]);
  });

  for (const file of MARKDOWN)
    it(`every relative link in ${file} leads to a file that exists`, () => {
      const missing = linkTargets(readFileSync(file, "utf8"))
        .filter((target) => !external(target))
        .map((target) => decodeURIComponent(target.replace(/[#?].*$/, "")))
        .filter((path) => !existsSync(join(dirname(file), path)));
      expect(missing).toEqual([]);
    });
});
