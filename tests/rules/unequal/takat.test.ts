/** Takat rules, one test per rule of text 004 (with its correction), and bad input refused unchanged. */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  type Colour,
  type TakatState,
  ADJACENT,
  BLACK,
  RED,
  WHITE,
  takat,
  type TakatMove,
  takatHasMove,
  takatInitial,
  takatLegalMoves,
  takatRefusal,
} from "../../../src/rules/unequal";
import { checkRandomPlay } from "../../helpers/play-random";
import { turnMoves } from "../../helpers/turn-moves";

const SEATS = ["white", "black"] as const;
const rnd = new SeededRandom(1);
const fresh = (): TakatState => takatInitial(["white", "black"], takat.defaultOptions());
/** A position from stacks written bottom-first ("wb" = white under black). */
function at(stacks: readonly string[], turn: 0 | 1 = WHITE, lastTo: number | null = null): TakatState {
  return { ...fresh(), stacks: stacks.map((s) => s.split("") as Colour[]), turn, lastTo };
}
const seat = (s: TakatState) => SEATS[s.turn];
const { play, refused } = turnMoves(takat, seat, rnd);

describe("Takat", () => {
  it("board: seven hexes, the centre touching all six, every other ring hex red", () => {
    expect(ADJACENT[0]).toHaveLength(6);
    for (let i = 1; i < 7; i++) expect(ADJACENT[i]).toHaveLength(3);
    expect(RED).toEqual([1, 3, 5]);
  });

  it("White moves first, all pieces start off the board (6 white, 15 black)", () => {
    const s = takat.setup(["white", "black"], takat.defaultOptions(), rnd);
    expect(s.ok && takat.status(s.state).toAct).toEqual(["white"]);
    if (s.ok) expect(takat.view(s.state, { role: "gm" }).reserve).toEqual({ w: 6, b: 15 });
  });

  it("enter: on any empty hex except the centre", () => {
    refused(fresh(), { type: "enter", to: 0 }, "CANTINA.Unequal.Takat.Error.EnterCentre");
    const s = play(fresh(), { type: "enter", to: 2 });
    expect(s.stacks[2]).toEqual(["w"]);
    refused({ ...s, turn: BLACK }, { type: "enter", to: 2 }, "CANTINA.Unequal.Takat.Error.EnterOccupied");
  });

  it("enter: a player with no piece left off the board cannot enter", () => {
    const s = at(["ww", "w", "", "w", "w", "w", ""]);
    refused(s, { type: "enter", to: 2 }, "CANTINA.Unequal.Takat.Error.NoPieceLeft");
  });

  it("Black must enter while it has fewer pieces on the board than White", () => {
    const s = at(["", "w", "", "", "", "", ""], BLACK);
    refused(s, { type: "move", from: 1, to: 0 }, "CANTINA.Unequal.Takat.Error.MustEnter");
    expect(takatLegalMoves(s, BLACK).every((m) => m.type === "enter")).toBe(true);
  });

  it("Black short of pieces on the board but unable to enter may move instead", () => {
    const s = at(["b", "ww", "b", "w", "b", "w", "b"], BLACK);
    expect(takatLegalMoves(s, BLACK).some((m) => m.type === "move")).toBe(true);
  });

  it("a piece of either colour may be moved, only the top of a stack", () => {
    const s = play(at(["", "bw", "b", "b", "", "", ""]), { type: "move", from: 1, to: 0 });
    expect(s.stacks[0]).toEqual(["w"]);
    expect(s.stacks[1]).toEqual(["b"]);
    const t = play(at(["", "wb", "b", "b", "", "", ""]), { type: "move", from: 1, to: 0 });
    expect(t.stacks[0]).toEqual(["b"]);
  });

  it("a piece moves to an adjacent hex only", () => {
    refused(
      at(["", "bw", "b", "b", "", "", ""]),
      { type: "move", from: 1, to: 3 },
      "CANTINA.Unequal.Takat.Error.NotAdjacent",
    );
  });

  it("the target stack may be at most one higher than the starting stack (3 onto 4, not onto 5; always down)", () => {
    const base = ["", "bwb", "bwbw", "", "", "", "bwbwb"];
    expect(play(at(base), { type: "move", from: 1, to: 2 }).stacks[2]).toHaveLength(5);
    refused(at(base), { type: "move", from: 1, to: 6 }, "CANTINA.Unequal.Takat.Error.TooHigh");
    expect(play(at(base), { type: "move", from: 6, to: 1 }).stacks[1]).toHaveLength(4);
  });

  it("temporarily safe: two of a colour stacked directly, only their owner moves the top one", () => {
    const s = at(["", "bww", "b", "b", "", "", ""], BLACK);
    refused(
      { ...s, stacks: s.stacks.map((x, i) => (i === 0 ? ["b", "b", "w"] : x)) as Colour[][] },
      { type: "move", from: 1, to: 0 },
      "CANTINA.Unequal.Takat.Error.TemporarilySafe",
    );
    expect(play(at(["", "bww", "b", "b", "", "", ""]), { type: "move", from: 1, to: 0 }).stacks[0]).toEqual(["w"]);
  });

  it("permanently safe: three of a colour on a red hex, nobody moves the top one", () => {
    refused(
      at(["", "www", "", "", "", "", ""]),
      { type: "move", from: 1, to: 0 },
      "CANTINA.Unequal.Takat.Error.PermanentlySafe",
    );
    // The same three on a plain hex are only temporarily safe: their owner moves them.
    expect(play(at(["", "", "www", "", "", "", ""]), { type: "move", from: 2, to: 0 }).stacks[0]).toEqual(["w"]);
  });

  it("no restriction on stacking on top of safe pieces", () => {
    expect(play(at(["bbw", "www", "", "", "", "", ""]), { type: "move", from: 0, to: 1 }).stacks[1]).toHaveLength(4);
  });

  it("two adjacent stacks four or more high topped by safe pieces of the same colour are illegal", () => {
    // Moving a white onto hex 1 makes "bbww" (safe white top, 4 high) next to the centre's "bbww".
    const s = at(["bbww", "bbw", "", "", "", "", "bbbw"]);
    refused(s, { type: "move", from: 6, to: 1 }, "CANTINA.Unequal.Takat.Error.AdjacentSafe");
  });

  it("correction: a player cannot move the piece the opponent just moved or entered", () => {
    const s = play(fresh(), { type: "enter", to: 2 });
    refused(
      { ...s, stacks: s.stacks.map((x, i) => (i === 4 ? ["b"] : x)) as Colour[][] },
      { type: "move", from: 2, to: 0 },
      "CANTINA.Unequal.Takat.Error.JustMoved",
    );
  });

  it("White wins with a six-high stack of any colours", () => {
    const s = play(at(["", "bwbwb", "bwbwb", "", "", "", ""]), { type: "move", from: 2, to: 1 });
    expect(s.over && s.winner).toBe(WHITE);
  });

  it("White wins with a six-high stack even made on Black's turn", () => {
    const s = play(at(["b", "bwbwb", "bwbwb", "b", "b", "b", "b"], BLACK), { type: "move", from: 2, to: 1 });
    expect(s.over && s.winner).toBe(WHITE);
  });

  it("Black wins when White has no legal move on its turn", () => {
    // Every top is a safe black pair, all six white discs are on the board, and the entered disc may not be moved back.
    const s = play(at(["wbb", "wbb", "wbb", "wbb", "wbb", "wbb", ""], BLACK), { type: "enter", to: 6 });
    expect(takatLegalMoves({ ...s, over: false }, WHITE)).toEqual([]);
    expect([s.over, s.winner, s.reason]).toEqual([true, BLACK, "immobilized"]);
  });

  it("White also wins by immobilizing Black", () => {
    // Black has all 15 on the board under permanently safe tops (red hexes) and white safe pairs.
    const s = play(at(["bw", "bbbb", "bww", "bbbb", "bww", "bbbb", "w"]), { type: "move", from: 6, to: 0 });
    expect(takatLegalMoves({ ...s, over: false }, BLACK)).toEqual([]);
    expect([s.over, s.winner, s.reason]).toEqual([true, WHITE, "immobilized"]);
  });

  it("bad input is refused and the state is unchanged", () => {
    const s = fresh();
    refused(s, { type: "enter", to: 9 }, "CANTINA.Unequal.Error.BadMove");
    refused(s, { type: "fly" }, "CANTINA.Unequal.Error.BadMove");
    refused(s, { type: "move", from: 1, to: 0 }, "CANTINA.Unequal.Takat.Error.Empty");
    const r = takat.apply(s, "black", { type: "enter", to: 1 }, rnd);
    expect(!r.ok && r.error.code).toBe("CANTINA.Unequal.Error.NotYourTurn");
    expect(takat.checkOptions({ maxMoves: 5, repetitionDraw: true }, ["a", "b"])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
  });

  it("draws: the move limit and threefold repetition end the game drawn", () => {
    const limited = play(
      { ...at(["", "w", "", "", "b", "", ""]), draw: { maxMoves: 1, repetitionDraw: true } },
      { type: "move", from: 1, to: 0 },
    );
    expect([limited.over, limited.winner, limited.reason]).toEqual([true, null, "move-limit"]);
  });

  it("property: the listed legal moves are exactly the moves the refusal check accepts, in its order", () => {
    const candidates: TakatMove[] = [
      ...[0, 1, 2, 3, 4, 5, 6].map((to): TakatMove => ({ type: "enter", to })),
      // By hex, each hex's neighbours in the board's order first, then the hexes not touching it.
      ...[0, 1, 2, 3, 4, 5, 6].flatMap((from) =>
        [...ADJACENT[from]!, ...[0, 1, 2, 3, 4, 5, 6].filter((to) => !ADJACENT[from]!.includes(to))].map(
          (to): TakatMove => ({ type: "move", from, to }),
        ),
      ),
    ];
    const dice = new SeededRandom(38);
    let positions = 0;
    for (let game = 0; game < 12; game++) {
      let s = fresh();
      while (!s.over) {
        for (const side of [WHITE, BLACK] as const) {
          const accepted = candidates.filter((m) => takatRefusal(s, side, m) === null);
          expect(takatLegalMoves(s, side)).toEqual(accepted);
          expect(takatHasMove(s, side)).toBe(accepted.length > 0);
        }
        positions++;
        const legal = takatLegalMoves(s, s.turn);
        s = play(s, legal[dice.die(legal.length) - 1]!);
      }
    }
    expect(positions).toBeGreaterThan(200);
  });

  it("property: random legal play keeps 6 white and 15 black pieces, stacks below seven, and ends", () => {
    checkRandomPlay(takat, {
      seats: ["white", "black"],
      runs: 8,
      maxMoves: 400,
      probeLegalMoves: 4,
      invariant: (s) => {
        const count = (c: Colour) => s.stacks.flat().filter((p) => p === c).length;
        expect(count("w")).toBeLessThanOrEqual(6);
        expect(count("b")).toBeLessThanOrEqual(15);
        expect(s.stacks.every((st) => st.length <= 6)).toBe(true);
      },
    });
  });
});
