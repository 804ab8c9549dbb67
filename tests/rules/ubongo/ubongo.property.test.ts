/**
 * Ubongo properties: random legal play (the shared harness) keeps the contract and ends; every
 * board the rules accept is an exact cover with the right tiles; the host's timeouts at random
 * moments never break a round; other players' boards never show before the round ends.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  HOST,
  type Piece,
  type UbongoMove,
  type UbongoState,
  JEDI_TILES,
  TILE_IDS,
  coverProblem,
  solutionFor,
  taskOf,
  ubongo,
  ubongoSolo,
} from "../../../src/rules/ubongo";
import { checkRandomPlay } from "../../helpers/play-random";

/** What every step must keep: accepted boards are covers, scores only grow, hidden boards stay hidden. */
function invariant(state: UbongoState, previous: UbongoState | null, move: UbongoMove | null, seat: string | null) {
  if (previous && move?.type === "claim" && seat) {
    const task = taskOf(previous, seat);
    expect(task).not.toBeNull();
    expect(coverProblem(task!.board, move.pieces)).toBeNull();
    const tiles = move.pieces.map((p) => p.tile).sort();
    if (previous.variant === "jedi") {
      expect(tiles.every((t) => JEDI_TILES.includes(t))).toBe(true);
      expect(new Set(tiles).size).toBe(tiles.length);
    } else {
      expect(tiles).toEqual([...(task!.tiles ?? [])].sort());
    }
  }
  if (previous) for (const s of state.seats) expect(state.scores[s]).toBeGreaterThanOrEqual(previous.scores[s] ?? 0);
  if (state.phase === "solve") {
    for (const viewer of state.seats) {
      const v = ubongo.view(state, { role: "seat", seat: viewer });
      for (const other of v.seats) if (other.seat !== viewer) expect(other.placement).toBeNull();
    }
  }
}

describe("Ubongo properties", () => {
  it("random legal play of the race (2 to 4 players, both levels, both variants) keeps the contract and ends", () => {
    for (const [seats, options] of [
      [["a", "b"], { level: "blue", variant: "standard", hourglass: 60 }],
      [["a", "b", "c", "d"], { level: "red", variant: "standard", hourglass: 60 }],
      [["a", "b", "c"], { level: "blue", variant: "jedi", hourglass: 60 }],
    ] as const) {
      checkRandomPlay(ubongo, {
        seats,
        options: { ...ubongo.defaultOptions(), ...options },
        runs: 2,
        maxMoves: 200,
        invariant: (s, p, m, ctx) => invariant(s, p, m, ctx.seat),
      });
    }
  });

  it("random legal play of the solo game (time for 5 puzzles) ends; a claim or a set-aside each step", () => {
    checkRandomPlay(ubongoSolo, {
      seats: ["a"],
      options: { level: "red", variant: "standard", mode: "count", minutes: 5, puzzles: 5 },
      runs: 4,
      maxMoves: 400,
      invariant: (s, p, m, ctx) => invariant(s, p, m, ctx.seat),
    });
  });

  it("a board the rules accept is always a valid cover with the card's tiles on the rolled side", () => {
    const piece = fc.record({
      tile: fc.constantFrom(...TILE_IDS),
      side: fc.constantFrom("light" as const, "dark" as const),
      turns: fc.integer({ min: 0, max: 3 }),
      x: fc.integer({ min: -1, max: 6 }),
      y: fc.integer({ min: -1, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(4), piece), { maxLength: 2 }),
        (seed, face, jedi, randomPieces, edits) => {
          const setup = ubongo.setup(
            ["a", "b"],
            { ...ubongo.defaultOptions(), level: seed % 2 ? "red" : "blue", variant: jedi ? "jedi" : "standard" },
            new SeededRandom(seed),
          );
          if (!setup.ok) throw new Error(setup.error.code);
          const started = ubongo.apply(setup.state, "a", { type: "start" }, { die: () => face });
          if (!started.ok) throw new Error(started.error.code);
          const state = started.state;
          // Random boards, and the solver's board with a few pieces replaced.
          const solved = solutionFor(state, "a") ?? [];
          const edited: Piece[] = [...solved];
          for (const [i, p] of edits) edited[i % Math.max(1, edited.length)] = p;
          for (const pieces of [randomPieces, edited, solved]) {
            const r = ubongo.apply(state, "a", { type: "claim", pieces }, new SeededRandom(1));
            if (!r.ok) continue;
            const task = taskOf(state, "a")!;
            expect(coverProblem(task.board, pieces)).toBeNull();
            if (!jedi) {
              expect(pieces.map((p) => p.tile).sort()).toEqual([...(task.tiles ?? [])].sort());
              expect(pieces.every((p) => p.side === ubongo.view(state, { role: "gm" }).side)).toBe(true);
            } else {
              expect(pieces.some((p) => p.side === "light") && pieces.some((p) => p.side === "dark")).toBe(true);
            }
          }
          // The solver's own board is always accepted.
          expect(ubongo.apply(state, "a", { type: "claim", pieces: solved }, new SeededRandom(1)).ok).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("the host's timeouts at random moments: rounds always end, the game ends, scores fit the finishing order", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 2, max: 4 }), (seed, players) => {
        const random = new SeededRandom(seed);
        const seats = ["a", "b", "c", "d"].slice(0, players);
        const setup = ubongo.setup(seats, ubongo.defaultOptions(), random);
        if (!setup.ok) throw new Error(setup.error.code);
        let s = setup.state;
        for (let n = 0; n < 500 && s.phase !== "over"; n++) {
          const toAct = ubongo.status(s).toAct;
          const timeout = s.timer !== null && random.die(3) === 1;
          const seat = timeout ? HOST : (toAct[random.die(toAct.length) - 1] as string);
          const move = ubongo.legalMoves(s, seat)[0] as UbongoMove;
          const before = s;
          const r = ubongo.apply(s, seat, move, random);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          s = r.state;
          if (move.type === "claim" && !before.tieRound) {
            const place = before.finished.length + 1;
            expect((s.scores[seat] ?? 0) - (before.scores[seat] ?? 0)).toBe(players - place + 1);
          }
        }
        expect(s.phase).toBe("over");
        expect(s.winners).toHaveLength(1);
        const best = Math.max(...seats.map((x) => s.scores[x] ?? 0));
        expect(s.scores[s.winners[0]!]).toBe(best);
      }),
      { numRuns: 40 },
    );
  });
});
