// @vitest-environment happy-dom
/**
 * The one board model per game family: over seeded random play of every board game, the typed model
 * (moves, polygons, arrows) agrees with what it draws, the window draws and hands over the model the
 * hosts' canvas reads, and the one board-move action plays each.
 */
import { describe, expect, it } from "vitest";
import { centroid } from "../../src/rules/grid";
import { type AnyGame, SeededRandom, refuse } from "../../src/rules/core";
import type { BoardContext } from "../../src/apps/board/context";
import { type BoardClick, boardMoveAction } from "../../src/apps/board/board-move";
import { moveActionData } from "../../src/apps/board/machine";
import { windowParts, windowBoard } from "../../src/apps/table/window-model";
import { isSymbol, registerGlyphs, symbolSvg } from "../../src/apps/core/symbols";
import { apps, descriptors, games } from "../../src/games";
import { namedSeats, tableUpdate } from "../helpers/table-update";

/** The window's form as a click may carry it: empty, or each facing a radio group may choose. */
const FORMS: readonly Record<string, string>[] = [{}, ...Array.from({ length: 8 }, (_, i) => ({ facing: String(i) }))];

const boardGames = Object.keys(apps).filter((id) => apps[id]?.boardContext !== undefined);

/** The board's own view of its moves from the targets' links (what the template writes per target). */
function linkedPairs(board: BoardContext): string[] {
  const targets = [...board.cells, ...board.points, ...board.trays];
  return targets.flatMap((t) => t.sources.map((from) => `${from}>${t.id}`)).sort();
}

function checkModel(id: string, board: BoardContext): void {
  const ids = new Set([...board.cells, ...board.points, ...board.trays].map((t) => t.id));
  // Every move is between targets the board draws, and the targets' links say the same.
  for (const m of board.moves.slice(0, 12)) {
    expect(ids.has(m.from), `${id}: ${m.from}`).toBe(true);
    expect(ids.has(m.to), `${id}: ${m.to}`).toBe(true);
  }
  expect([...new Set(board.moves.map((m) => `${m.from}>${m.to}`))].sort()).toEqual(linkedPairs(board));
  board.cells.forEach((c, i) => {
    // Its outline is the geometry's (the one laid-out board), centred where the model says.
    const laid = board.geometry.cells[i];
    expect(laid?.id).toBe(c.id);
    expect(laid?.polygon.length).toBeGreaterThanOrEqual(3);
    const centre = centroid(laid?.polygon ?? []);
    expect(Math.abs(centre.x - c.cx)).toBeLessThan(1);
    expect(Math.abs(centre.y - c.cy)).toBeLessThan(1);
    expect(c.classes).toBe(c.classList.join(" "));
    if (c.piece) expect([0, 3]).toContain(laid?.piece?.arrow.length);
  });
}

