/**
 * The Foundry sheet's scoping (scripts/css-scope.mjs, run by build-dist.mjs): every selector goes
 * under the module's classes, the selectors inside a @media or @container block too; other at-rules are refused.
 */
import { describe, expect, it } from "vitest";
import { SCOPED, scopeCss } from "../../scripts/css-scope.mjs";

/** Every selector of scoped CSS (comments and @media headers left out). */
function selectors(css: string): string[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return [...plain.matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((m) => m[1]!.split(",").map((s) => s.trim()));
}

describe("the module sheet's CSS scoping", () => {
  it("keeps a rule already scoped without specificity (:where(.cantina-games)), the shared button look's", () => {
    const out = scopeCss("core.css", ":where(.cantina-games) :where(button) { padding: 0; }");
    expect(selectors(out)).toEqual([":where(.cantina-games) :where(button)"]);
  });

  it("scopes plain rules, keeping those already under the module's classes", () => {
    const out = scopeCss("game.css", ".a, .b .c { color: red; }\n.cantina-games .d { margin: 0; }");
    expect(selectors(out)).toEqual([".cantina-games .a", ".cantina-games .b .c", ".cantina-games .d"]);
    expect(out).toContain("/* ---- styles/game.css ---- */");
  });

  it("scopes the selectors inside a @media block, which stays a @media block around them", () => {
    const out = scopeCss(
      "game.css",
      `.x { top: 0; }
/* a short screen */
@media (max-height: 800px) {
  .cantina-page [data-game="g"] .cantina-board,
  .y { --v: 36vh; }
  .z li { line-height: 1.2; }
}
.after { left: 0; }`,
    );
    const block = /@media \(max-height: 800px\) \{([\s\S]*?)\n {2}\}/.exec(out);
    expect(block, out).not.toBeNull();
    expect(selectors(block![1]!)).toEqual([
      '.cantina-games .cantina-page [data-game="g"] .cantina-board',
      ".cantina-games .y",
      ".cantina-games .z li",
    ]);
    expect(selectors(out)).toEqual([
      ".cantina-games .x",
      '.cantina-games .cantina-page [data-game="g"] .cantina-board',
      ".cantina-games .y",
      ".cantina-games .z li",
      ".cantina-games .after",
    ]);
    for (const s of selectors(out)) expect(s).toMatch(SCOPED);
    // The rule's body is kept, and braces balance.
    expect(out).toContain("--v: 36vh;");
    expect(out.split("{").length).toBe(out.split("}").length);
  });

  it("scopes a selector with a list in parentheses as one selector (:is(.a, .b))", () => {
    const out = scopeCss("game.css", ":is(.a, .b).c, .d { top: 0; }");
    expect(out).toContain(".cantina-games :is(.a, .b).c,\n  .cantina-games .d {");
  });

  it("scopes the selectors inside a @container block, which keeps its container name and condition", () => {
    const out = scopeCss("game.css", "@container cantina-window (min-width: 700px) {\n  .a > .b { display: grid; }\n}");
    const block = /@container cantina-window \(min-width: 700px\) \{([\s\S]*?)\n {2}\}/.exec(out);
    expect(block, out).not.toBeNull();
    expect(selectors(block![1]!)).toEqual([".cantina-games .a > .b"]);
    expect(() => scopeCss("g.css", "@container (width > 1px) { @media print { .a { top: 0; } } }")).toThrow(
      /inside @container/,
    );
  });

  it("refuses other at-rules, a block inside @media, an unclosed @media, and in foundry.css an unscoped selector", () => {
    expect(() => scopeCss("g.css", "@keyframes spin { from { top: 0; } }")).toThrow(/@keyframes is not supported/);
    expect(() => scopeCss("g.css", "@supports (display: grid) { .a { top: 0; } }")).toThrow(/@supports/);
    expect(() => scopeCss("g.css", "@media print { @media (color) { .a { top: 0; } } }")).toThrow(/inside @media/);
    expect(() => scopeCss("g.css", "@media print { .a { top: 0; }")).toThrow(/not closed/);
    expect(() => scopeCss("foundry.css", "@media print { .a { top: 0; } }")).toThrow(/not under \.cantina-games/);
  });
});
