/**
 * Random legal play of Hununga from many seeds (the shared harness checks the Game contract on
 * every step): pieces are conserved (14 a side, on the board or captured), never two on a square,
 * scores only rise and never pass the target, tokens are conserved (every point gives one, a
 * reroll spends one), and every game ends, by points or at the documented turn limit.
 */
import { describe, expect, it } from "vitest";
import { type HunungaState, compileBoard, cellIndex, hununga } from "../../../src/rules/hununga";
import { checkRandomPlay, playRandom } from "../../helpers/play-random";
import { SEATS } from "./helpers";

function invariant(state: HunungaState, previous: HunungaState | null): void {
  const b = compileBoard(state.board);
  for (const side of [0, 1] as const) {
    expect(state.pieces.filter((p) => p.side === side)).toHaveLength(14);
    expect(state.pieces.filter((p) => p.side === side && p.kind === "king")).toHaveLength(1);
  }
  const squares = state.pieces.flatMap((p) => (p.at === null ? [] : [p.at]));
  expect(new Set(squares).size).toBe(squares.length);
  for (const sq of squares) expect(cellIndex(b, sq)).toBeGreaterThanOrEqual(0);
  expect(state.tokens[0] + state.tokens[1] + state.tokensSpent).toBe(state.scores[0] + state.scores[1]);
  expect(Math.min(...state.tokens)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...state.scores)).toBeLessThanOrEqual(state.target);
  expect(state.turns).toBeLessThanOrEqual(state.maxTurns + 1);
  if (state.phase === "act") expect(state.dice).not.toBeNull();
  if (previous) {
    expect(state.scores[0]).toBeGreaterThanOrEqual(previous.scores[0]);
    expect(state.scores[1]).toBeGreaterThanOrEqual(previous.scores[1]);
    expect(state.tokensSpent).toBeGreaterThanOrEqual(previous.tokensSpent);
    const ids = state.pieces.map((p) => `${p.id}:${p.side}:${p.kind}`);
    expect(ids).toEqual(previous.pieces.map((p) => `${p.id}:${p.side}:${p.kind}`));
  }
  if (state.phase === "over" && state.endReason === "points") {
    expect(state.scores[state.winner!]).toBe(state.target);
  }
}

describe("Hununga properties (random legal play)", () => {
  it("pieces and tokens conserved, scores only rise, every game ends (points or turn limit)", () => {
    checkRandomPlay(hununga, { seats: SEATS, maxMoves: 2000, invariant, runs: 12, probeLegalMoves: 4 });
  });

  it("a short turn limit adjudicates: the game ends after maxTurns turns at the latest", () => {
    checkRandomPlay(hununga, {
      seats: SEATS,
      options: { ...hununga.defaultOptions(), maxTurns: 6, target: 9 },
      maxMoves: 40,
      invariant(state, previous) {
        if (previous && state.phase === "over") expect(state.turns).toBeLessThanOrEqual(7);
      },
      runs: 15,
      probeLegalMoves: 4,
    });
  });

  it("random play reaches every kind of action (moves with attacks, respawns, rerolls, centre points; king points are rare at random and covered by the rule tests)", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 30 && seen.size < 6; seed++) {
      playRandom(hununga, seed, {
        seats: SEATS,
        maxMoves: 2000,
        probeLegalMoves: false,
        invariant(_s, _p, move, ctx) {
          if (move) seen.add(move.type === "move" && move.attack ? "attack" : move.type);
          for (const e of ctx.events) if (e.kind === "notice" && e.key.endsWith("Point")) seen.add(e.key);
        },
      });
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(["attack", "move", "respawn", "reroll", "roll", "CANTINA.Hununga.Log.CentrePoint"]),
    );
  });
});
