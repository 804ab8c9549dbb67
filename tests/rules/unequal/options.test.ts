/**
 * The unequal-forces games' options are their option schemas: defaults, and the check of unknown
 * JSON, come from the schema (core/options.ts), so the form's bounds and the check's agree.
 */
import { describe, expect, it } from "vitest";
import { BAD_OPTION, type AnyGame, defaultsOf } from "../../../src/rules/core";
import { defiance, porrika, takat } from "../../../src/rules/unequal";

const GAMES: readonly AnyGame[] = [defiance, porrika, takat] as unknown as AnyGame[];
const SEATS = ["a", "b"];

describe("the unequal-forces games' options", () => {
  it("default to the schema's defaults", () => {
    for (const game of GAMES) expect(game.defaultOptions(), game.id).toEqual(defaultsOf(game.optionSchema));
  });

  it("take each integer at its schema bounds and refuse it one past them, naming the option", () => {
    for (const game of GAMES) {
      const defaults = game.defaultOptions() as Record<string, unknown>;
      for (const [key, field] of Object.entries(game.optionSchema)) {
        if (field.kind !== "integer") continue;
        const at = (value: number) => game.checkOptions({ ...defaults, [key]: value }, SEATS);
        expect(at(field.min), `${game.id} ${key}`).toEqual({ ok: true });
        expect(at(field.max), `${game.id} ${key}`).toEqual({ ok: true });
        expect(at(field.min - 1)).toEqual({ ok: false, error: { code: BAD_OPTION, params: { option: key } } });
        expect(at(field.max + 1)).toEqual({ ok: false, error: { code: BAD_OPTION, params: { option: key } } });
      }
    }
  });

  it("refuse an unknown key, a wrong type, and what is not an options object", () => {
    for (const game of GAMES) {
      const defaults = game.defaultOptions() as Record<string, unknown>;
      expect(game.checkOptions({ ...defaults, extra: 1 }, SEATS)).toEqual({
        ok: false,
        error: {
          code: BAD_OPTION,
          params: { option: "extra" },
        },
      });
      expect(game.checkOptions({ ...defaults, repetitionDraw: "yes" }, SEATS)).toEqual({
        ok: false,
        error: {
          code: BAD_OPTION,
          params: { option: "repetitionDraw" },
        },
      });
      expect(game.checkOptions(null, SEATS)).toEqual({
        ok: false,
        error: { code: BAD_OPTION, params: { option: "options" } },
      });
      expect(game.checkOptions(defaults, ["a"])).toEqual({ ok: false, error: { code: "CANTINA.Unequal.Error.Seats" } });
    }
  });
});