describe.each(boardGames)("the board model of %s", (id) => {
  it("stays typed and consistent over random play, and every offered move (and choice) plays through board-move", () => {
    const game = games[id] as AnyGame;
    const app = apps[id]!;
    const seats = Array.from({ length: game.minSeats }, (_, i) => `s${i}`);
    const random = new SeededRandom(7);
    const setup = game.setup(seats, game.defaultOptions(), random);
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    let state = setup.state;
    let boardsSeen = 0;
    let movesPlayed = 0;
    for (let step = 0; step < 24; step++) {
      const status = game.status(state);
      if (status.over) break;
      const seat = status.toAct[0];
      if (seat === undefined) break;
      const legal = game.shownMoves?.(state, seat) ?? game.legalMoves(state, seat);
      const view = game.view(state, { role: "seat", seat });
      const update = tableUpdate(
        { gameId: id, toAct: [seat] },
        namedSeats(seats, ["Aurra", "Bossk", "Cad"]),
        seat,
        view,
        legal,
      );
      const board = app.boardContext?.(update) ?? null;
      // One board function per game: the window draws the model the canvas hosts read, and the
      // window model hands that one to the board controller.
      const parts = windowParts(app, update, { isGM: false, helpOpen: false, hasBots: false, now: 0 });
      expect(windowBoard(parts)).toEqual(board);
      if (board) {
        boardsSeen++;
        checkModel(id, board);
        const action = app.actions["board-move"]!;
        const legalJson = legal.map((x) => JSON.stringify(x));
        for (const m of board.moves.slice(0, 12)) {
          const picks = m.choices.length > 0 ? m.choices.map((c) => ({ ...m, choice: c.id })) : [m];
          for (const pick of picks) {
            // A window's form may refine a move (a facing chosen beside the board): some form plays it,
            // and what it plays is legal.
            const played: string[] = [];
            for (const fields of FORMS) {
              const result = action({ data: moveActionData(pick), fields }, update);
              if ("move" in result) played.push(JSON.stringify(result.move));
              if (played.length > 0) break;
            }
            expect(played.length, `${id} ${JSON.stringify(pick)}`).toBeGreaterThan(0);
            for (const move of played) expect(legalJson).toContain(move);
            movesPlayed++;
          }
        }
      }
      const move = legal[random.die(legal.length) - 1];
      if (move === undefined) break;
      const next = game.apply(state, seat, move, random);
      if (!next.ok) break;
      state = next.state;
    }
    expect(boardsSeen).toBeGreaterThan(0);
    expect(movesPlayed).toBeGreaterThan(0);
  });
});

describe("the one board-move action", () => {
  const offers = [
    { from: "a", to: "b", move: "a-b" },
    { from: "a", to: "c", id: "x", move: "a-c-x" },
    { from: "a", to: "c", id: "y", move: "a-c-y" },
  ];
  const clicks: BoardClick[] = [];
  const action = boardMoveAction<null, string>({
    offers: () => offers,
    refusal: (click) => {
      clicks.push(click);
      return refuse("why");
    },
  });
  const update = tableUpdate<null, string>({ gameId: "g" }, [], "s0", null, []);
  const play = (intent: Parameters<typeof moveActionData>[0]) =>
    action({ data: moveActionData(intent), fields: {} }, update);

  it("plays the offer the click names: by its pair, and by its id where the pair stands for several", () => {
    expect(play({ from: "a", to: "b" })).toEqual({ ok: true, move: "a-b" });
    expect(play({ from: "a", to: "c", choice: "y" })).toEqual({ ok: true, move: "a-c-y" });
    expect(clicks).toEqual([]);
  });

  it("hands every other click to the game's refusal, as data", () => {
    expect(play({ from: "a", to: "c" })).toEqual({ ok: false, error: { code: "why" } });
    expect(play({ from: "b", to: "", refused: true })).toEqual({ ok: false, error: { code: "why" } });
    expect(clicks).toEqual([
      { from: "a", to: "c", refused: false },
      { from: "b", to: "", refused: true },
    ]);
  });
});

describe("glyphs as a descriptor field", () => {
  it("every game's own symbols come from its descriptor and are drawn as SVG once the registry is loaded", () => {
    const withGlyphs = Object.values(descriptors).filter((d) => d.glyphs !== undefined);
    expect(withGlyphs.length).toBeGreaterThan(0);
    for (const d of withGlyphs)
      for (const glyph of Object.keys(d.glyphs ?? {})) {
        expect(isSymbol(glyph), `${d.id} ${glyph}`).toBe(true);
        expect(symbolSvg(glyph)).toContain(d.glyphs?.[glyph]);
      }
  });

  it("a glyph two games would draw differently is refused", () => {
    expect(() => registerGlyphs({ "●": '<rect width="1" height="1"/>' })).toThrow(/drawn twice/);
    expect(() => registerGlyphs({ "●": symbolSvgShapes("●") })).not.toThrow();
  });
});

/** The shapes inside a symbol's SVG (between its opening and closing tags). */
function symbolSvgShapes(glyph: string): string {
  const svg = symbolSvg(glyph);
  return svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
}
