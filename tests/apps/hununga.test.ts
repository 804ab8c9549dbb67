/**
 * The Hununga window: the board's squares and pieces, the legal moves as from → to pairs with
 * follow-up choices, the buttons, and a scripted opening played through the window's actions only.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { apps } from "../../src/games";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import type { BoardContext } from "../../src/apps/board/context";
import { hunungaContext } from "../../src/apps/hununga/context";
import type { ActionInput } from "../../src/apps/core/types";
import { ScriptedRandom } from "../../src/rules/core";
import { type HunungaMove, type HunungaState, type HunungaView, hununga } from "../../src/rules/hununga";
import type { TableUpdate } from "../../src/table/protocol";
import { position, start } from "../rules/hununga/helpers";
import { viewedUpdate } from "../helpers/table-update";

const i18n = dictionaryLocalizer(en);
// The templates as the standalone page renders them (Foundry's `localize` helper).
const render = createRenderer(i18n);
const app = apps.hununga!;

/** What the host sends `seat` (null: a spectator) of this Hununga state. */
function update(state: HunungaState, seat: string | null): TableUpdate<HunungaView, HunungaMove> {
  return viewedUpdate(hununga, state, seat, ["Gala", "Rusk"], { version: 3, toAct: [state.seats[state.turn]!] });
}

