/**
 * The German translation: every key of lang/en.json is in lang/de.json with the same placeholders;
 * keys only de.json has are "stale" and scripts/lang-missing.mjs reports (and --prune removes) them.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import de from "../lang/de.json";
import en from "../lang/en.json";
import { dictionaryLocalizer, fallbackLocalizer } from "../src/apps/core/i18n";

type Dictionary = { readonly [key: string]: string | Dictionary };

function flatten(node: Dictionary, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(node)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(at, value);
    else flatten(value, at, out);
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))].sort();

const enFlat = flatten(en);
const deFlat = flatten(de);
const SCRIPT = join(__dirname, "../scripts/lang-missing.mjs");

interface Report {
  missing: string[];
  stale: string[];
  placeholders: { key: string }[];
  pruned: string[];
}

/** Runs lang-missing.mjs with `args` and returns its JSON report and exit code. */
function runMissing(args: string[]): { report: Report; code: number } {
  try {
    return { report: JSON.parse(execFileSync("node", [SCRIPT, "--json", ...args], { encoding: "utf8" })), code: 0 };
  } catch (error) {
    const e = error as { stdout: string; status: number };
    return { report: JSON.parse(e.stdout) as Report, code: e.status };
  }
}

describe("the German translation (lang/de.json)", () => {
  it("has every key of lang/en.json", () => {
    expect([...enFlat.keys()].filter((k) => !deFlat.has(k))).toEqual([]);
  });

  it("keeps exactly the placeholders of each English string", () => {
    const differ = [...enFlat.entries()]
      .filter(([k]) => deFlat.has(k))
      .filter(([k, text]) => placeholders(text).join() !== placeholders(deFlat.get(k) as string).join())
      .map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it("leaves no string empty that is not empty in English", () => {
    const empty = [...enFlat.entries()].filter(([k, text]) => text !== "" && deFlat.get(k)?.trim() === "");
    expect(empty).toEqual([]);
  });

  it("has keys beyond en.json only as stale keys that lang-missing.mjs reports", () => {
    const extra = [...deFlat.keys()].filter((k) => !enFlat.has(k));
    const { report, code } = runMissing([]);
    expect(report.missing).toEqual([]);
    expect(report.placeholders).toEqual([]);
    expect(report.stale).toEqual(extra);
    expect(code).toBe(0);
  });

  it("names the Sabacc cards and Ulwan tiles in German", () => {
    const i18n = fallbackLocalizer(dictionaryLocalizer(de), dictionaryLocalizer(en));
    const suit = i18n.localize("CANTINA.Sabacc.Suit.coins");
    expect(i18n.format("CANTINA.Sabacc.Card.Number", { value: 7, suit })).toBe("7 der Münzen");
    expect(i18n.format("CANTINA.Sabacc.Card.Commander", { suit: i18n.localize("CANTINA.Sabacc.Suit.sabres") })).toBe(
      "Kommandant der Säbel",
    );
    expect(i18n.localize("CANTINA.Sabacc.Card.queen")).toBe("Königin der Luft und der Finsternis");
    expect(i18n.localize("CANTINA.Ulwan.Kind.dorn")).toBe("Dorn (grün)");
  });

  it("names Defiance and Domain's Commands in German everywhere (the legend, chat, hints): Kommando, never Command", () => {
    const english = [...deFlat].filter(([, text]) => /\bCommands?\b/.test(text)).map(([key]) => key);
    expect(english).toEqual([]);
    expect(deFlat.get("CANTINA.Unequal.Defiance.RebelCommand")).toBe("Rebellenkommando");
  });

  it("names Defiance and Domain's Force Counters in German everywhere, one word for them: Streitkraftmarker", () => {
    const english = [...deFlat].filter(([, text]) => /\bForce[ -]?Counter/i.test(text)).map(([key]) => key);
    expect(english).toEqual([]);
    // One name for the piece: the option, its hint, the errors, chat and the board's labels agree.
    const otherNames = [...deFlat].filter(([, text]) => /Machtmarke/.test(text)).map(([key]) => key);
    expect(otherNames).toEqual([]);
    expect(deFlat.get("CANTINA.Unequal.Defiance.CounterOf")).toBe("Streitkraftmarker von {name}");
  });
});

describe("the standalone page's German localizer", () => {
  const i18n = fallbackLocalizer(
    dictionaryLocalizer({ CANTINA: { Sabacc: { Log: { Bet: "{seat} setzt {amount}." } } } }),
    dictionaryLocalizer({ CANTINA: { Sabacc: { Log: { Bet: "{seat} bets {amount}.", Fold: "{seat} folds." } } } }),
  );

  it("answers in German and formats placeholders as Foundry does", () => {
    expect(i18n.format("CANTINA.Sabacc.Log.Bet", { seat: "Han", amount: 250 })).toBe("Han setzt 250.");
  });

  it("falls back to English for a key the translation lacks, and to the key when neither has it", () => {
    expect(i18n.format("CANTINA.Sabacc.Log.Fold", { seat: "Han" })).toBe("Han folds.");
    expect(i18n.localize("CANTINA.Nope")).toBe("CANTINA.Nope");
  });
});

describe("scripts/lang-missing.mjs", () => {
  const dir = mkdtempSync(join(tmpdir(), "cantina-lang-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, dict: Dictionary): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(dict));
    return path;
  };

  it("reports missing keys and differing placeholders, and fails on them", () => {
    const enPath = write("en.json", { A: { Bet: "{seat} bets {amount}.", Fold: "{seat} folds." } });
    const dePath = write("de.json", { A: { Bet: "{seat} setzt {betrag}." } });
    const { report, code } = runMissing(["--en", enPath, "--de", dePath]);
    expect(report.missing).toEqual(["A.Fold"]);
    expect(report.placeholders.map((p) => p.key)).toEqual(["A.Bet"]);
    expect(code).toBe(1);
  });

  it("prunes stale keys and the groups they leave empty, keeping the rest", () => {
    const enPath = write("en2.json", { A: { Keep: "{n} kept" } });
    const dePath = write("de2.json", { A: { Keep: "{n} behalten", Old: "alt" }, Gone: { X: "weg" } });
    const { report, code } = runMissing(["--en", enPath, "--de", dePath, "--prune"]);
    expect(report.pruned).toEqual(["A.Old", "Gone.X"]);
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(dePath, "utf8"))).toEqual({ A: { Keep: "{n} behalten" } });
  });
});
