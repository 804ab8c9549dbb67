/**
 * The generic search on tiny games: Nim (a known winning strategy), one-shot dice games (known
 * expected values), a seat moving twice and two seats acting at once; budgets in nodes and time.
 */
import { describe, expect, it } from "vitest";
import {
  type Applied,
  type GameStatus,
  type Random,
  type SearchProblem,
  type SeatId,
  SeededRandom,
  WIN_SCORE,
  expectiminimax,
  refuse,
  mcts,
  ok,
} from "../../../src/rules/core";

// ---- Nim: take 1 to 3 from a pile; who takes the last one wins. Piles of 4k lose for the mover.
interface Nim {
  readonly pile: number;
  readonly turn: 0 | 1;
  readonly winner: 0 | 1 | null;
}
const SEATS = ["a", "b"] as const;
const nim: SearchProblem<Nim, number> = {
  game: {
    legalMoves: (s, seat) => (s.winner !== null || SEATS[s.turn] !== seat ? [] : [1, 2, 3].filter((n) => n <= s.pile)),
    apply(s, seat, take): Applied<Nim> {
      if (SEATS[s.turn] !== seat || take > s.pile) return refuse("bad");
      const pile = s.pile - take;
      return ok({ pile, turn: s.turn === 0 ? 1 : 0, winner: pile === 0 ? s.turn : null });
    },
    status: (s): GameStatus =>
      s.winner === null
        ? { toAct: [SEATS[s.turn]], over: false }
        : { toAct: [], over: true, result: { winners: [SEATS[s.winner]], creditDelta: {}, luckSpent: {} } },
  },
  evaluate: () => 0,
};

// ---- A one-shot dice game: "safe" draws; "bold" wins on 5-6 of a d6; "brave" wins on 3-6.
type Bet = "safe" | "bold" | "brave";
interface OneShot {
  readonly done: boolean;
  readonly won: boolean | null;
}
const threshold: Record<Bet, number> = { safe: 7, bold: 5, brave: 3 };
const oneShot: SearchProblem<OneShot, Bet> = {
  game: {
    legalMoves: (s, seat) => (s.done || seat !== "a" ? [] : ["safe", "bold", "brave"]),
    apply(_s, _seat, bet, random): Applied<OneShot> {
      if (bet === "safe") return ok({ done: true, won: null });
      return ok({ done: true, won: random.die(6) >= threshold[bet] });
    },
    status: (s): GameStatus =>
      !s.done
        ? { toAct: ["a"], over: false }
        : {
            toAct: [],
            over: true,
            result: { winners: s.won === null ? [] : s.won ? ["a"] : ["b"], creditDelta: {}, luckSpent: {} },
          },
  },
  evaluate: () => 0,
  chances: (_s, _seat, bet) =>
    bet === "safe" ? [] : [1, 2, 3, 4, 5, 6].map((d) => ({ probability: 1 / 6, dice: [d] })),
};

// ---- Roll 2d6 and keep the sum (the opponent moves next, so the state is not terminal).
interface Sum {
  readonly sum: number | null;
}
const twoDice: SearchProblem<Sum, "roll" | "pass"> = {
  game: {
    legalMoves: (s, seat) => (s.sum !== null ? (seat === "b" ? ["pass"] : []) : seat === "a" ? ["roll", "pass"] : []),
    apply: (s, _seat, move, random: Random) =>
      ok(move === "pass" ? { sum: s.sum ?? 6.5 } : { sum: random.die(6) + random.die(6) }),
    status: (s) => ({ toAct: [s.sum === null ? "a" : "b"], over: false }),
  },
  evaluate: (s, seat) => (seat === "a" ? (s.sum ?? 0) : -(s.sum ?? 0)),
  chances: (_s, _seat, move) => {
    if (move === "pass") return [];
    const out = [];
    for (let i = 1; i <= 6; i++) for (let j = 1; j <= 6; j++) out.push({ probability: 1 / 36, dice: [i, j] });
    return out;
  },
};

