/**
 * Por'rika's expert level: its typed-array board (porrika-board.ts) agrees with the rules on the
 * legal moves, the hash and the wins along random games; the expert takes a win in one on either
 * side, plays only legal moves, repeats its game given the same Random, and keeps to its node and
 * time limits.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  type PorrikaMove,
  type PorrikaState,
  SCHELATI,
  SERRA,
  porrika,
  porrikaInitial,
  porrikaLegalMoves,
  porrikaPlay,
} from "../../../src/rules/unequal";
import { PASS, PorrikaBoard, encodeMove } from "../../../src/rules/unequal/porrika-board";
import {
  PORRIKA_EXPERT_MAX_MS,
  porrikaExpertChoice,
  porrikaExpertDecision,
} from "../../../src/rules/unequal/porrika-expert";
import { porrikaBots } from "../../../src/rules/unequal/bots";

const fresh = (): PorrikaState => porrikaInitial(["schelati", "serra"], porrika.defaultOptions());
/** The play phase after the Schelati place their Egg Carriers and Guardians on the marked triangles given. */
function placed(eggs: readonly string[], guardians: readonly string[]): PorrikaState {
  let s = fresh();
  for (const at of eggs) s = porrikaPlay(s, SCHELATI, { type: "place", kind: "egg", at });
  for (const at of guardians) s = porrikaPlay(s, SCHELATI, { type: "place", kind: "guardian", at });
  return s;
}
const opening = (): PorrikaState => placed(["1,1,n", "2,1,n"], ["0,0,n", "1,0,n", "2,0,n", "3,0,n"]);
/** A position: the given pieces (kind:key), side to act and moves made. */
function position(pieces: readonly string[], turn: 0 | 1, moves = 20): PorrikaState {
  return {
    ...opening(),
    pieces: pieces.map((p) => {
      const [kind, at] = p.split(":") as ["egg" | "guardian" | "serra", string];
      return { kind, at };
    }),
    turn,
    moves,
  };
}
const sorted = (codes: Iterable<number>): number[] => [...codes].sort((a, b) => a - b);

describe("Por'rika's typed-array board", () => {
  it("gives the rules' legal moves, the same hash after make and unmake, and the rules' wins, over random games", () => {
    const dice = new SeededRandom(21);
    const buffer = new Int32Array(64);
    let positions = 0;
    let wins = 0;
    for (let game = 0; game < 30; game++) {
      let s = opening();
      while (!s.over) {
        const legal = porrikaLegalMoves(s, s.turn);
        const board = PorrikaBoard.from(s);
        const n = board.legal(buffer);
        expect(sorted(buffer.subarray(0, n))).toEqual(sorted(legal.map(encodeMove)));
        const move = legal[dice.die(legal.length) - 1]!;
        const hash = board.hash;
        const code = encodeMove(move);
        board.make(code);
        const next = porrikaPlay(s, s.turn, move);
        expect(board.hash).toBe(PorrikaBoard.from(next).hash);
        // The rules' wins (a repetition or the move limit is the search's own check).
        const won = next.reason === "goal" || next.reason === "immobilized";
        expect(board.winnerAfter(code)).toBe(won ? next.winner : -1);
        if (won) wins++;
        board.unmake(code);
        expect(board.hash).toBe(hash);
        s = next;
        positions++;
      }
    }
    expect(positions).toBeGreaterThan(300);
    expect(wins).toBeGreaterThan(10);
  });

  it("lists a pass when the side to act has no move, as the rules do", () => {
    // Both Ser'ra left are locked: one against a Guardian across its square, one at the tip with nothing across.
    const s = position(["egg:0,0,n", "egg:3,0,n", "guardian:1,3,n", "serra:1,3,s", "serra:1,6,n"], SERRA);
    expect(porrikaLegalMoves(s, SERRA)).toEqual([{ type: "pass" }]);
    const buffer = new Int32Array(64);
    expect(PorrikaBoard.from(s).legal(buffer)).toBe(1);
    expect(buffer[0]).toBe(PASS);
  });
});

describe("Por'rika's expert", () => {
  it("as the Schelati, takes the win in one: the second Egg Carrier into the Sacred Waters", () => {
    const s = position(["egg:1,6,e", "egg:2,5,e", "guardian:0,0,n", "serra:0,3,s", "serra:3,2,s"], SCHELATI);
    const legal = porrikaLegalMoves(s, SCHELATI);
    const move = porrikaExpertChoice(s, legal, new SeededRandom(1));
    const after = porrikaPlay(s, SCHELATI, move);
    expect(after.winner).toBe(SCHELATI);
    expect(after.reason).toBe("goal");
  });

  it("as the Ser'ra, takes the win in one: a Ser'ra onto the triangle across an Egg Carrier", () => {
    const s = position(["egg:1,2,n", "egg:3,0,n", "guardian:0,0,n", "serra:1,3,e", "serra:3,4,s"], SERRA);
    const legal = porrikaLegalMoves(s, SERRA);
    expect(legal.some((m) => porrikaPlay(s, SERRA, m).winner === SERRA)).toBe(true);
    const move = porrikaExpertChoice(s, legal, new SeededRandom(2));
    expect(porrikaPlay(s, SERRA, move).winner).toBe(SERRA);
  });

  it("plays only moves the rules accept, to the end, over seeds on both sides", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const random = new SeededRandom(seed);
      const other = new SeededRandom(seed + 100);
      const expertSide = seed % 2;
      let s = fresh();
      while (!s.over) {
        const legal = porrikaLegalMoves(s, s.turn);
        const view = porrika.view(s, { role: "seat", seat: s.seats[s.turn]! });
        const move: PorrikaMove =
          s.turn === expertSide
            ? porrikaBots.expert.choose(view, legal, random, undefined)
            : legal[other.die(legal.length) - 1]!;
        expect(legal).toContainEqual(move);
        s = porrikaPlay(s, s.turn, move);
      }
    }
  });

  it("makes the same moves given the same Random", () => {
    const game = (): PorrikaMove[] => {
      const random = new SeededRandom(9);
      const out: PorrikaMove[] = [];
      let s = opening();
      for (let ply = 0; ply < 12 && !s.over; ply++) {
        const move = porrikaExpertChoice(s, porrikaLegalMoves(s, s.turn), random, undefined, 4_000);
        out.push(move);
        s = porrikaPlay(s, s.turn, move);
      }
      return out;
    };
    expect(game()).toEqual(game());
  });

  it("visits no more nodes than its limit", () => {
    const s = opening();
    const d = porrikaExpertDecision(s, porrikaLegalMoves(s, SCHELATI), new SeededRandom(3), undefined, 700);
    expect(d.nodes).toBeGreaterThan(0);
    expect(d.nodes).toBeLessThanOrEqual(700);
  });

  it("stops at its own time cap when the host allows more, and at the host's budget when it allows less", () => {
    for (const maxMs of [1_000, 30]) {
      // A clock that moves 1 ms each time it is read: the search reads it every 128 nodes.
      let clock = 0;
      const now = (): number => ++clock;
      const s = opening();
      const d = porrikaExpertDecision(s, porrikaLegalMoves(s, SCHELATI), new SeededRandom(4), { now, maxMs }, 1e9);
      const cap = Math.min(maxMs, PORRIKA_EXPERT_MAX_MS);
      expect(clock).toBeLessThanOrEqual(cap + 2);
      expect(d.nodes).toBeLessThanOrEqual((cap + 2) * 128);
    }
  });
});