/** Runs a window action for the side to act and applies its move with the given dice. */
function act(state: HunungaState, action: string, data: Record<string, string>, dice: number[] = []): HunungaState {
  const seat = state.seats[state.turn];
  const result = app.actions[action]!({ data, fields: {} } as ActionInput, update(state, seat));
  if (!("move" in result)) throw new Error(`${action} ${JSON.stringify(data)}: ${JSON.stringify(result)}`);
  const r = hununga.apply(state, seat, result.move as never, new ScriptedRandom(dice));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

const boardOf = (state: HunungaState, seat: string | null) => hunungaContext(update(state, seat)).board as BoardContext;
const choicesAt = (state: HunungaState, from: string, to: string) =>
  boardOf(state, state.seats[state.turn]).choiceSets.find((c) => c.from === from && c.to === to)?.choices ?? [];

describe("Hununga window", () => {
  it("is registered with the shared board layer", () => {
    expect(app.parts.board).toBe("board/board.hbs");
  });

  it("marks the centre and respawn squares and draws each piece with its dots, side by side's shape", () => {
    const s = start();
    const board = boardOf(s, s.seats[0]);
    const cell = (id: string) => board.cells.find((c) => c.id === id)!;
    expect(cell("3,3").kind).toBe("centre");
    expect(cell("0,7").kind).toBe("respawn-0");
    expect(cell("7,0").kind).toBe("respawn-1");
    expect(cell("3,7").piece).toMatchObject({ owner: 0, kind: "king", glyph: "⚅" });
    expect(cell("0,0").piece).toMatchObject({ owner: 1, kind: "rook", glyph: "⚃" });
    expect(cell("0,0").piece!.shape).not.toBe(cell("3,7").piece!.shape);
  });

  it("gives every label of the window a string (no raw keys) on each side and for a spectator", () => {
    let s = act(start(), "roll", {}, [4, 6]);
    for (const seat of [s.seats[0], s.seats[1], null]) {
      const ctx = hunungaContext(update(s, seat));
      const html = ["hununga/table.hbs", "board/board.hbs", "hununga/controls.hbs"].map((p) => render(p, ctx)).join("");
      expect(html).not.toMatch(/CANTINA\./);
    }
    s = act(s, "board-move", { from: "3,7", to: "4,4", id: "0|0-king-1|4,4|-" });
    const html = render("hununga/table.hbs", hunungaContext(update(s, s.seats[0])));
    expect(html).toContain("moved the king");
  });

  it("plays the worked example through the window: a choice of die, then a move-and-attack with a choice of target", () => {
    let s = act(start(), "roll", {}, [4, 6]);
    // The king can reach 4,4 with either die: the window asks which.
    const dieChoice = choicesAt(s, "3,7", "4,4");
    expect(dieChoice.map((c) => c.labelKey)).toEqual([
      "CANTINA.Hununga.Choice.Move.die1",
      "CANTINA.Hununga.Choice.Move.die2",
    ]);
    s = act(s, "board-move", { from: "3,7", to: "4,4", id: dieChoice[0]!.id });
    expect(s.pieces.find((p) => p.id === "0-king-1")!.at).toBe("4,4");
    expect(s.used[0]).toEqual({ piece: "0-king-1" });
    // The king's pawn ends on 3,1 between two red pawns: attack the right one (4,1) or the left one.
    const targets = choicesAt(s, "3,6", "3,1");
    expect(targets.map((c) => c.labelKey).sort()).toEqual([
      "CANTINA.Hununga.Choice.Attack.left.any",
      "CANTINA.Hununga.Choice.Attack.right.any",
    ]);
    const right = targets.find((c) => c.labelKey.endsWith("right.any"))!;
    s = act(s, "board-move", { from: "3,6", to: "3,1", id: right.id });
    expect(s.pieces.find((p) => p.id === "1-pawn-4")!.at).toBeNull();
    expect(s.claim).toBe(0);
  });

  it("refuses a board move that names no legal move, with a localized error", () => {
    const s = act(start(), "roll", {}, [4, 6]);
    const r = app.actions["board-move"]!(
      { data: { from: "3,7", to: "4,4", id: "1|0-king-1|9,9|-" }, fields: {} },
      update(s, s.seats[0]),
    );
    expect(r).toEqual({ ok: false, error: { code: "CANTINA.Hununga.Error.Illegal" } });
    expect(en.CANTINA.Hununga.Error.Illegal).toBeTruthy();
  });

  it("an illegal click says why: a square the piece cannot reach names it; a piece that cannot move gets the rules' refusal", () => {
    const s = act(start(), "roll", {}, [4, 6]);
    const boardMove = app.actions["board-move"]!;
    const mine = update(s, s.seats[0]);
    // The king can move, but not to 9,9.
    expect(boardMove({ data: { from: "3,7", to: "9,9", refused: "true" }, fields: {} }, mine)).toEqual({
      ok: false,
      error: { code: "CANTINA.Board.Error.NotDestination", params: { to: "9,9" } },
    });
    // Red's pawn on 4,1 is no piece of Gala's: the move goes to the rules, which say so.
    const sent = boardMove({ data: { from: "4,1", to: "", refused: "true" }, fields: {} }, mine);
    expect(sent).toMatchObject({ move: { type: "move", piece: "1-pawn-4", from: "4,1", path: [] } });
    const refused = hununga.apply(s, s.seats[0], (sent as { move: HunungaMove }).move, new ScriptedRandom([]));
    expect(refused.ok ? null : refused.error.code).toBe("CANTINA.Hununga.Error.NotYourPiece");
  });

  it("scores the centre, then offers the reroll token and the respawn as buttons that play", () => {
    let s = act(start(), "roll", {}, [4, 6]);
    s = act(s, "board-move", { from: "3,7", to: "4,4", id: "0|0-king-1|4,4|-" });
    s = act(s, "board-move", { from: "3,6", to: "3,1", id: "1|0-pawn-4|3,1|4,1" });
    // Red: the pawn beside green's attacks without moving (1), a pawn clears the rook's way (2).
    s = act(s, "roll", {}, [1, 2]);
    s = act(s, "board-move", { from: "2,1", to: "3,1", id: "0|1-pawn-3|2,1|3,1" });
    s = act(s, "board-move", { from: "7,1", to: "7,3", id: "1|1-pawn-7|7,3|-" });
    expect(s.scores).toEqual([1, 0]);
    expect(s.tokens).toEqual([0, 1]);
    // Green: two pawns step forward; the king keeps the centre.
    s = act(s, "roll", {}, [1, 2]);
    s = act(s, "board-move", { from: "0,6", to: "0,5", id: "0|0-pawn-1|0,5|-" });
    s = act(s, "board-move", { from: "1,6", to: "1,4", id: "1|0-pawn-2|1,4|-" });
    // Red rolls 3 and 5, spends the token on the 5 (a 1), moves the rook off its respawn square, respawns.
    s = act(s, "roll", {}, [3, 5]);
    const ctx = hunungaContext(update(s, s.seats[1])) as { controls: { rerolls: unknown[]; respawns: unknown[] } };
    expect(ctx.controls.rerolls).toEqual([
      { die: 0, index: 1, value: 3 },
      { die: 1, index: 2, value: 5 },
    ]);
    expect(ctx.controls.respawns).toEqual([]);
    expect(render("hununga/controls.hbs", ctx)).toContain("reroll die 2 (5)");
    s = act(s, "reroll", { die: "1" }, [1]);
    expect(s.dice).toEqual([3, 1]);
    s = act(s, "board-move", { from: "7,0", to: "7,1", id: "1|1-rook-2|7,1|-" });
    const after = hunungaContext(update(s, s.seats[1])) as { controls: { respawns: { die: number; piece: string }[] } };
    expect(after.controls.respawns).toEqual([
      { die: 0, piece: "1-pawn-4", kindKey: "CANTINA.Hununga.Piece.pawn", value: 3 },
    ]);
    s = act(s, "respawn", { die: "0", piece: "1-pawn-4" });
    expect(s.pieces.filter((p) => p.at === "7,0").map((p) => p.kind)).toEqual(["pawn"]);
    expect(s.scores).toEqual([2, 0]);
  });

  it("names a target by where the viewer sees it: the second seat's board is flipped top to bottom", () => {
    // Red's pawn steps 3,2 → 3,3 and attacks with its last point: the pawn on 3,4 or the one on 2,3.
    const s = position(
      [
        [1, "pawn", "3,2"],
        [0, "pawn", "3,4"],
        [0, "pawn", "2,3"],
        [0, "king", "7,7"],
        [1, "king", "0,0"],
      ],
      [2, 2],
      { turn: 1 },
    );
    const labels = choicesAt(s, "3,2", "3,3").map((c) => [c.id.split("|")[3], c.labelKey]);
    expect(labels).toEqual(
      expect.arrayContaining([
        ["3,4", "CANTINA.Hununga.Choice.Attack.up.any"],
        ["2,3", "CANTINA.Hununga.Choice.Attack.left.any"],
      ]),
    );
  });
});
