/** Every key the code and templates use is in lang/en.json, and every template string is localized. */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../lang/en.json";
import { dictionaryLocalizer } from "../src/apps/core/i18n";

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });
}

const i18n = dictionaryLocalizer(en);
const has = (key: string): boolean => i18n.localize(key) !== key;

describe("localization", () => {
  it("every CANTINA.* key in src/ and templates/ exists in lang/en.json", () => {
    const missing: string[] = [];
    for (const file of [...files("src", ".ts"), ...files("templates", ".hbs")]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/["'`](CANTINA\.[A-Za-z0-9.-]+)["'`]/g)) {
        const key = m[1] as string;
        if (key.endsWith(".")) continue; // a prefix completed at run time
        if (!has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("keys built at run time resolve: game names, phases, options", async () => {
    const { games } = await import("../src/games");
    const { formFields } = await import("../src/rules/core");
    for (const game of Object.values(games)) {
      expect(has(game.nameKey)).toBe(true);
      for (const field of formFields(game.optionSchema)) {
        expect(has(field.labelKey), field.key).toBe(true);
        // Every option explains itself in one line (issue 14).
        expect(has(field.hintKey), field.hintKey).toBe(true);
        for (const c of field.choices ?? []) expect(has(c.labelKey), c.labelKey).toBe(true);
      }
    }
    for (const phase of ["order", "hand", "betting", "over"]) expect(has(`CANTINA.Sabacc.Phase.${phase}`)).toBe(true);
  });

  it("templates hold no bare words outside {{localize}}", () => {
    for (const file of files("templates", ".hbs")) {
      const text = readFileSync(file, "utf8")
        .replace(/\{\{\{?[^}]*\}?\}\}/g, " ")
        .replace(/<[^>]*>/g, " ");
      const words = text.split(/\s+/).filter((w) => /[A-Za-z]{2,}/.test(w));
      expect(words, file).toEqual([]);
    }
  });

  it("every Sabacc key is used by the code or a template (written out, or built from its prefix and a value)", () => {
    // Issue 33: a key outlived the markup that read it. Sabacc's keys are all written out or built as
    // `CANTINA.Sabacc.…${value}`; other groups build keys in ways this check cannot follow.
    const flat = (node: object, prefix: string): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === "string" ? [`${prefix}.${k}`] : flat(v as object, `${prefix}.${k}`),
      );
    const code = [...files("src", ".ts"), ...files("templates", ".hbs")].map((f) => readFileSync(f, "utf8")).join("\n");
    const written = (key: string): boolean => new RegExp(`${key.replace(/[.$]/g, "\\$&")}(?![\\w-])`).test(code);
    const built = (key: string): boolean => {
      for (let i = key.lastIndexOf("."); i > 0; i = key.lastIndexOf(".", i - 1))
        if (code.includes(`${key.slice(0, i + 1)}\${`)) return true;
      return false;
    };
    const unused = flat(en.CANTINA.Sabacc, "CANTINA.Sabacc").filter((key) => !written(key) && !built(key));
    expect(unused).toEqual([]);
  });

  it("formats placeholders the way Foundry's i18n.format does", () => {
    expect(i18n.format("CANTINA.Sabacc.Log.Bet", { seat: "Han", amount: 250 })).toBe("Han bets 250.");
  });
});
