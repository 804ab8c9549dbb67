/**
 * Moves by the seat to act, for the rule tests of two-sided board games (Defiance, Por'rika, Takat):
 * one the rules must accept, and one they must refuse with a given code without touching the state.
 */
import { expect } from "vitest";
import type { Game, Random, SeatId } from "../../src/rules/core";

/** `play` and `refused` for `game`, the seat to act given by `seatOf`, dice from `random`. */
export function turnMoves<S, M, O, V>(game: Game<S, M, O, V>, seatOf: (s: S) => SeatId, random: Random) {
  return {
    /** The move the seat to act makes; the rules must accept it. */
    play(s: S, m: M): S {
      const r = game.apply(s, seatOf(s), m, random);
      if (!r.ok) throw new Error(r.error.code);
      return r.state;
    },
    /** The move is refused with `code` and the state is unchanged. */
    refused(s: S, m: unknown, code: string): void {
      const before = JSON.stringify(s);
      const r = game.apply(s, seatOf(s), m as M, random);
      expect(r.ok ? "accepted" : r.error.code).toBe(code);
      expect(JSON.stringify(s)).toBe(before);
    },
  };
}