// ---- "a" throws a biased coin three times (heads 9 in 10) and wins on three tails; the score so far is the tails.
interface Coins {
  readonly tails: number;
  readonly throws: number;
}
const coins: SearchProblem<Coins, "throw"> = {
  game: {
    legalMoves: (s, seat) => (seat === "a" && s.throws < 3 ? ["throw"] : []),
    apply: (s, _seat, _move, random: Random) =>
      ok({ tails: s.tails + (random.die(10) === 10 ? 1 : 0), throws: s.throws + 1 }),
    status: (s): GameStatus =>
      s.throws < 3
        ? { toAct: ["a"], over: false }
        : {
            toAct: [],
            over: true,
            result: { winners: s.tails === 3 ? ["a"] : [], creditDelta: {}, luckSpent: {} },
          },
  },
  evaluate: (s) => s.tails,
  chances: () => [
    { probability: 0.9, dice: [1] },
    { probability: 0.1, dice: [10] },
  ],
};

// ---- "a" moves twice in a row (toAct stays "a"), then "b" once; "a" wins with "x" then "y".
interface Twice {
  readonly moves: readonly string[];
}
const twice: SearchProblem<Twice, string> = {
  game: {
    legalMoves: (s, seat) => {
      const toAct = s.moves.length < 2 ? "a" : s.moves.length < 3 ? "b" : null;
      return seat === toAct ? (toAct === "a" ? ["y", "x"] : ["z"]) : [];
    },
    apply: (s, _seat, m) => ok({ moves: [...s.moves, m] }),
    status: (s): GameStatus =>
      s.moves.length < 3
        ? { toAct: [s.moves.length < 2 ? "a" : "b"], over: false }
        : {
            toAct: [],
            over: true,
            result: {
              winners: s.moves[0] === "x" && s.moves[1] === "y" ? ["a"] : ["b"],
              creditDelta: {},
              luckSpent: {},
            },
          },
  },
  evaluate: () => 0,
};

// ---- Matching pennies played at once: both seats act; "b" wins when they match.
interface Pennies {
  readonly a: string | null;
  readonly b: string | null;
}
const pennies: SearchProblem<Pennies, string> = {
  game: {
    legalMoves: (s, seat) => ((seat === "a" ? s.a : s.b) === null ? ["heads", "tails"] : []),
    apply: (s, seat, m) => ok(seat === "a" ? { ...s, a: m } : { ...s, b: m }),
    status: (s): GameStatus => {
      const toAct: SeatId[] = [];
      if (s.a === null) toAct.push("a");
      if (s.b === null) toAct.push("b");
      if (toAct.length > 0) return { toAct, over: false };
      return { toAct, over: true, result: { winners: [s.a === s.b ? "b" : "a"], creditDelta: {}, luckSpent: {} } };
    },
  },
  evaluate: () => 0,
};

