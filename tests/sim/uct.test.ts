/**
 * The UCT yardstick (scripts/uct.ts) is a sound search: it takes a win in one, weighs a move's dice
 * by sampling them again on every iteration, never plays an illegal move, and counts a playout cut
 * at its limit as a draw; the match harness (scripts/yardstick.ts) alternates the bot's seat.
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, type Game, type GameStatus, SeededRandom, ok, refuse } from "../../src/rules/core";
import { games } from "../../src/games";
import { reward, uctChoose } from "../../scripts/uct";
import { playYardstick } from "../../scripts/yardstick";

/** Nim: take 1 to 3 from the pile; whoever takes the last one wins. */
interface Nim {
  readonly pile: number;
  readonly turn: 0 | 1;
  readonly winner: 0 | 1 | null;
}
const SEATS = ["a", "b"];
const nim: Pick<Game<Nim, number, unknown, unknown>, "legalMoves" | "apply" | "status"> = {
  legalMoves: (s, seat) => (s.winner === null && SEATS[s.turn] === seat ? [1, 2, 3].filter((n) => n <= s.pile) : []),
  apply(s, seat, take) {
    if (s.winner !== null || SEATS[s.turn] !== seat || take < 1 || take > Math.min(3, s.pile)) return refuse("no");
    const pile = s.pile - take;
    return ok({ pile, turn: s.turn === 0 ? 1 : 0, winner: pile === 0 ? s.turn : null });
  },
  status: (s): GameStatus =>
    s.winner === null
      ? { toAct: [SEATS[s.turn]!], over: false }
      : { toAct: [], over: true, result: { winners: [SEATS[s.winner]!], creditDelta: {}, luckSpent: {} } },
};

/** One move each: "gamble" wins on a d6 of 2 or more, "coin" on a d2 of 2; the other seat has lost otherwise. */
interface Bet {
  readonly result: "win" | "loss" | null;
}
const bet: Pick<Game<Bet, string, unknown, unknown>, "legalMoves" | "apply" | "status"> = {
  legalMoves: (s) => (s.result === null ? ["coin", "gamble"] : []),
  apply: (_s, _seat, move, random) =>
    ok({ result: move === "gamble" ? (random.die(6) >= 2 ? "win" : "loss") : random.die(2) === 2 ? "win" : "loss" }),
  status: (s): GameStatus =>
    s.result === null
      ? { toAct: ["a"], over: false }
      : {
          toAct: [],
          over: true,
          result: { winners: [s.result === "win" ? "a" : "b"], creditDelta: {}, luckSpent: {} },
        },
};

describe("the UCT yardstick", () => {
  it("takes the last three counters (a win in one move) with a pile of three", () => {
    for (let seed = 1; seed <= 5; seed++)
      expect(
        uctChoose(nim, { pile: 3, turn: 0, winner: null }, "a", { iterations: 200, random: new SeededRandom(seed) }),
      ).toBe(3);
  });

  it("leaves a multiple of four (the forced win) from a pile of seven", () => {
    expect(
      uctChoose(nim, { pile: 7, turn: 0, winner: null }, "a", { iterations: 3000, random: new SeededRandom(2) }),
    ).toBe(3);
  });

  it("prefers the move whose dice win more often, rolling them again every iteration", () => {
    // Seed 3 rolls a 1 on the first gamble: a search keeping that first outcome would shun the better move.
    for (let seed = 1; seed <= 6; seed++)
      expect(uctChoose(bet, { result: null }, "a", { iterations: 300, random: new SeededRandom(seed) })).toBe("gamble");
  });

  it("stops each playout at its limit (a game whose random playouts never end still gets a move)", () => {
    let applied = 0;
    const endless: Pick<Game<number, string, unknown, unknown>, "legalMoves" | "apply" | "status"> = {
      legalMoves: () => ["left", "right"],
      apply: (s) => {
        applied++;
        return ok(s + 1);
      },
      status: (): GameStatus => ({ toAct: ["a"], over: false }),
    };
    const move = uctChoose(endless, 0, "a", { iterations: 20, random: new SeededRandom(4), playoutLimit: 7 });
    expect(["left", "right"]).toContain(move);
    // Each iteration: at most one move down the tree to a new node, then at most 7 playout plies.
    expect(applied).toBeLessThanOrEqual(20 * (1 + 7));
    expect(applied).toBeGreaterThan(20 * 7);
  });

  it("scores a sole win 1, a loss 0, and a draw, a shared win or a playout cut at its limit 0.5", () => {
    const over = (winners: string[]): GameStatus => ({
      toAct: [],
      over: true,
      result: { winners, creditDelta: {}, luckSpent: {} },
    });
    expect(reward(over(["a"]), "a")).toBe(1);
    expect(reward(over(["b"]), "a")).toBe(0);
    expect(reward(over([]), "a")).toBe(0.5);
    expect(reward(over(["a", "b"]), "a")).toBe(0.5);
    expect(reward(null, "a")).toBe(0.5);
  });

  for (const id of ["takat", "porrika", "ulwan-finkel"]) {
    it(`${id}: plays only legal moves from positions along random games`, () => {
      const game = games[id]!;
      const dice = new SeededRandom(7);
      const setup = game.setup(["s1", "s2"], game.defaultOptions(), dice);
      if (!setup.ok) throw new Error("setup refused");
      let state = setup.state;
      for (let ply = 0; ply < 8; ply++) {
        const status = game.status(state);
        if (status.over) break;
        const seat = status.toAct[0]!;
        const legal = game.legalMoves(state, seat);
        const chosen = uctChoose(game, state, seat, {
          iterations: 20,
          random: new SeededRandom(ply),
          playoutLimit: 60,
        });
        expect(legal.map((m) => JSON.stringify(m))).toContain(JSON.stringify(chosen));
        const r = game.apply(state, seat, legal[dice.die(legal.length) - 1], dice);
        if (!r.ok) throw new Error("refused");
        state = r.state;
      }
    });
  }
});

describe("a bot against the yardstick", () => {
  it("plays the bot first in even games and second in odd ones, every game counted once", () => {
    const game = games["takat"]!;
    const seatsAsked: string[] = [];
    const first: AnyBot = {
      choose(view, legal) {
        const v = view as { state: { seats: string[]; turn: 0 | 1; moves: number } };
        if (v.state.moves <= 1) seatsAsked.push(v.state.seats[v.state.turn]!);
        return legal[0];
      },
    };
    const s = playYardstick(game, first, {
      games: 2,
      seed: 1,
      iterations: 10,
      options: { ...(game.defaultOptions() as object), maxMoves: 20 },
    });
    expect(s.wins + s.losses + s.draws).toBe(2);
    expect(s.limitDraws).toBeLessThanOrEqual(s.draws);
    expect(seatsAsked).toEqual(["s1", "s2"]);
    // The bot's seat is part of a game's signature: the two games differ.
    expect(new Set(s.signatures).size).toBe(2);
  });
});
