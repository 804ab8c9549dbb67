/** Ubongo bots: they solve their own board from their view, and say how long to wait, drawn from the GM's distribution. */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  BOT_SPEEDS,
  type UbongoState,
  claimProblem,
  thinkingDelayMs,
  ubongo,
  ubongoBot,
  ubongoBots,
} from "../../../src/rules/ubongo";

function started(variant: "standard" | "jedi", level: "blue" | "red", seed: number): UbongoState {
  const setup = ubongo.setup(["a", "b"], { level, variant, hourglass: 60 }, new SeededRandom(seed));
  if (!setup.ok) throw new Error(setup.error.code);
  const r = ubongo.apply(setup.state, "a", { type: "start" }, new SeededRandom(seed));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe("Ubongo bots", () => {
  it("solve their own board (from their seat's view) with a board the rules accept, in both variants", () => {
    for (let seed = 0; seed < 20; seed++) {
      for (const variant of ["standard", "jedi"] as const) {
        const s = started(variant, seed % 2 ? "red" : "blue", seed);
        for (const seat of ["a", "b"]) {
          const view = ubongo.view(s, { role: "seat", seat });
          const { move, delayMs } = ubongoBots.quick.think(view, ubongo.legalMoves(s, seat), new SeededRandom(seed));
          expect(move.type).toBe("claim");
          if (move.type === "claim") expect(claimProblem(s, seat, move.pieces)).toBeNull();
          expect(delayMs).toBeGreaterThan(0);
          expect(ubongo.apply(s, seat, move, new SeededRandom(1)).ok).toBe(true);
        }
      }
    }
  });

  it("the roller's bot starts the round after a short pause", () => {
    const setup = ubongo.setup(["a", "b"], ubongo.defaultOptions(), new SeededRandom(4));
    if (!setup.ok) throw new Error(setup.error.code);
    const view = ubongo.view(setup.state, { role: "seat", seat: "a" });
    const r = ubongoBots.steady.think(view, ubongo.legalMoves(setup.state, "a"), new SeededRandom(2));
    expect(r.move).toEqual({ type: "start" });
    expect(r.delayMs).toBeGreaterThanOrEqual(1000);
    expect(r.delayMs).toBeLessThanOrEqual(2000);
  });

  it("think for a time drawn around the GM's median: half below, half above; red and Jedi puzzles take longer", () => {
    const random = new SeededRandom(11);
    const draws = Array.from({ length: 2000 }, () =>
      thinkingDelayMs({ medianSeconds: 30, spread: 0.4 }, 3, false, random),
    );
    const below = draws.filter((d) => d < 30_000).length / draws.length;
    expect(below).toBeGreaterThan(0.45);
    expect(below).toBeLessThan(0.55);
    expect(thinkingDelayMs({ medianSeconds: 30, spread: 0 }, 3, false, random)).toBe(30_000);
    expect(thinkingDelayMs({ medianSeconds: 30, spread: 0 }, 4, false, random)).toBe(48_000);
    expect(thinkingDelayMs({ medianSeconds: 30, spread: 0 }, 3, true, random)).toBe(45_000);
  });

  it("come at two speeds, the quick one quicker, and a GM can make their own", () => {
    expect(BOT_SPEEDS.quick.medianSeconds).toBeLessThan(BOT_SPEEDS.steady.medianSeconds);
    const custom = ubongoBot({ medianSeconds: 5, spread: 0 });
    const s = started("standard", "blue", 3);
    const view = ubongo.view(s, { role: "seat", seat: "b" });
    expect(custom.think(view, ubongo.legalMoves(s, "b"), new SeededRandom(1)).delayMs).toBe(5000);
    expect(custom.choose(view, ubongo.legalMoves(s, "b"), new SeededRandom(1)).type).toBe("claim");
  });
});
