/** What a typed amount of credits says when it is wrong: nothing typed, not whole, too small. */
import { describe, expect, it } from "vitest";
import { readAmount } from "../../src/apps/core/amount";

describe("readAmount", () => {
  it("reads whole numbers at or above the least allowed", () => {
    expect(readAmount("12", 1)).toEqual({ ok: true, amount: 12 });
    expect(readAmount(" 0 ", 0)).toEqual({ ok: true, amount: 0 });
    expect(readAmount("12.0", 1)).toEqual({ ok: true, amount: 12 });
  });

  it("says what is wrong: nothing typed, a fraction, a negative, not a number", () => {
    expect(readAmount("", 1)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.AmountMissing", params: { min: 1 } },
    });
    expect(readAmount(undefined, 1)).toMatchObject({ ok: false, error: { code: "CANTINA.Error.AmountMissing" } });
    expect(readAmount("12.5", 1)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.AmountNotWhole", params: { amount: "12.5" } },
    });
    expect(readAmount("12,5", 1)).toMatchObject({ ok: false, error: { code: "CANTINA.Error.AmountNotWhole" } });
    expect(readAmount("-5", 1)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.AmountTooSmall", params: { amount: "-5", min: 1 } },
    });
    expect(readAmount("−5", 0)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.AmountTooSmall", params: { min: 0 } },
    });
    expect(readAmount("0", 1)).toMatchObject({ ok: false, error: { code: "CANTINA.Error.AmountTooSmall" } });
    expect(readAmount("lots", 1)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.AmountNotNumber", params: { amount: "lots" } },
    });
  });
});
