// @vitest-environment happy-dom
/**
 * Rolls drawn as the dice they are (issue 33; src/apps/core/dice-faces.ts), the one drawing every
 * host's chat and windows use: a d2 a coin, a d6 its pips, a 1–23 or a d100 a numbered die, the
 * successes of `4d2>2` marked, the total; labelled for screen readers in the viewer's language.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import de from "../../lang/de.json";
import { chatEntry } from "../../src/apps/core/chat";
import { dieFace, dieKind, rollFaces, rollHtml, rollLabel } from "../../src/apps/core/dice-faces";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";

const i18n = dictionaryLocalizer(en);

describe("dice drawn as dice", () => {
  it("draws a d2 as a coin, a d6 with its pips, any other die with its number", () => {
    expect(dieKind(2)).toBe("coin");
    expect(dieKind(6)).toBe("pips");
    expect(dieKind(23)).toBe("number");
    expect(dieKind(100)).toBe("number");
    for (let v = 1; v <= 6; v++) {
      const svg = dieFace(v, 6).svg;
      expect(svg).toContain('data-die-kind="pips"');
      // Its pips: as many dots as the face's value, and no number written.
      expect(svg.match(/<circle [^>]*r="2.6"/g), `pips of ${v}`).toHaveLength(v);
      expect(svg).not.toContain("<text");
    }
    expect(dieFace(2, 2).svg).toMatch(/data-die-kind="coin"[\s\S]*<circle[\s\S]*>2<\/text>/);
    expect(dieFace(57, 100).svg).toMatch(/data-die-kind="number"[\s\S]*<polygon[\s\S]*>57<\/text>/);
  });

  it("marks each die of 4d2>2 as counted or not, and the total counts the successes", () => {
    const roll = rollFaces("4d2>2", [2, 1, 2, 2], 3);
    expect(roll.counts).toBe(true);
    expect(roll.dice.map((d) => [d.kind, d.value, d.success])).toEqual([
      ["coin", 2, true],
      ["coin", 1, false],
      ["coin", 2, true],
      ["coin", 2, true],
    ]);
    const dom = new DOMParser().parseFromString(rollHtml(roll, i18n), "text/html");
    expect([...dom.querySelectorAll("[data-die-face]")].map((d) => d.getAttribute("data-success"))).toEqual([
      "true",
      "false",
      "true",
      "true",
    ]);
    expect(dom.querySelector("[data-roll-total]")!.textContent).toBe("= 3");
    expect(dom.querySelector(".cantina-roll")!.getAttribute("aria-label")).toBe(
      "Dice 2 (success), 1, 2 (success), 2 (success) = 3 successes",
    );
    expect(rollLabel(roll, dictionaryLocalizer(de))).toBe("Würfel 2 (Erfolg), 1, 2 (Erfolg), 2 (Erfolg) = 3 Erfolge");
  });

  it("reads a range as the value in the range, on a die of as many sides as the range has values", () => {
    const roll = rollFaces("10-32", [5], 14);
    expect(roll.dice).toMatchObject([{ value: 14, sides: 23, kind: "number", success: null }]);
    expect(rollFaces("1d23", [23], 23).dice[0]).toMatchObject({ value: 23, kind: "number" });
    expect(rollFaces("2d6+1", [3, 4], 8).dice.map((d) => d.kind)).toEqual(["pips", "pips"]);
  });

  it("gives a chat line of a roll its drawing: one die per result, each tumbling (data-die-face)", () => {
    const entry = chatEntry(
      {
        kind: "roll",
        seat: "seat-1",
        purpose: "CANTINA.Sabacc.Purpose.Order",
        notation: "1d100",
        dice: [57],
        total: 57,
      },
      { "seat-1": "Han" },
      i18n,
    );
    const dom = new DOMParser().parseFromString(entry.rollHtml ?? "", "text/html");
    expect(dom.querySelectorAll("[data-die-face]")).toHaveLength(1);
    expect(dom.querySelector('[data-die-face] svg[data-die-kind="number"]')!.textContent).toBe("57");
  });
});