describe("expectiminimax", () => {
  it("plays Nim's winning move (leave a multiple of four) and scores it a win", () => {
    for (const [pile, take] of [
      [5, 1],
      [6, 2],
      [7, 3],
      [9, 1],
      [11, 3],
    ] as const) {
      const r = expectiminimax(nim, { pile, turn: 0, winner: null }, "a", { depth: 12 });
      expect(r.move, `pile ${pile}`).toBe(take);
      expect(r.value).toBe(WIN_SCORE);
    }
  });

  it("sees a lost Nim pile as lost at full depth, and from the second seat's point of view", () => {
    expect(expectiminimax(nim, { pile: 8, turn: 0, winner: null }, "a", { depth: 8 }).value).toBe(-WIN_SCORE);
    const r = expectiminimax(nim, { pile: 6, turn: 1, winner: null }, "b", { depth: 6 });
    expect([r.move, r.value]).toEqual([2, WIN_SCORE]);
  });

  it("averages chance outcomes by probability: 4 in 6 to win is worth a third of a win", () => {
    const r = expectiminimax(oneShot, { done: false, won: null }, "a", { depth: 1 });
    expect(r.move).toBe("brave");
    expect(r.value).toBeCloseTo(WIN_SCORE / 3, 6);
  });

  it("values a roll of 2d6 at its expected sum, 7, against a fixed 6.5", () => {
    const r = expectiminimax(twoDice, { sum: null }, "a", { depth: 1 });
    expect(r.move).toBe("roll");
    expect(r.value).toBeCloseTo(7, 10);
    expect(r.nodes).toBe(36 + 1); // each outcome of the roll, and the pass
  });

  it("follows status().toAct: a seat moving twice in a row plans both moves", () => {
    const r = expectiminimax(twice, { moves: [] }, "a", { depth: 3 });
    expect([r.move, r.value]).toEqual(["x", WIN_SCORE]);
  });

  it("likelihood: a line less likely than the threshold is scored by the evaluation, as if out of depth", () => {
    const start = { tails: 0, throws: 0 };
    // Full depth: three tails (1 in 1,000) win, everything else is a draw.
    expect(expectiminimax(coins, start, "a", { depth: 3 }).value).toBeCloseTo(WIN_SCORE / 1000, 6);
    // At 1 in 20 the line of two tails (1 in 100) stops before the third throw and is scored 2 tails.
    const cut = expectiminimax(coins, start, "a", { depth: 3, likelihood: 0.05 });
    expect(cut.value).toBeCloseTo(0.01 * 2, 10);
    expect(cut.nodes).toBeLessThan(expectiminimax(coins, start, "a", { depth: 3 }).nodes);
    // A threshold below every line's odds changes nothing.
    expect(expectiminimax(coins, start, "a", { depth: 3, likelihood: 0.0005 }).value).toBeCloseTo(WIN_SCORE / 1000, 6);
  });

  it("counts depth through the plies hook: a move that costs no ply does not use up depth", () => {
    expect(expectiminimax(twice, { moves: [] }, "a", { depth: 2 }).value).toBe(0); // cut before the end
    const firstFree = { ...twice, plies: (s: Twice) => (s.moves.length === 0 ? 0 : 1) };
    expect(expectiminimax(firstFree, { moves: [] }, "a", { depth: 2 })).toMatchObject({ move: "x", value: WIN_SCORE });
    // Out of depth, moves that all cost nothing are still followed (the rest of a turn).
    const restFree = { ...twice, plies: (s: Twice) => (s.moves.length === 0 ? 1 : 0) };
    expect(expectiminimax(restFree, { moves: [] }, "a", { depth: 1 }).value).toBe(WIN_SCORE);
  });

  it("handles seats acting at once (paranoid: the others answer the searching seat)", () => {
    const r = expectiminimax(pennies, { a: null, b: null }, "a", { depth: 2 });
    expect(r.value).toBe(-WIN_SCORE);
    // Either seat, searching, assumes the other sees its choice: both expect to lose.
    const rb = expectiminimax(pennies, { a: null, b: null }, "b", { depth: 2 });
    expect(rb.value).toBe(-WIN_SCORE);
    expect(expectiminimax(pennies, { a: "heads", b: null }, "b", { depth: 1 })).toMatchObject({
      move: "heads",
      value: WIN_SCORE,
    });
  });

  it("stops at the node budget and keeps the deepest completed iteration's move", () => {
    const full = expectiminimax(nim, { pile: 21, turn: 0, winner: null }, "a", { depth: 30 });
    const cut = expectiminimax(nim, { pile: 21, turn: 0, winner: null }, "a", { depth: 30, budget: { maxNodes: 60 } });
    expect(cut.depthReached).toBeGreaterThanOrEqual(1);
    expect(cut.depthReached).toBeLessThan(full.depthReached);
    expect([1, 2, 3]).toContain(cut.move);
    expect(cut.nodes).toBeLessThanOrEqual(61 + 3 * 4); // the first iteration always completes
  });

  it("stops on a time budget read through the injected clock", () => {
    let t = 0;
    const now = (): number => (t += 1);
    const r = expectiminimax(nim, { pile: 30, turn: 0, winner: null }, "a", { depth: 30, budget: { maxMs: 500, now } });
    expect(r.depthReached).toBeLessThan(30);
    expect(() =>
      expectiminimax(nim, { pile: 5, turn: 0, winner: null }, "a", { depth: 2, budget: { maxMs: 5 } }),
    ).toThrow(/now/);
  });

  it("a time budget cuts even the first iteration short and keeps the best root move it finished", () => {
    // Moves that cost no depth: the first iteration alone would search Nim's whole tree.
    const wide: SearchProblem<Nim, number> = { ...nim, plies: () => 0 };
    const start: Nim = { pile: 26, turn: 0, winner: null };
    const untimed = expectiminimax(wide, start, "a", { depth: 1, budget: { maxNodes: 5_000 } });
    expect(untimed.nodes).toBeGreaterThan(5_000); // the node budget never cuts the first iteration
    let reads = 0;
    const jumping = (): number => (reads++ === 0 ? 0 : 1_000); // past the budget from the second read on
    const timed = expectiminimax(wide, start, "a", { depth: 1, budget: { maxNodes: 5_000, maxMs: 150, now: jumping } });
    expect(timed.nodes).toBeLessThanOrEqual(2);
    expect([1, 2, 3]).toContain(timed.move);
    // The clock read after each node: the root moves finished before the time ran out decide.
    let ticks = 0;
    const slow = (): number => ticks++;
    const partial = expectiminimax(wide, { pile: 5, turn: 0, winner: null }, "a", {
      depth: 1,
      budget: { maxMs: 20, now: slow },
    });
    expect(partial.depthReached).toBe(0); // the iteration did not finish
    expect(partial.move).toBe(1); // taking 1 leaves 4, a lost pile for the opponent
    expect(partial.value).toBe(WIN_SCORE);
  });

  it("uses orderMoves to prune the candidates", () => {
    const onlyOne = { ...nim, orderMoves: () => [1] };
    expect(expectiminimax(onlyOne, { pile: 7, turn: 0, winner: null }, "a", { depth: 6 }).move).toBe(1);
  });

  it("refuses to search for a seat that is not to act", () => {
    expect(() => expectiminimax(nim, { pile: 7, turn: 0, winner: null }, "b", { depth: 2 })).toThrow(/not to act/);
  });
});

