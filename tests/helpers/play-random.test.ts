/**
 * The random-play harness catches what it promises to: a game that never ends, a mutated input,
 * a refused legal move, a state that is not JSON, a broken view, and a failing invariant.
 */
import { describe, expect, it } from "vitest";
import { refuse, integer, ok, succeed, type Game, type SeatId } from "../../src/rules/core";
import { checkRandomPlay, jsonProblem, playRandom } from "./play-random";

interface RaceState {
  readonly seats: readonly SeatId[];
  readonly turn: number;
  readonly totals: Readonly<Record<SeatId, number>>;
  readonly target: number;
}
type RaceMove = { readonly type: "step"; readonly by: 1 | 2 };

/** Two seats take turns adding 1 or 2 (or a die roll for 2) to their totals; the first to the target wins. */
function race(overrides: Partial<Game<RaceState, RaceMove, { target: number }, RaceState>> = {}) {
  const game: Game<RaceState, RaceMove, { target: number }, RaceState> = {
    id: "race",
    nameKey: "race",
    minSeats: 2,
    maxSeats: 2,
    usesLedger: false,
    optionSchema: { target: integer(10, 1, 100) },
    defaultOptions: () => ({ target: 10 }),
    checkOptions: () => succeed({}),
    setup: (seats, options) =>
      ok({ seats, turn: 0, totals: { [seats[0]!]: 0, [seats[1]!]: 0 }, target: options.target }),
    isMove: (move: unknown): move is RaceMove =>
      typeof move === "object" && move !== null && (move as RaceMove).type === "step",
    legalMoves: (s, seat) =>
      game.status(s).toAct.includes(seat)
        ? [
            { type: "step", by: 1 },
            { type: "step", by: 2 },
          ]
        : [],
    apply: (s, seat, move, random) => {
      if (!game.status(s).toAct.includes(seat)) return refuse("not-your-turn");
      const by = move.by === 2 ? random.die(2) : 1;
      return ok({ ...s, turn: s.turn + 1, totals: { ...s.totals, [seat]: s.totals[seat]! + by } });
    },
    view: (s) => s,
    status: (s) => {
      const over = Object.values(s.totals).some((t) => t >= s.target);
      return { over, toAct: over ? [] : [s.seats[s.turn % 2]!] };
    },
    ...overrides,
  };
  return game;
}

const seats = ["a", "b"];

describe("playRandom", () => {
  it("plays a sound game to its end and calls the invariant after setup and after every move", () => {
    let calls = 0;
    const result = playRandom(race(), 7, { seats, maxMoves: 100, invariant: () => void calls++ });
    expect(result.over).toBe(true);
    expect(calls).toBe(result.moves + 1);
    checkRandomPlay(race(), { seats, maxMoves: 100, runs: 20 });
  });

  it("is deterministic for a seed", () => {
    expect(playRandom(race(), 3, { seats, maxMoves: 100 })).toEqual(playRandom(race(), 3, { seats, maxMoves: 100 }));
  });

  it("fails a game that does not end, unless unfinished games are allowed", () => {
    const endless = race({ status: (s) => ({ over: false, toAct: [s.seats[s.turn % 2]!] }) });
    expect(() => playRandom(endless, 1, { seats, maxMoves: 50 })).toThrow(/did not end within 50 moves/);
    expect(playRandom(endless, 1, { seats, maxMoves: 50, allowUnfinished: true })).toMatchObject({
      moves: 50,
      over: false,
    });
  });

  it("fails an apply that mutates its input", () => {
    const mutating = race({
      apply: (s, seat) => {
        (s.totals as Record<SeatId, number>)[seat] = s.totals[seat]! + 1;
        return ok({ ...s, turn: s.turn + 1 });
      },
    });
    expect(() => playRandom(mutating, 1, { seats, maxMoves: 100 })).toThrow(/mutated/);
  });

  it("fails a legal move that apply refuses, even one the random play would not pick", () => {
    const picky = race({ apply: (s, _seat, move) => (move.by === 2 ? refuse("no") : ok({ ...s, turn: s.turn + 1 })) });
    expect(() =>
      playRandom(picky, 1, { seats, maxMoves: 100, choose: (_s, _seat, moves) => moves[0]!, allowUnfinished: true }),
    ).toThrow(/"by":2\} refused: no/);
  });

  it("fails a state that is not JSON and a view that throws", () => {
    const withSet = race({ setup: (s) => ok({ seats: s, turn: 0, totals: {}, target: 1, extra: new Set() }) });
    expect(() => playRandom(withSet, 1, { seats, maxMoves: 10 })).toThrow(/not JSON: \$.extra is not a plain object/);
    const blind = race({
      view: (s, viewer) => {
        if (viewer.role === "spectator") throw new Error("no spectators");
        return s;
      },
    });
    expect(() => playRandom(blind, 1, { seats, maxMoves: 10 })).toThrow(/no spectators/);
  });

  it("fails a seat to act without legal moves, and a failing invariant names the game and seed", () => {
    const stuck = race({ legalMoves: () => [] });
    expect(() => playRandom(stuck, 1, { seats, maxMoves: 10 })).toThrow(/has no legal move but is to act/);
    const invariant = () => {
      throw new Error("broken");
    };
    expect(() => playRandom(race(), 9, { seats, maxMoves: 10, invariant })).toThrow(
      /race, seed 9, after 0 moves: broken/,
    );
  });

  it("knows JSON from what is not", () => {
    expect(jsonProblem({ a: [1, "x", null, { b: true }], c: undefined })).toBeNull();
    expect(jsonProblem({ a: [1, undefined] })).toBe("$.a[1] is undefined");
    expect(jsonProblem({ a: NaN })).toBe("$.a is NaN");
    expect(jsonProblem({ a: new Map() })).toBe("$.a is not a plain object");
    expect(jsonProblem({ f: () => 1 })).toBe("$.f is function");
  });
});
