/**
 * A page for the board renderer's browser test and for looking at it (`npx vite` at the project
 * root, then /tests/browser/board-demo.html): a square board with facing counters and pieces on
 * points, a hex board with stacks, a triangle-in-square board, and a tile placement board; every
 * callback is recorded in `window.boardCalls`.
 */
import en from "../../lang/en.json";
import { type BoardContext, type BoardSpec, boardContext } from "../../src/apps/board/context";
import { bindBoard } from "../../src/apps/board/interaction";
import { placementContext } from "../../src/apps/board/placement";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { registerGlyphs } from "../../src/apps/core/symbols";
import { UNEQUAL_GLYPHS } from "../../src/apps/unequal/glyphs";
import { allSquares, hexKey, hexagon, squareKey } from "../../src/rules/grid";
import { createRenderer } from "../../src/standalone/render";
import { DOMINO, ELL, TEE } from "../helpers/tile-shapes";

// The hex board borrows two of the unequal-forces games' marks, as the registry would add them.
registerGlyphs(UNEQUAL_GLYPHS);

const render = createRenderer(dictionaryLocalizer(en));
const calls: unknown[] = [];
(window as unknown as { boardCalls: unknown[] }).boardCalls = calls;

const piece = (owner: number, extra: object = {}) => ({
  owner,
  labelKey: "CANTINA.Board.PieceOf",
  name: owner === 0 ? "Rebel" : "Imperium",
  ...extra,
});

// A 6×6 corner of a Defiance-like board: counters facing a direction in squares, Commands on points.
const squareSpec: BoardSpec = {
  grid: "square",
  labelKey: "CANTINA.Board.Label",
  pieceGlyphs: ["R", "I"],
  showLabels: true,
  cells: allSquares({ width: 6, height: 6 }).map((s) => ({
    at: squareKey(s),
    kind: (s.x + s.y) % 2 === 0 ? "light" : "dark",
    piece:
      s.x === 1 && s.y === 1
        ? piece(0, { facing: "e" })
        : s.x === 3 && s.y === 1
          ? piece(1, { facing: "w" })
          : s.x === 2 && s.y === 4
            ? piece(1, { facing: "ne" })
            : null,
  })),
  points: allSquares({ width: 7, height: 7 }).map((p) => ({
    id: `p${p.x}-${p.y}`,
    x: p.x,
    y: p.y,
    label: `${p.x}-${p.y}`,
    piece: p.x === 3 && p.y === 3 ? piece(0, { glyph: "C" }) : p.x === 5 && p.y === 2 ? piece(1, { glyph: "C" }) : null,
  })),
  moves: [
    { from: "1,1", to: "1,2", id: "step" },
    {
      from: "1,1",
      to: "2,1",
      choices: [
        { id: "face-n", labelKey: "CANTINA.Board.Facing.n" },
        { id: "face-s", labelKey: "CANTINA.Board.Facing.s" },
      ],
    },
    { from: "p3-3", to: "p4-4", id: "command" },
  ],
};

// Takat-like: seven hexes, red every other ring hex, stacks with counts.
const ring = hexagon(1);
const hexSpec: BoardSpec = {
  grid: "hex",
  labelKey: "CANTINA.Board.Label",
  pieceGlyphs: ["W", "B"],
  cells: ring.map((h, i) => ({
    at: hexKey(h),
    kind: h.q === 0 && h.r === 0 ? "centre" : i % 2 === 0 ? "red" : "plain",
    glyph: h.q === 0 && h.r === 0 ? "◎" : i % 2 === 0 ? "▲" : "",
    piece:
      h.q === 1 && h.r === 0 ? piece(0, { stack: [1, 0, 0] }) : h.q === -1 && h.r === 1 ? piece(1, { count: 2 }) : null,
  })),
  moves: [{ from: "1,0", to: "0,0" }],
};

// Por'rika-like: squares cut into four triangles, the outer ones of the last row blocked.
const triangleSpec: BoardSpec = {
  grid: "triangle",
  labelKey: "CANTINA.Board.Label",
  pieceGlyphs: ["S", "E"],
  cells: allSquares({ width: 4, height: 3 }).flatMap((s) =>
    (["n", "e", "s", "w"] as const).map((side) => ({
      at: `${s.x},${s.y},${side}`,
      kind: s.y === 2 && ((s.x === 0 && side === "w") || (s.x === 3 && side === "e")) ? "blocked" : "plain",
      piece:
        s.x === 1 && s.y === 1 && side === "n" ? piece(0) : s.x === 2 && s.y === 0 && side === "e" ? piece(1) : null,
    })),
  ),
  moves: [
    { from: "1,1,n", to: "1,1,s" },
    { from: "1,1,n", to: "2,1,w" },
  ],
};

const tiles = [
  {
    id: "ell",
    labelKey: "CANTINA.Board.Tile.Tray",
    shape: ELL,
  },
  {
    id: "duo",
    labelKey: "CANTINA.Board.Label",
    shape: DOMINO,
    colour: "tile-blue",
  },
  {
    id: "tee",
    labelKey: "CANTINA.Board.Cancel",
    shape: TEE,
  },
];

const placement = placementContext({
  board: {
    grid: "square",
    labelKey: "CANTINA.Board.Label",
    cells: allSquares({ width: 4, height: 3 })
      .filter((s) => !(s.x === 3 && s.y === 2))
      .map((s) => ({ at: squareKey(s), kind: "white" })),
    moves: [],
    cellPixels: 70,
  },
  tiles,
  placed: [],
  allowFlip: false,
});

const demo = document.getElementById("demo") as HTMLElement;
// Each board's model, handed to its controller as a host keeps it with its drawing (null: a placement board).
const models: [string, BoardContext | null][] = [
  ["square", boardContext(squareSpec)],
  ["hex", boardContext({ ...hexSpec, cellPixels: 110 })],
  ["triangle", boardContext({ ...triangleSpec, cellPixels: 110 })],
  ["placement", null],
];
for (const [name, model] of models) {
  const html = model ? render("board/board.hbs", { board: model }) : render("board/placement.hbs", { placement });
  const section = document.createElement("section");
  section.dataset.demo = name;
  section.innerHTML = `<h2>${name}</h2>${html}`;
  demo.appendChild(section);
  bindBoard(section, {
    model: () => model,
    move: (intent) => calls.push({ board: name, move: intent }),
    place: (placements) =>
      calls.push({ board: name, place: placements.map((p) => ({ tileId: p.tileId, cells: p.cells })) }),
  });
}
document.body.dataset.ready = "true";
