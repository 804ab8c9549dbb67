/**
 * Each board game's cells in colours its game chose (issue 36: no hash): a tone from the one palette
 * (src/palette) per cell, which the window's board (a style variable), the canvas layout and Roll20's
 * drawing all take; a split tile's second colour over the same half in each.
 */
import { describe, expect, it } from "vitest";
import { type BoardSpec, boardContext, splitHalf } from "../../src/apps/board/context";
import { layoutBoard } from "../../src/apps/canvas/layout";
import { drawingOf } from "../../src/roll20/board-geometry";
import { STYLE_TOKENS, colour, parseColour } from "../../src/palette";
import { BOARD_GAME_IDS as boardGames, startBoard } from "../helpers/start-board";

/** Dorn's tile is green by the rules (Seven Ulwan's colours: Dorn green, Forn gold and green). */
const GREEN_BY_RULES: ReadonlySet<string> = new Set(["ulwan-dorn"]);

const rgbOf = (token: string): [number, number, number] => {
  const c = parseColour(colour(token as keyof typeof STYLE_TOKENS))?.rgb ?? 0;
  return [(c >> 16) & 255, (c >> 8) & 255, c & 255];
};

describe.each(boardGames)("the cells of %s", (id) => {
  const board = startBoard(id);

  it("each take a tone of the palette its game chose, never green (green marks a legal destination) unless the rules say so", () => {
    expect(board.cells.length).toBeGreaterThan(0);
    for (const cell of board.cells) {
      for (const token of [cell.tone.fill, cell.tone.split].filter((t) => t !== undefined)) {
        expect(Object.keys(STYLE_TOKENS), `${cell.id}: ${token}`).toContain(token);
        const [r, g, b] = rgbOf(token);
        expect(g > r + 20 && g > b + 20 && !GREEN_BY_RULES.has(token), `${cell.id}: ${token} is green`).toBe(false);
      }
    }
    // A kind the game names (its legend's) is told from a plain cell by its colour too, besides its glyph.
    const plain = new Set(board.cells.filter((c) => c.kindKey === "").map((c) => c.tone.fill));
    const named = board.cells.filter((c) => c.kindKey !== "" && !c.classList.some((k) => k.startsWith("dead-for")));
    for (const c of named.filter((c) => !/^(plain|domain-|serra-start)/.test(c.kind)))
      expect(plain.has(c.tone.fill), `${c.id} (${c.kind})`).toBe(false);
  });

  it("are painted by the window with their tone's variable, and drawn in its colour by the canvas and Roll20", () => {
    const layout = layoutBoard(board);
    const drawing = drawingOf(board);
    board.cells.forEach((cell, i) => {
      expect(cell.style).toContain(`--cantina-cell-fill:var(--cantina-${cell.tone.fill})`);
      const laid = layout.byId.get(cell.id);
      expect(laid?.tone).toEqual(cell.tone);
      const drawn = drawing.cells[i];
      expect(drawn?.fill).toBe(colour(cell.tone.fill));
      if (cell.tone.split) {
        expect(cell.style).toContain(`--cantina-cell-split:var(--cantina-${cell.tone.split})`);
        expect(drawn?.split?.fill).toBe(colour(cell.tone.split));
        expect(laid?.splitPolygon.length).toBeGreaterThanOrEqual(3);
      } else {
        expect(cell.style).not.toContain("--cantina-cell-split");
        expect(drawn?.split).toBeNull();
      }
    });
  });
});

describe("the games' chosen tones", () => {
  const tones = (id: string, kind: string) => [
    ...new Set(
      startBoard(id)
        .cells.filter((c) => c.kind === kind)
        .map((c) => [c.tone.fill, c.tone.split].filter(Boolean).join("/")),
    ),
  ];

  it("give Seven Ulwan's two-colour tiles both colours, Hununga's squares a checker, Takat's red hexes red", () => {
    expect(tones("seven-ulwan", "esk")).toEqual(["ulwan-besh/ulwan-aurek"]);
    expect(tones("seven-ulwan", "forn")).toEqual(["ulwan-cresh/ulwan-dorn"]);
    expect(tones("seven-ulwan", "aurek")).toEqual(["ulwan-aurek"]);
    expect(tones("hununga", "plain").sort()).toEqual(["hununga-plain", "hununga-plain-dark"]);
    expect(tones("hununga", "centre")).toEqual(["hununga-centre"]);
    expect(tones("takat", "red")).toEqual(["unequal-red"]);
    expect(tones("takat", "plain")).toEqual(["board-point"]);
    expect(tones("porrika", "sacred")).toEqual(["unequal-sacred"]);
    expect(tones("defiance-and-domain", "domain-a")).toEqual(["unequal-domain-a"]);
    const [r, , b] = rgbOf("unequal-red");
    expect(r).toBeGreaterThan(b);
  });

  it("leave a cell no game coloured the board's plain stone", () => {
    const spec: BoardSpec = {
      grid: "square",
      labelKey: "CANTINA.Board.Label",
      cells: [{ at: "0,0", kind: "anything" }],
      moves: [],
    };
    const cell = boardContext(spec).cells[0];
    expect(cell?.tone).toEqual({ fill: "board-point" });
    expect(drawingOf(boardContext(spec)).cells[0]?.fill).toBe(colour("board-point"));
  });
});

describe("a split tile's half", () => {
  it("is the part past the 45° line through the box's centre, as the window's 135° gradient paints", () => {
    const square = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(splitHalf(square, { x: 5, y: 5 })).toEqual([
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ]);
    const wide = [
      { x: 0, y: 0 },
      { x: 20, y: 0 },
      { x: 20, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(splitHalf(wide, { x: 10, y: 5 })).toEqual([
      { x: 15, y: 0 },
      { x: 20, y: 0 },
      { x: 20, y: 10 },
      { x: 5, y: 10 },
    ]);
  });
});
