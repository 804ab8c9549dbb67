/**
 * The compact Finkel model (race.ts), the reference agents and the solved tables of Finkel's Ur
 * with one and two pieces (solved.ts): the tables' invariants, and the perfect bot's choices.
 */
import { describe, expect, it } from "vitest";
import { ROLL_ODDS, type UlwanState, legalMovesOf } from "../../../src/rules/ulwan";
import { perfectChoice } from "../../../src/rules/ulwan/bots";
import { raceApply, raceMoves, racePosition, raceShape, swap } from "../../../src/rules/ulwan/race";
import { solvedTable, solvedWin, startPosition } from "../../../src/rules/ulwan/solved";
import { startFinkel } from "./helpers";

function shapeOf(pieces: number) {
  const shape = raceShape(startFinkel({ pieces }));
  if (!shape) throw new Error("no model for Finkel's board");
  return shape;
}

describe("compact Finkel model", () => {
  it("reads Finkel's board: 14 squares, shared indexes 4-11, rosettes at 3, 7 and 13", () => {
    const s = shapeOf(7);
    expect(s.length).toBe(14);
    expect(s.shared).toBe(0b111111110000);
    expect(s.rosette).toBe((1 << 3) | (1 << 7) | (1 << 13));
  });

  it("Finkel's rules: a held shared rosette blocks, a shared square captures, exact roll to bear off", () => {
    const s = shapeOf(3);
    const moves = new Int8Array(32);
    // Me at 5 and 12; the opponent on the middle rosette 7 and on 8.
    const p = { me: (1 << 5) | (1 << 12), you: (1 << 7) | (1 << 8), meHand: 1, youHand: 1 };
    expect([...moves.slice(0, raceMoves(s, p, 2, moves))]).toEqual([-1, 12]); // 5+2 = 7 is blocked
    expect([...moves.slice(0, raceMoves(s, p, 3, moves))]).toEqual([-1, 5]); // 12+3 overshoots
    const hit = raceApply(s, p, 5, 3);
    expect(hit.you).toBe(1 << 7);
    expect(hit.youHand).toBe(2);
    expect(raceApply(s, p, -1, 4).next).toBe("again"); // the first rosette: another throw
  });
});

describe("solved Finkel's Ur (1 and 2 pieces)", () => {
  for (const pieces of [1, 2]) {
    const shape = shapeOf(pieces);
    const table = solvedTable(shape);
    if (!table) throw new Error("no table");

    it(`${pieces} piece(s): every value is a probability in [0, 1]`, () => {
      for (const w of table.win) {
        expect(w).toBeGreaterThanOrEqual(0);
        expect(w).toBeLessThanOrEqual(1);
      }
    });

    it(`${pieces} piece(s): each value is the expectation over the rolls of the best move (Bellman)`, () => {
      const moves = new Int8Array(32);
      for (let i = 0; i < table.positions.length; i += 97) {
        const p = table.positions[i]!;
        let v = 0;
        for (let n = 0; n <= 4; n++) {
          const count = raceMoves(shape, p, n, moves);
          let best = count === 0 ? 1 - solvedWin(table, swap(p))! : 0;
          for (let k = 0; k < count; k++) {
            const a = raceApply(shape, p, moves[k]!, n);
            const mine = { me: a.me, you: a.you, meHand: a.meHand, youHand: a.youHand };
            const w =
              a.next === "won" ? 1 : a.next === "again" ? solvedWin(table, mine)! : 1 - solvedWin(table, swap(mine))!;
            best = Math.max(best, w);
          }
          v += ROLL_ODDS[n]! * best;
        }
        expect(v).toBeCloseTo(table.win[i]!, 8);
      }
    });

    it(`${pieces} piece(s): terminal values: bearing off the last piece wins, a side that cannot score in time loses`, () => {
      // The side to roll has its last piece one step from home: a 1 wins outright.
      const last = { me: 1 << 13, you: 0, meHand: 0, youHand: pieces };
      expect(solvedWin(table, last)).toBeGreaterThanOrEqual(ROLL_ODDS[1]!);
      // The opponent's last piece one step from home and all of mine in hand: I lose unless it misses.
      const lost = { me: 0, you: 1 << 13, meHand: pieces, youHand: 0 };
      expect(solvedWin(table, lost)).toBeLessThan(1 - ROLL_ODDS[1]! + 1e-9);
    });

    it(`${pieces} piece(s): the two sides are symmetric (seat 0 and seat 1 see the same value)`, () => {
      const start = startFinkel({ pieces });
      const a = racePosition(start, 0);
      const mirrored: UlwanState = { ...start, turn: 1 };
      const b = racePosition(mirrored, 1);
      expect(solvedWin(table, a)).toBe(solvedWin(table, b));
      expect(solvedWin(table, startPosition(shape))).toBeGreaterThan(0.5); // moving first is an edge
    });
  }

  it("the start position's values (docs/rules/ulwan.md): 53.0% with one piece, 51.9% with two", () => {
    expect(solvedWin(solvedTable(shapeOf(1))!, startPosition(shapeOf(1)))).toBeCloseTo(0.53005, 4);
    expect(solvedWin(solvedTable(shapeOf(2))!, startPosition(shapeOf(2)))).toBeCloseTo(0.51857, 4);
  });

  it("no table beyond two pieces: the perfect level plays the expert's search there", () => {
    expect(solvedTable(shapeOf(3))).toBeNull();
    const s = { ...startFinkel({ pieces: 3 }), phase: "move" as const, roll: 2 };
    expect(perfectChoice(s, [{ type: "enter" }])).toBeNull();
  });

  it("perfect bears its last piece off (a win) rather than move its other piece", () => {
    const base = startFinkel({ pieces: 2 });
    const path = base.board.paths[0];
    const at = (i: number): number => base.board.squares.findIndex((q) => q.id === path[i]);
    // One piece off, the last one step from home; the opponent has both on the board.
    const state: UlwanState = {
      ...base,
      phase: "move",
      roll: 1,
      pos: [
        [-2, at(13)],
        [at(2), at(1)],
      ],
    };
    const bearOff = { type: "move", from: path[13]! } as const;
    expect(perfectChoice(state, legalMovesOf(state, 0))).toEqual(bearOff);
    // With both pieces on the board and a 4: from index 9 to the home rosette (another throw)
    // rather than from 3 to 7 (the middle rosette): the table prefers one of them, and it is legal.
    const two: UlwanState = {
      ...base,
      phase: "move",
      roll: 4,
      pos: [
        [at(3), at(9)],
        [-1, -1],
      ],
    };
    const legal = legalMovesOf(two, 0);
    expect(legal).toContainEqual(perfectChoice(two, legal));
  });
});
