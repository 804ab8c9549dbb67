/** Hununga bots: they choose legal moves, take a king when they can, and play a whole game. */
import { describe, expect, it } from "vitest";
import { hununga, hunungaBots, strongChoice } from "../../../src/rules/hununga";
import { playRandom } from "../../helpers/play-random";
import { GREEN, SEATS, mv, position } from "./helpers";

describe("Hununga bots", () => {
  it("the strong bot captures the enemy king when a die allows it", () => {
    const s = position(
      [
        [0, "pawn", "4,1"],
        [0, "rook", "0,5"],
        [1, "king", "4,0"],
        [1, "rook", "1,5"],
      ],
      [1, 6],
    );
    expect(strongChoice(s, hununga.legalMoves(s, GREEN))).toEqual(mv(1, "0-pawn-1", "4,1", [], "4,0"));
  });

  it("the strong bot spends a reroll token for a one-in-six chance at the king", () => {
    const s = position(
      [
        [0, "pawn", "0,0"],
        [0, "pawn", "6,6"],
        [1, "king", "1,0"],
        [1, "rook", "0,1"],
      ],
      [2, 3],
      { tokens: [1, 0], used: [{ piece: "0-pawn-2" }, null] },
    );
    expect(strongChoice(s, hununga.legalMoves(s, GREEN))).toEqual({ type: "reroll", die: 1 });
  });

  it("strong against weak: a whole game of legal choices that ends", () => {
    const result = playRandom(hununga, 7, {
      seats: SEATS,
      maxMoves: 3000,
      probeLegalMoves: false,
      choose: (state, seat, moves, random) => {
        const view = hununga.view(state, { role: "seat", seat });
        const bot = state.turn === 0 ? hunungaBots.strong! : hunungaBots.weak!;
        const move = bot.choose(view, moves, random);
        expect(moves).toContainEqual(move);
        return move;
      },
    });
    expect(result.over).toBe(true);
  });
});
