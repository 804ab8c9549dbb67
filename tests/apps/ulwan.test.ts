/** The Ulwan window: the board layer's context (squares, glyphs, sources, destinations) and the clicks' moves. */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { apps } from "../../src/games";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import type { BoardContext } from "../../src/apps/board/context";
import { pairOf, ulwanContext } from "../../src/apps/ulwan/context";
import type { UlwanMove, UlwanState, UlwanView } from "../../src/rules/ulwan";
import { sevenUlwan, ulwan, ulwanFinkel } from "../../src/rules/ulwan";
import { ScriptedRandom } from "../../src/rules/core";
import type { TableUpdate } from "../../src/table/protocol";
import { rollN, setPieces, startSeven, startUlwan, step } from "../rules/ulwan/helpers";
import { viewedUpdate } from "../helpers/table-update";

const i18n = dictionaryLocalizer(en);
// The templates as the standalone page renders them (Foundry's `localize` helper).
const render = createRenderer(i18n);
const controls = (context: object): string => render("ulwan/controls.hbs", context);

/** What the host sends `seat` (null: a spectator) of this Seven Ulwan state. */
function update(state: UlwanState, seat: string | null): TableUpdate<UlwanView, UlwanMove> {
  return viewedUpdate(sevenUlwan, state, seat, ["Aurra", "Bossk"], {
    gameId: state.game,
    version: 3,
    toAct: [state.seats[state.turn]!],
  });
}

describe("Ulwan window", () => {
  it("is registered for the three games", () => {
    for (const id of ["ulwan", "ulwan-finkel", "seven-ulwan"]) expect(apps[id]?.parts.board).toBe("board/board.hbs");
  });

  it("draws every square with its kind and glyph, pieces by owner, and the legal moves as (from, to) pairs", () => {
    const s = rollN(setPieces(startSeven(), ["a2"], ["c3"]), 1).state;
    const ctx = ulwanContext(update(s, s.seats[0]));
    const board = ctx.board as BoardContext;
    const cell = (id: string) => board.cells.find((c) => c.id === id)!;
    expect(cell("b2")).toMatchObject({ kind: "esk", glyph: "E", destFor: "a2" });
    expect(cell("a2")).toMatchObject({ selectable: true, piece: { owner: 0, glyph: "●" } });
    expect(cell("c3").piece).toMatchObject({ owner: 1, glyph: "■" });
    expect(cell("d1")).toMatchObject({ kind: "aurek", glyph: "A", destFor: "hand" });
    expect(board.cells).toHaveLength(20); // the 3×8 board without its 4 gaps
    expect(board.trays.find((t) => t.id === "hand")).toMatchObject({ selectable: true, count: 6 });
  });

  it("a click pair becomes the matching legal move; anything else is refused with a reason", () => {
    const s = rollN(setPieces(startSeven(), ["a2"], []), 1).state;
    const u = update(s, s.seats[0]);
    const act = apps["seven-ulwan"]!.actions["board-move"]!;
    expect(act({ data: { from: "a2", to: "b2" }, fields: {} }, u)).toEqual({
      ok: true,
      move: { type: "move", from: "a2" },
    });
    expect(act({ data: { from: "hand", to: "d1" }, fields: {} }, u)).toEqual({ ok: true, move: { type: "enter" } });
    expect(act({ data: { from: "a2", to: "c2" }, fields: {} }, u)).toEqual({
      ok: false,
      error: { code: "CANTINA.Board.Error.NotDestination", params: { to: "c2" } },
    });
  });

  it("a click on a square with no legal move says why: the rules' own refusal of that move", () => {
    const s = rollN(setPieces(startSeven(), ["a2"], []), 1).state;
    const u = update(s, s.seats[0]);
    const act = apps["seven-ulwan"]!.actions["board-move"]!;
    // No piece of the player's on c5: the move goes to the host, whose rules refuse it with a reason.
    const sent = act({ data: { from: "c5", to: "", refused: "true" }, fields: {} }, u);
    expect(sent).toEqual({ ok: true, move: { type: "move", from: "c5" } });
    const refused = sevenUlwan.apply(s, s.seats[0], (sent as { move: UlwanMove }).move, new ScriptedRandom([]));
    expect(refused.ok ? null : refused.error.code).toBe("CANTINA.Ulwan.Error.NoPiece");
    // Without the board's mark (a stale pair from the move list) nothing is sent.
    expect(act({ data: { from: "c5", to: "d5" }, fields: {} }, u)).toEqual({
      ok: false,
      error: { code: "CANTINA.Ulwan.Error.Illegal" },
    });
  });

  it("bear-off goes to the off tray; Esk pairs are their squares", () => {
    const s = rollN(setPieces(startSeven(), ["h1"], []), 2).state;
    const view = sevenUlwan.view(s, { role: "spectator" });
    expect(pairOf(view, { type: "move", from: "h1" })).toEqual({ from: "h1", to: "off" });
    const esk: UlwanMove = { type: "esk", from: "b2", to: "c3" };
    expect(pairOf(view, esk)).toEqual({ from: "b2", to: "c3" });
  });

  it("Ulwan's Cresh offers the extra roll as a choice: a Roll again button (the turn's roll action) beside No, end the turn", () => {
    let s = rollN(setPieces(startUlwan(), ["b2"], []), 2).state;
    s = step(s, { type: "move", from: "b2" }).state; // onto d2, a Cresh
    expect(ulwan.legalMoves(s, s.seats[0])).toEqual([{ type: "roll" }, { type: "decline" }]);
    const ctx = ulwanContext(update(s, s.seats[0]));
    expect(ctx.status).toEqual({ key: "CANTINA.Ulwan.Status.Offer.extraRoll", params: { name: "Aurra" } });
    expect(ctx.controls).toMatchObject({ roll: true, extraRoll: true, decline: true, buyRoll: false });
    const html = controls(ctx);
    expect(html).toMatch(
      /<button type="button" class="cantina-primary" data-action="roll" data-extra-roll>Roll again \(4d2&gt;2\)<\/button>/,
    );
    expect(html).toContain('<button type="button" data-action="decline">No, end the turn</button>');
    const act = apps.ulwan!.actions;
    const u = update(s, s.seats[0]);
    expect(act.roll!({ data: {}, fields: {} }, u)).toEqual({ ok: true, move: { type: "roll" } });
    expect(act.decline!({ data: {}, fields: {} }, u)).toEqual({ ok: true, move: { type: "decline" } });
    // The opponent and spectators see no buttons; the turn's ordinary roll keeps its label.
    expect(controls(ulwanContext(update(s, s.seats[1])))).not.toContain("data-action");
    const plain = controls(ulwanContext(update(setPieces(startUlwan(), [], []), s.seats[0])));
    expect(plain).toContain(">Roll 4d2&gt;2</button>");
    expect(plain).not.toContain("data-extra-roll");
  });

  it("a spectator sees the board without sources; player 2 sees it flipped", () => {
    const s = setPieces(startSeven(), ["a2"], []);
    const spectator = ulwanContext(update(s, null)).board as BoardContext;
    expect(spectator.cells.some((c) => c.selectable)).toBe(false);
    const p2 = ulwanContext(update(s, s.seats[1])).board as BoardContext;
    expect(p2.cells[0]?.id).toBe("a1");
  });
});

