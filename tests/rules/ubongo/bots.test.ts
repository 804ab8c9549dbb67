/** Ubongo bots: they solve their own board from their view, and say how long to wait, drawn from the GM's distribution. */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  BOT_SPEEDS,
  type UbongoOptions,
  type UbongoState,
  claimProblem,
  thinkingDelayMs,
  ubongo,
  ubongoBot,
  ubongoBots,
} from "../../../src/rules/ubongo";

function started(
  variant: "standard" | "jedi",
  level: "blue" | "red",
  seed: number,
  extra: Partial<UbongoOptions> = {},
): UbongoState {
  const setup = ubongo.setup(
    ["a", "b"],
    { ...ubongo.defaultOptions(), level, variant, ...extra },
    new SeededRandom(seed),
  );
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

  it("think for the time the GM set for their speed in the table's options (median seconds, spread in hundredths)", () => {
    const options = ubongo.defaultOptions();
    expect([options.quickSeconds, options.quickSpread]).toEqual([20, 35]);
    expect([options.steadySeconds, options.steadySpread]).toEqual([40, 45]);
    const fields = Object.keys(ubongo.optionSchema);
    for (const key of ["quickSeconds", "quickSpread", "steadySeconds", "steadySpread"]) expect(fields).toContain(key);
    const s = started("standard", "blue", 3, { quickSeconds: 7, quickSpread: 0, steadySeconds: 90, steadySpread: 0 });
    const view = ubongo.view(s, { role: "seat", seat: "b" });
    expect(view.bots).toEqual({ quick: { medianSeconds: 7, spread: 0 }, steady: { medianSeconds: 90, spread: 0 } });
    const legal = ubongo.legalMoves(s, "b");
    expect(ubongoBots.quick.think(view, legal, new SeededRandom(1)).delayMs).toBe(7_000);
    expect(ubongoBots.steady.think(view, legal, new SeededRandom(1)).delayMs).toBe(90_000);
    // The spread widens the draws around the median.
    const wide = started("standard", "blue", 3, { quickSeconds: 30, quickSpread: 100 });
    const wideView = ubongo.view(wide, { role: "seat", seat: "b" });
    const random = new SeededRandom(5);
    const delays = Array.from({ length: 40 }, () => ubongoBots.quick.think(wideView, legal, random).delayMs);
    expect(Math.max(...delays) / Math.min(...delays)).toBeGreaterThan(3);
  });

  it("the GM's thinking times are checked: out of range or off the 5-step spread is a clear error", () => {
    const base = ubongo.defaultOptions();
    for (const bad of [
      { quickSeconds: 1 },
      { steadySeconds: 301 },
      { quickSpread: -5 },
      { steadySpread: 155 },
      { quickSpread: 33 },
      { steadySeconds: 2.5 },
    ])
      expect(ubongo.checkOptions({ ...base, ...bad }, ["a", "b"])).toEqual({
        ok: false,
        error: {
          code: "CANTINA.Error.BadOption",
          params: { option: Object.keys(bad)[0] },
        },
      });
    expect(ubongo.checkOptions({ ...base, quickSeconds: 2, steadySpread: 150 }, ["a", "b"])).toEqual({ ok: true });
  });
});
