/**
 * Every tournament refusal and circuit name is shown in words: its key is in lang/en.json and
 * lang/de.json (tests/i18n-errors.test.ts checks the other families' tables the same way).
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { CIRCUIT_NAME_KEYS, TournamentErrors } from "../../src/tournament";

type Tree = { readonly [key: string]: string | Tree };

function lookup(lang: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = lang;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

describe("the tournament's words", () => {
  const keys = [...Object.values(TournamentErrors), ...Object.values(CIRCUIT_NAME_KEYS)];
  it("every error code and circuit name is in English and German", () => {
    expect(keys.filter((k) => !lookup(en, k))).toEqual([]);
    expect(keys.filter((k) => !lookup(de, k))).toEqual([]);
  });

  it("lang holds no tournament error or circuit key the code does not name", () => {
    const flat = (node: Tree, prefix: string): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === "string" ? [`${prefix}.${k}`] : flat(v, `${prefix}.${k}`),
      );
    // The hosts' own words live in their sub-objects (CANTINA.Tournament.Roll20 …), checked by their tests.
    const named = ["Error", "Circuit"].flatMap((group) =>
      flat(en.CANTINA.Tournament[group as "Error" | "Circuit"], `CANTINA.Tournament.${group}`),
    );
    expect(named.filter((k) => !keys.includes(k as never))).toEqual([]);
  });
});