describe("Finkel's board in the window (issue 27)", () => {
  it("shows no Aurek / Besh / tiles row where the board has no such tiles; Seven Ulwan keeps it", () => {
    const finkel = ulwanFinkel.setup(["a", "b"], ulwanFinkel.defaultOptions(), new ScriptedRandom([]));
    if (!finkel.ok) throw new Error(finkel.error.code);
    const finkelUpdate = viewedUpdate(ulwanFinkel, finkel.state, "a", ["Aurra", "Bossk"], {
      gameId: "ulwan-finkel",
      version: 1,
      toAct: ["a"],
    });
    const finkelHtml = render("ulwan/table.hbs", ulwanContext(finkelUpdate));
    expect(finkelHtml).not.toContain("data-stats");
    expect(finkelHtml).not.toContain("Aurek / Besh / tiles");
    const seven = startSeven();
    expect(render("ulwan/table.hbs", ulwanContext(update(seven, seven.seats[0]!)))).toContain("data-stats");
  });

  it("a finished game's controls are marked as over, so the empty error line takes no room under the board", () => {
    const seven = startSeven();
    const live = controls(ulwanContext(update(seven, seven.seats[0]!)));
    expect(live).not.toContain("is-over");
    const over: UlwanState = { ...seven, phase: "over", winner: 0 };
    const html = controls(ulwanContext(update(over, seven.seats[0]!)));
    expect(html).toMatch(/class="[^"]*cantina-ulwan-controls[^"]*\bis-over\b/);
    // The error line stays in the page (a screen reader hears it when it fills); only its reserved room goes.
    expect(html).toContain("data-error");
  });

  it("the winner's badge stands on the winner's name line, not on a line of its own under the counts", () => {
    const seven = startSeven();
    const over: UlwanState = { ...seven, phase: "over", winner: 1 };
    const html = render("ulwan/table.hbs", ulwanContext(update(over, seven.seats[0]!)));
    const winnerPanel = html.split("<li").find((panel) => panel.includes("data-winner")) ?? "";
    expect(winnerPanel).toMatch(/<h3>((?!<\/h3>)[^])*data-winner((?!<\/h3>)[^])*<\/h3>/);
    expect(html.match(/data-winner/g)).toHaveLength(1);
  });

  it("draws each player's path on the in-game board: a line through its squares in order, with arrows", () => {
    const finkel = ulwanFinkel.setup(["a", "b"], ulwanFinkel.defaultOptions(), new ScriptedRandom([]));
    if (!finkel.ok) throw new Error(finkel.error.code);
    const u = viewedUpdate(ulwanFinkel, finkel.state, "a", ["Aurra", "Bossk"], { gameId: "ulwan-finkel" });
    const context = apps["ulwan-finkel"]!.context(u);
    const board = context.board as BoardContext;
    expect(board.trackLines.map((t) => t.owner)).toEqual([0, 1]);
    const paths = finkel.state.board.paths;
    for (const line of board.trackLines) {
      const points = line.points.split(" ");
      expect(points).toHaveLength(paths[line.owner as 0 | 1].length);
      // The first point sits on the path's first square (shifted a little per side).
      const first = board.cells.find((c) => c.id === paths[line.owner as 0 | 1][0])!;
      const [x, y] = points[0]!.split(",").map(Number);
      expect(Math.abs(x! - first.cx)).toBeLessThan(10);
      expect(Math.abs(y! - first.cy)).toBeLessThan(10);
    }
    const html = render("board/board.hbs", context);
    expect(html.match(/<polyline class="cantina-track owner-\d"[^>]*marker-mid=/g)).toHaveLength(2);
  });
});
