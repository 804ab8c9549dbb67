/** The option schema language: defaults, the check of unknown JSON, the derived type, form fields. */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type OptionsOf,
  board,
  boolean,
  checkAgainst,
  choice,
  defaultsOf,
  formFields,
  integer,
  isPurseField,
  purseOption,
  refuse,
  resolveBoardOption,
  schemaOptions,
  succeed,
  text,
  withStoredDefaults,
} from "../../../src/rules/core";
import { refusalOf } from "../../helpers/refusal";

interface Grid {
  readonly name: string;
  readonly size: number;
}
const isGrid = (b: unknown): b is Grid =>
  typeof b === "object" && b !== null && typeof (b as Grid).size === "number" && (b as Grid).size > 0;

const schema = {
  ante: integer(10, 1, 100, { ante: true }),
  pieces: integer(4, 2, 8, { step: 2, hintKey: "HINT.pieces" }),
  fast: boolean(false),
  mode: choice(["open", "closed"] as const, "open", (v) => `MODE.${v}`),
  board: board<Grid>("small", { small: { name: "Small", size: 3 } }, (b) =>
    isGrid(b) ? succeed({}) : refuse("BAD.Board"),
  ),
  motto: text("hi", 5),
};
const optionsRefusal = (raw: unknown) => refusalOf(checkAgainst(schema, raw));

describe("option schemas", () => {
  it("give the defaults, typed by OptionsOf", () => {
    const d = defaultsOf(schema);
    expect(d).toEqual({ ante: 10, pieces: 4, fast: false, mode: "open", board: "small", motto: "hi" });
    expectTypeOf(d).toEqualTypeOf<OptionsOf<typeof schema>>();
    expectTypeOf(d.mode).toEqualTypeOf<"open" | "closed">();
    expectTypeOf(d.board).toEqualTypeOf<string | Grid>();
    expectTypeOf(d.fast).toEqualTypeOf<boolean>();
  });

  it("check unknown JSON: every field's kind and bounds, no unknown key, with an i18n error naming the option", () => {
    const d = defaultsOf(schema);
    expect(optionsRefusal(d)).toBeNull();
    expect(optionsRefusal({ ...d, board: { name: "Big", size: 9 } })).toBeNull();
    const bad = (x: unknown) => optionsRefusal(x);
    expect(bad(null)).toEqual({ code: "CANTINA.Error.BadOption", params: { option: "options" } });
    expect(bad([])).toEqual({ code: "CANTINA.Error.BadOption", params: { option: "options" } });
    for (const [key, value] of [
      ["ante", 0],
      ["ante", 101],
      ["ante", 1.5],
      ["ante", "10"],
      ["pieces", 5],
      ["fast", 1],
      ["mode", "ajar"],
      ["board", "huge"],
      ["motto", "too long"],
    ] as const) {
      expect(bad({ ...d, [key]: value }), `${key}=${value}`).toEqual({
        code: "CANTINA.Error.BadOption",
        params: { option: key },
      });
    }
    expect(bad({ ...d, extra: 1 })).toEqual({ code: "CANTINA.Error.BadOption", params: { option: "extra" } });
    const { ante: _ante, ...missing } = d;
    expect(bad(missing)).toEqual({ code: "CANTINA.Error.BadOption", params: { option: "ante" } });
    // A board's data is checked by the game's own check.
    expect(bad({ ...d, board: { name: "Flat", size: 0 } })).toEqual({ code: "BAD.Board" });
    expect(resolveBoardOption(schema.board, "small")).toEqual({ name: "Small", size: 3 });
    expect(resolveBoardOption(schema.board, { name: "Flat", size: 0 })).toBeNull();
  });

  it("give a game's checkOptions: the seat count and distinct seats first, then the fields, then its own check", () => {
    const options = schemaOptions(schema, { min: 2, max: 3 }, (o, seats) =>
      o.fast && seats.length > 2 ? refuse("TOO.Fast") : succeed({}),
    );
    const d = options.defaultOptions();
    expect(options.checkOptions(d, ["a", "b"])).toEqual({ ok: true });
    expect(options.checkOptions(d, ["a"])).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.SeatCount", params: { min: 2, max: 3 } },
    });
    expect(options.checkOptions(d, ["a", "a"])).toEqual({
      ok: false,
      error: {
        code: "CANTINA.Error.BadOption",
        params: { option: "seats" },
      },
    });
    expect(options.checkOptions({ ...d, fast: true }, ["a", "b", "c"])).toEqual({
      ok: false,
      error: { code: "TOO.Fast" },
    });
  });

  it("fill options stored before an option existed with its default, keeping unknown keys and bad values for the check", () => {
    const d = defaultsOf(schema);
    const { motto: _motto, ...stored } = d;
    expect(optionsRefusal(stored)).toEqual({ code: "CANTINA.Error.BadOption", params: { option: "motto" } });
    const filled = withStoredDefaults(d, stored);
    expect(filled).toEqual(d);
    expect(optionsRefusal(filled)).toBeNull();
    // A stored value wins over the default; a bad one or an unknown key is still refused.
    expect(withStoredDefaults(d, { ante: 20 })).toEqual({ ...d, ante: 20 });
    expect(optionsRefusal(withStoredDefaults(d, { ante: 0 }))).toEqual({
      code: "CANTINA.Error.BadOption",
      params: { option: "ante" },
    });
    expect(optionsRefusal(withStoredDefaults(d, { extra: 1 }))).toEqual({
      code: "CANTINA.Error.BadOption",
      params: { option: "extra" },
    });
    // What is not an options object stays so (and is refused as such).
    expect(withStoredDefaults(d, null)).toBeNull();
    expect(withStoredDefaults(d, [1])).toEqual([1]);
  });

  it("find a new seat's starting purse by its mark, whatever the option is called", () => {
    const marked = {
      bank: integer(700, 0, 1000, { purse: "credits" }),
      charm: integer(2, 0, 9, { purse: "luck" }),
      ante: integer(10, 1, 100),
    };
    expect(purseOption(marked, { bank: 650, charm: 4, ante: 10 }, "credits")).toBe(650);
    expect(purseOption(marked, { bank: 650, charm: 4, ante: 10 }, "luck")).toBe(4);
    // No marked option, or a value that is not a number: nothing (the host takes its own default).
    expect(purseOption(schema, defaultsOf(schema), "credits")).toBeUndefined();
    expect(purseOption(marked, { bank: "650" }, "credits")).toBeUndefined();
    expect(isPurseField(marked.bank, "credits")).toBe(true);
    expect(isPurseField(marked.charm, "credits")).toBe(false);
    expect(isPurseField(undefined, "credits")).toBe(false);
  });

  it("describe the form fields: label and hint keys, kind, bounds, the ante mark, choices", () => {
    const fields = formFields(schema);
    expect(fields.map((f) => f.key)).toEqual(["ante", "pieces", "fast", "mode", "board", "motto"]);
    expect(fields[0]).toEqual({
      key: "ante",
      kind: "integer",
      labelKey: "CANTINA.Options.ante",
      hintKey: "CANTINA.Options.anteHint",
      min: 1,
      max: 100,
      step: 1,
      ante: true,
    });
    expect(fields[1]).toMatchObject({ step: 2, ante: false, hintKey: "HINT.pieces" });
    expect(fields[3]?.choices).toEqual([
      { value: "open", labelKey: "MODE.open" },
      { value: "closed", labelKey: "MODE.closed" },
    ]);
  });
});
