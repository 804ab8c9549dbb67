// The standalone page's language (src/standalone/language.ts): ?lang= first, then the kept choice, else English; the switch keeps it.
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { chosenLanguage, startLanguageSwitch } from "../../src/standalone/language";

describe("the standalone page's language", () => {
  it("is English when nothing was chosen, the kept choice otherwise, and ?lang= over both", () => {
    expect(chosenLanguage("", null)).toBe("en");
    expect(chosenLanguage("?user=player1", "de")).toBe("de");
    expect(chosenLanguage("?lang=en", "de")).toBe("en");
    expect(chosenLanguage("?lang=fr", "de")).toBe("de");
    expect(chosenLanguage("", "klingon")).toBe("en");
  });

  it("the head's switch keeps the choice and opens the page again in it, the other parameters kept", () => {
    const window = new Window({ url: "http://localhost/?user=player1&lang=en" });
    Object.assign(globalThis, { Element: window.Element, HTMLSelectElement: window.HTMLSelectElement });
    try {
      const doc = window.document as unknown as Document;
      doc.body.innerHTML = `<select data-language-switch><option value="en">English</option><option value="de">Deutsch</option></select>`;
      const kept = new Map<string, string>();
      const storage = {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => kept.set(k, v),
      };
      const reopened: string[] = [];
      startLanguageSwitch(doc, storage as unknown as Storage, (search) => reopened.push(search));
      const select = doc.querySelector("select")!;
      select.value = "de";
      select.dispatchEvent(new window.Event("change", { bubbles: true }) as unknown as Event);
      expect(reopened).toEqual(["?user=player1&lang=de"]);
      expect(chosenLanguage("?user=gm", kept.get("cantina-lang") ?? null)).toBe("de");
    } finally {
      Reflect.deleteProperty(globalThis, "Element");
      Reflect.deleteProperty(globalThis, "HTMLSelectElement");
      window.close();
    }
  });
});
