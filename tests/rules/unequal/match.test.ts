/**
 * The paired match (text 004: "best played in pairs, the players taking different sides, with some
 * accounting system"): the return game with the sides swapped, the settlement by the scoring option
 * (Por'rika) or a point per win, the single game without the option, and bad options refused.
 */
import { describe, expect, it } from "vitest";
import { type Game, SeededRandom } from "../../../src/rules/core";
import type { TwoSideState } from "../../../src/rules/unequal/common";
import type { MatchState } from "../../../src/rules/unequal/match";
import { defianceMatch, porrikaMatch, porrikaMatchPoints, takatMatch } from "../../../src/rules/unequal/matches";
import type { PorrikaState } from "../../../src/rules/unequal/porrika";

type AnyMatch = Game<MatchState<TwoSideState>, unknown, Record<string, unknown>, unknown>;
const SEATS = ["a", "b"];

function play(game: AnyMatch, options: Record<string, unknown>, seed: number): MatchState<TwoSideState> {
  const random = new SeededRandom(seed);
  const r = game.setup(SEATS, { ...game.defaultOptions(), ...options }, random);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  let s = r.state;
  for (let i = 0; i < 2000 && !game.status(s).over; i++) {
    const seat = game.status(s).toAct[0]!;
    const legal = game.legalMoves(s, seat);
    const next = game.apply(s, seat, legal[random.die(legal.length) - 1], random);
    if (!next.ok) throw new Error(JSON.stringify(next.error));
    s = next.state;
  }
  return s;
}

describe("paired match", () => {
  it("the return game swaps the sides: the second seat plays side 0", () => {
    const s = play(takatMatch as unknown as AnyMatch, { paired: true, maxMoves: 20 }, 1);
    expect(s.games.map((g) => g.first)).toEqual(["a", "b"]);
    expect(s.inner.seats).toEqual(["b", "a"]);
  });

  it("without the option the match is the one game", () => {
    const game = defianceMatch as unknown as AnyMatch;
    const s = play(game, { maxMoves: 12 }, 2);
    expect(s.games).toHaveLength(1);
    expect(game.status(s).over).toBe(true);
    expect(game.legalMoves(s, "a")).toEqual([]);
  });

  it("a win scores one point, a draw none; equal totals tie the match", () => {
    const game = takatMatch as unknown as AnyMatch;
    for (let seed = 1; seed <= 6; seed++) {
      const s = play(game, { paired: true, maxMoves: 60 }, seed);
      const totals = { a: 0, b: 0 } as Record<string, number>;
      for (const g of s.games) {
        if (g.winner !== null) totals[g.winner]! += 1;
        expect(Object.values(g.points).reduce((x, y) => x + y, 0)).toBe(g.winner === null ? 0 : 1);
      }
      const result = game.status(s).result!;
      const expected = totals.a === totals.b ? [] : [totals.a! > totals.b! ? "a" : "b"];
      expect(result.winners).toEqual(expected);
    }
  });

  it("Por'rika with its scoring option settles the match by the text's points", () => {
    const schelatiWin = { scoring: true, winner: 0, points: [3, 0] } as unknown as PorrikaState;
    expect(porrikaMatchPoints(schelatiWin)).toEqual([3, 0]);
    const serraWin = { scoring: true, winner: 1, points: [0, 5] } as unknown as PorrikaState;
    expect(porrikaMatchPoints(serraWin)).toEqual([0, 5]);
    const plain = { scoring: false, winner: 1, points: [0, 0] } as unknown as PorrikaState;
    expect(porrikaMatchPoints(plain)).toEqual([0, 1]);
    const game = porrikaMatch as unknown as AnyMatch;
    const s = play(game, { paired: true, scoring: true }, 4);
    for (const g of s.games) {
      const total = Object.values(g.points).reduce((x, y) => x + y, 0);
      if (g.winner === null) expect(total).toBe(0);
      else if (g.winner === g.first) expect(total).toBeLessThanOrEqual(4);
      else expect(g.points[g.winner]).toBe(5);
    }
  });

  it("bad input: a paired option that is not a boolean is refused, a move after the match is refused", () => {
    const game = takatMatch as unknown as AnyMatch;
    expect(game.checkOptions({ ...game.defaultOptions(), paired: 1 }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    const s = play(game, { maxMoves: 10 }, 3);
    const r = game.apply(s, "a", { type: "enter", to: 1 }, new SeededRandom(1));
    expect(r).toMatchObject({ ok: false, error: { code: "CANTINA.Unequal.Error.Over" } });
  });

  it("a finished match carries each seat's points, so the balance lab adds up the scoring option's points", () => {
    const game = porrikaMatch as unknown as AnyMatch;
    for (let seed = 1; seed <= 6; seed++) {
      const s = play(game, { scoring: true }, seed);
      const games = s.games.map((g) => [g.points.a ?? 0, g.points.b ?? 0]);
      expect(s.points).toEqual([games.reduce((t, g) => t + g[0]!, 0), games.reduce((t, g) => t + g[1]!, 0)]);
      expect(s.points![0] + s.points![1]).toBeGreaterThan(0);
    }
  });
});
