/**
 * The standalone page's morph (src/standalone/morph.ts): a window part redrawn after a move keeps
 * every node that did not change (same node, focus and typed values kept) and ends equal to the
 * fresh HTML; a changed form control starts afresh.
 */
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { morph } from "../../src/standalone/morph";

function parse(document: Document, html: string): Element {
  const t = document.createElement("template");
  t.innerHTML = html;
  return t.content.firstElementChild!;
}

const board = (pieceAt: string, status: string) => `<section data-part>
  <p data-status>${status}</p>
  <div data-board>${["a1", "a2", "a3"]
    .map(
      (sq) =>
        `<button data-square="${sq}"${sq === pieceAt ? ' data-piece="0"' : ""}><svg viewBox="0 0 10 10"><polygon points="0,0 10,0 10,10"></polygon>${sq === pieceAt ? '<circle r="3"></circle>' : ""}</svg></button>`,
    )
    .join("")}</div>
  <input name="stake" value="10">
</section>`;

describe("morph (issue 17)", () => {
  it("a move changes the two squares it touched and the status; every other node stays the same node", () => {
    const window = new Window();
    const document = window.document as unknown as Document;
    const shown = parse(document, board("a1", "Aurra rolls"));
    document.body.append(shown);
    const before = [...shown.querySelectorAll("*")];
    const a3 = shown.querySelector('[data-square="a3"]')!;
    const stake = shown.querySelector<HTMLInputElement>('[name="stake"]')!;
    stake.value = "25"; // typed, not yet sent

    morph(shown, parse(document, board("a2", "Bossk rolls")));

    expect(shown.outerHTML).toBe(parse(document, board("a2", "Bossk rolls")).outerHTML);
    expect(shown.querySelector('[data-square="a3"]')).toBe(a3);
    expect(shown.querySelector('[name="stake"]')).toBe(stake);
    expect(stake.value).toBe("25");
    const kept = [...shown.querySelectorAll("*")].filter((el) => before.includes(el));
    // Only the piece's circle moved (one removed, one added): every other element is the one drawn before.
    expect(kept.length).toBe(before.length - 1);
  });

  it("a form control drawn differently is replaced (its new default shows); a part of another kind is replaced whole", () => {
    const window = new Window();
    const document = window.document as unknown as Document;
    const shown = parse(document, '<form><input name="amount" value="5"><span>x</span></form>');
    document.body.append(shown);
    const input = shown.querySelector("input")!;
    input.value = "7";
    morph(shown, parse(document, '<form><input name="amount" value="9"><span>x</span></form>'));
    expect(shown.querySelector("input")).not.toBe(input);
    expect(shown.querySelector("input")!.value).toBe("9");

    const part = parse(document, "<div><p>a</p></div>");
    document.body.append(part);
    morph(part, parse(document, "<section><p>a</p></section>"));
    expect(document.body.lastElementChild!.outerHTML).toBe("<section><p>a</p></section>");
  });

  it("a fold the reader opened (<details>) stays open when its part is redrawn closed, and closed when they closed it", () => {
    const window = new Window();
    const document = window.document as unknown as Document;
    const part = (total: number, open: boolean) =>
      parse(
        document,
        `<section><details${open ? " open" : ""}><summary>Pools</summary><p>${total}</p></details></section>`,
      );
    const shown = part(10, false);
    shown.querySelector("details")!.setAttribute("open", "");
    morph(shown, part(20, false));
    expect(shown.querySelector("details")!.hasAttribute("open")).toBe(true);
    expect(shown.querySelector("p")!.textContent).toBe("20");
    // Closed by the reader, a fold drawn open stays closed too: the reader's choice, not the template's.
    shown.querySelector("details")!.removeAttribute("open");
    morph(shown, part(30, true));
    expect(shown.querySelector("details")!.hasAttribute("open")).toBe(false);
  });
});