describe("mcts", () => {
  it("finds Nim's winning move", () => {
    for (const [pile, take] of [
      [5, 1],
      [7, 3],
      [10, 2],
    ] as const) {
      const r = mcts(nim, { pile, turn: 0, winner: null }, "a", { iterations: 3_000, random: new SeededRandom(pile) });
      expect(r.move, `pile ${pile}`).toBe(take);
    }
  });

  it("prefers the better gamble and estimates its value (a third of a win) by sampling", () => {
    const r = mcts(oneShot, { done: false, won: null }, "a", { iterations: 4_000, random: new SeededRandom(7) });
    expect(r.move).toBe("brave");
    expect(r.value).toBeGreaterThan(0.2);
    expect(r.value).toBeLessThan(0.45);
  });

  it("is deterministic given its Random, and stops at a node budget", () => {
    const run = (): unknown =>
      mcts(nim, { pile: 15, turn: 0, winner: null }, "a", { random: new SeededRandom(3), budget: { maxNodes: 500 } });
    expect(run()).toEqual(run());
    const r = mcts(nim, { pile: 15, turn: 0, winner: null }, "a", {
      random: new SeededRandom(3),
      budget: { maxNodes: 500 },
    });
    expect(r.nodes).toBeLessThan(520);
    expect(r.depthReached).toBeGreaterThan(0);
  });
});
