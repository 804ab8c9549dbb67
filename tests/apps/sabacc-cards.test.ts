// @vitest-environment happy-dom
/**
 * True Sabacc's card faces as view models and as drawn (issue 33): every one of the 76 cards shows
 * its value in two corners (a true minus for the negative cards), a suited card its suit's drawn
 * sign, a named card its name (localized, written on the face); negative cards are told apart by
 * sign and frame, not colour alone; each tick box is labelled with its card's name.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import de from "../../lang/de.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { cardFace, cardSvg, cornerText, deckSvgs } from "../../src/apps/sabacc/cards";
import { DECK_IDS, SPECIALS, SUITS, cardOf } from "../../src/rules/sabacc/deck";
import { createRenderer } from "../../src/standalone/render";

/** The texts of a card SVG's corners. */
function corners(svg: string): string[] {
  return [...svg.matchAll(/<text data-corner[^>]*>([^<]*)</g)].map((m) => m[1]!);
}

describe("True Sabacc card faces", () => {
  it("every card shows its value in two corners, negative values with a minus sign (U+2212)", () => {
    for (const id of DECK_IDS) {
      const value = cardOf(id)!.value;
      const shown = value < 0 ? `\u2212${-value}` : String(value);
      expect(corners(cardSvg(id)), id).toEqual([shown, shown]);
      expect(cardFace(id).corner).toBe(shown);
    }
    expect(cornerText(-17)).toBe("\u221217");
    expect(cornerText(0)).toBe("0");
  });

  it("a 6 and a 9 are underlined in both corners, as printed cards mark them, so that the turned corner does not read as the other", () => {
    const underlined = (svg: string): boolean[] =>
      [...svg.matchAll(/<text data-corner([^>]*)>/g)].map((m) => /text-decoration="underline"/.test(m[1]!));
    for (const id of DECK_IDS) {
      const value = Math.abs(cardOf(id)!.value);
      const marked = value === 6 || value === 9;
      expect(underlined(cardSvg(id)), id).toEqual([marked, marked]);
    }
  });

  it("a suited card draws its suit's sign; a named card its own sign and its name's key; a face card its rank's name", () => {
    for (const suit of SUITS)
      for (let rank = 1; rank <= 15; rank++) {
        const id = `${suit}-${rank}`;
        expect(cardSvg(id)).toContain(`data-symbol="${suit}"`);
        expect(cardFace(id).faceNameKey).toBe(
          rank >= 12 ? `CANTINA.Sabacc.Face.${["Commander", "Mistress", "Master", "Ace"][rank - 12]}` : "",
        );
      }
    for (const s of SPECIALS) {
      expect(cardSvg(`${s.id}-2`)).toContain(`data-symbol="${s.id}"`);
      expect(cardFace(`${s.id}-2`).faceNameKey).toBe(`CANTINA.Sabacc.Card.${s.id}`);
    }
    // Every name written on a face has its words in both languages.
    const faceKeys = new Set(DECK_IDS.map((id) => cardFace(id).faceNameKey).filter((k) => k !== ""));
    for (const dict of [en, de]) {
      const i18n = dictionaryLocalizer(dict);
      for (const key of faceKeys) expect(i18n.localize(key), key).not.toBe(key);
    }
  });

  it("a negative card differs from a positive one by its sign and its frame (a dashed double frame, a hatched ground)", () => {
    const negative = cardSvg("evil-one-1");
    const positive = cardSvg("coins-7");
    const zero = cardSvg("idiot-1");
    expect(cardFace("evil-one-1").sign).toBe("negative");
    expect(cardFace("coins-7").sign).toBe("positive");
    expect(cardFace("idiot-1").sign).toBe("zero");
    expect(negative).toContain('data-sign="negative"');
    expect(negative).toContain("stroke-dasharray");
    expect(positive).not.toContain("stroke-dasharray");
    expect(zero).not.toContain("stroke-dasharray");
    expect(negative.match(/<rect/g)!.length).toBeGreaterThan(positive.match(/<rect/g)!.length);
  });

  it("the deck's SVG files (Foundry's Cards compendium) carry the named and face cards' names on their faces", () => {
    const files = deckSvgs(DECK_IDS, (key) => dictionaryLocalizer(en).localize(key));
    const written = (id: string) =>
      [...files[id]!.matchAll(/<text [^>]*data-face-name=""[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(written("evil-one-2")).toEqual(["The Evil One"]);
    expect(written("queen-1")).toEqual(["Queen of Air", "and Darkness"]);
    expect(written("staves-14")).toEqual(["Master"]);
    expect(written("staves-7")).toEqual([]);
    // Every file is XML a browser reads as SVG: no attribute without a value.
    for (const file of Object.values(files)) expect(file).not.toMatch(/ data-[\w-]+(?=[\s/>])(?!=)/);
  });

  it("the window writes a named card's name on its face, and labels each card's tick box with the card's name", () => {
    const render = createRenderer(dictionaryLocalizer(en));
    const html = render("sabacc/true-controls.hbs", {
      me: { hand: [cardFace("evil-one-1"), cardFace("coins-12")], totalKnown: true, total: -3 },
      selectable: true,
      controls: {},
    });
    const dom = new DOMParser().parseFromString(html, "text/html");
    const picks = [...dom.querySelectorAll("label.cantina-card-pick")];
    expect(picks).toHaveLength(2);
    const [evil, commander] = picks;
    expect(evil!.querySelector("[data-card-name]")!.textContent).toBe("The Evil One");
    expect(commander!.querySelector("[data-card-name]")!.textContent).toBe("Commander");
    expect(evil!.querySelector("input")!.getAttribute("aria-label")).toBe("The Evil One");
    expect(commander!.querySelector("input")!.getAttribute("aria-label")).toBe("Commander of Coins");
    expect(evil!.querySelector(".cantina-card")!.getAttribute("data-sign")).toBe("negative");
  });

  it("an empty hand says where the cards are instead of an empty frame (all in the Static Field, or none dealt yet)", () => {
    const render = createRenderer(dictionaryLocalizer(en));
    const said = (me: Record<string, unknown>): string | null | undefined =>
      new DOMParser()
        .parseFromString(render("sabacc/true-controls.hbs", { me, controls: {} }), "text/html")
        .querySelector("[data-my-cards] [data-hand-empty]")?.textContent;
    expect(said({ hand: [], totalKnown: true, total: 21, totalShown: "21" })).toBe(
      en.CANTINA.Sabacc.True.HandEmpty.InField,
    );
    expect(said({ hand: [], totalKnown: false })).toBe(en.CANTINA.Sabacc.True.HandEmpty.NoCards);
    expect(said({ hand: [cardFace("coins-12")], totalKnown: true, total: 12 })).toBeUndefined();
  });
});
