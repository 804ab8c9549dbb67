/**
 * The board view's hint names the board's own shapes (issue 33: "Takat has hexes, not squares"): each
 * board game's drawn board, as its window draws it, gives a hint and a canvas name in its shapes.
 */
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { type DrawnBoard, boardViewKeys, shapesOf } from "../../src/standalone/board-view-hint";

/** A drawn board's outline as templates/board/board.hbs writes it: its grid, and a point if it has one. */
function drawnBoard(grid: string, point: boolean): DrawnBoard {
  const doc = new Window().document;
  doc.body.innerHTML = `<div data-board data-grid="${grid}"><div data-board-surface>${point ? '<button data-point="p0-0"></button>' : ""}<button data-cell="0,0"></button></div></div>`;
  return doc.body.querySelector("[data-board]")!;
}

const english = dictionaryLocalizer(en);
const german = dictionaryLocalizer(de);

describe("the board view's hint", () => {
  it("names hexes on a hex board (Takat), never squares", () => {
    const keys = boardViewKeys(shapesOf(drawnBoard("hex", false)));
    for (const text of [english.localize(keys.hint), english.localize(keys.canvas)]) {
      expect(text).toContain("hex");
      expect(text).not.toContain("square");
    }
    expect(german.localize(keys.hint)).toContain("Sechseck");
  });

  it("names triangles on a triangle board (Por'rika), squares and points on Defiance's, squares on Ulwan's", () => {
    expect(english.localize(boardViewKeys(shapesOf(drawnBoard("triangle", false))).hint)).toContain("triangle");
    expect(english.localize(boardViewKeys(shapesOf(drawnBoard("square", true))).hint)).toContain("square or point");
    const square = english.localize(boardViewKeys(shapesOf(drawnBoard("square", false))).hint);
    expect(square).toContain("square");
    expect(square).not.toContain("point");
  });

  it("has every shape's hint and canvas name in English and German", () => {
    for (const shapes of ["square", "hex", "triangle", "squarePoint"] as const) {
      const keys = boardViewKeys(shapes);
      for (const i18n of [english, german]) {
        expect(i18n.localize(keys.hint)).not.toBe(keys.hint);
        expect(i18n.localize(keys.canvas)).not.toBe(keys.canvas);
      }
    }
  });
});
