/**
 * Takat's expert level: its typed-array board (takat-board.ts) agrees with the rules on the legal
 * moves, the hash and the end of the game along random games; the expert takes a win in one, blocks
 * White's six-high stack, and plays only legal moves, deciding within its node limit.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  type Colour,
  type TakatState,
  ADJACENT,
  BLACK,
  WHITE,
  takat,
  takatInitial,
  takatLegalMoves,
  type TakatMove,
  takatPlay,
  takatRefusal,
} from "../../../src/rules/unequal";
import { TakatBoard, decodeMove, encodeMove } from "../../../src/rules/unequal/takat-board";
import { takatExpertChoice } from "../../../src/rules/unequal/takat-expert";

const fresh = (): TakatState => takatInitial(["white", "black"], takat.defaultOptions());
function at(stacks: readonly string[], turn: 0 | 1 = WHITE, lastTo: number | null = null): TakatState {
  return { ...fresh(), stacks: stacks.map((s) => s.split("") as Colour[]), turn, lastTo };
}
/** Every entry and every move to a neighbour, in the order the rules list them. */
const everyMove: TakatMove[] = [
  ...[1, 2, 3, 4, 5, 6].map((to): TakatMove => ({ type: "enter", to })),
  ...ADJACENT.flatMap((ns, from) => ns.map((to): TakatMove => ({ type: "move", from, to }))),
];
const sorted = (codes: Iterable<number>): number[] => [...codes].sort((a, b) => a - b);

describe("Takat's typed-array board", () => {
  it("gives the rules' legal moves, the same hash after make and unmake, and the rules' wins, over random games", () => {
    const dice = new SeededRandom(11);
    const buffer = new Int32Array(64);
    let positions = 0;
    for (let game = 0; game < 12; game++) {
      let s = fresh();
      while (!s.over) {
        const legal = takatLegalMoves(s, s.turn);
        const board = TakatBoard.from(s);
        const n = board.legal(buffer);
        expect(sorted(buffer.subarray(0, n))).toEqual(sorted(legal.map(encodeMove)));
        // The rules' fast list is every move their own refusal allows, in the same order.
        expect(legal).toEqual(everyMove.filter((m) => takatRefusal(s, s.turn, m) === null));
        const move = legal[dice.die(legal.length) - 1]!;
        const hash = board.hash;
        const last = board.make(encodeMove(move));
        const next = takatPlay(s, s.turn, move);
        expect(board.hash).toBe(TakatBoard.from(next).hash);
        // The rules' ends: a six-high stack for White, or the side to act left without a move.
        if (next.reason === "goal") expect(board.whiteBuilt()).toBe(true);
        if (next.reason === "immobilized") expect(board.legal(buffer)).toBe(0);
        board.unmake(encodeMove(move), last);
        expect(board.hash).toBe(hash);
        expect(decodeMove(encodeMove(move))).toEqual(move);
        s = next;
        positions++;
      }
    }
    expect(positions).toBeGreaterThan(300);
  });
});

describe("Takat's expert", () => {
  it("takes a win in one: White tops the five-high stack from a stack four high", () => {
    // Hex 0 (centre) five high; hex 1 four high with a White piece on top, free to move.
    const s = at(["bwbwb", "bbbw", "", "", "b", "", "w"], WHITE);
    const legal = takatLegalMoves(s, WHITE);
    expect(takatExpertChoice(s, legal, new SeededRandom(1))).toEqual({ type: "move", from: 1, to: 0 });
  });

  it("as Black, takes away White's six: it moves the piece White would climb with", () => {
    const s = at(["bwbwb", "bbbw", "", "b", "b", "", "w"], BLACK, 6);
    const legal = takatLegalMoves(s, BLACK);
    const move = takatExpertChoice(s, legal, new SeededRandom(2), undefined, 4_000);
    const after = takatPlay(s, BLACK, move);
    const threats = takatLegalMoves(after, WHITE).filter((m) => takatPlay(after, WHITE, m).reason === "goal");
    expect(threats).toEqual([]);
  });

  it("plays only legal moves along games against itself", () => {
    let s = fresh();
    const random = new SeededRandom(5);
    for (let ply = 0; ply < 20 && !s.over; ply++) {
      const legal = takatLegalMoves(s, s.turn);
      const move = takatExpertChoice(s, legal, random, undefined, 3_000);
      expect(legal).toContainEqual(move);
      s = takatPlay(s, s.turn, move);
    }
  });
});
