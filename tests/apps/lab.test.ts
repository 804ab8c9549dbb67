/**
 * The balance lab's model (src/apps/lab/model.ts): which games it offers, the form read back, bad
 * input refused with nothing started, a run in chunks with its progress, the cancel, and the figures.
 */
import { describe, expect, it } from "vitest";
import type { AnyBot, AnyGame } from "../../src/rules/core";
import {
  LabRun,
  labCatalogue,
  labContext,
  labRequest,
  labResults,
  newLab,
  readLab,
  startLab,
} from "../../src/apps/lab/model";
import { defiance, defianceBots, takat, takatBots } from "../../src/rules/unequal";
import { games as registered, bots as registeredBots } from "../../src/games";

const games: Record<string, AnyGame> = {
  takat: takat as unknown as AnyGame,
  "defiance-and-domain": defiance as unknown as AnyGame,
};
const bots: Record<string, Record<string, AnyBot>> = {
  takat: takatBots as unknown as Record<string, AnyBot>,
  "defiance-and-domain": defianceBots as unknown as Record<string, AnyBot>,
};
const catalogue = labCatalogue(games, bots);

/** A form stand-in: the named fields, null for the others. */
const form =
  (fields: Record<string, string>) =>
  (name: string): string | null =>
    fields[name] ?? null;

describe("balance lab model", () => {
  it("offers every two-player game with bots, and no game with more seats or no bots", () => {
    const all = labCatalogue(registered, registeredBots);
    for (const [id, entry] of Object.entries(all)) {
      expect(entry.game.maxSeats, id).toBe(2);
      expect(Object.keys(entry.levels).length, id).toBeGreaterThan(0);
    }
    for (const [id, game] of Object.entries(registered))
      if (game.maxSeats === 2 && Object.keys(registeredBots[id] ?? {}).length > 0) expect(all[id], id).toBeDefined();
    expect(Object.keys(labCatalogue(games, { takat: bots.takat! }))).toEqual(["takat"]);
  });

  it("starts on the first game with its default options and its first bot level on both sides", () => {
    const lab = newLab(catalogue);
    expect(lab.gameId).toBe("takat");
    expect(lab.values).toEqual({ maxMoves: "200", repetitionDraw: "true" });
    expect(lab.bots).toEqual(["strong", "strong"]);
  });

  it("reads the form back: options, bots per side, games; another game resets to its defaults", () => {
    const lab = newLab(catalogue);
    readLab(lab, catalogue, form({ "option.maxMoves": "50", bot0: "weak", bot1: "strong", games: "7", seed: "9" }));
    expect(lab.values).toEqual({ maxMoves: "50", repetitionDraw: "false" });
    expect(lab.bots).toEqual(["weak", "strong"]);
    expect([lab.games, lab.seed]).toEqual(["7", "9"]);
    readLab(lab, catalogue, form({ gameId: "defiance-and-domain" }));
    expect(lab.gameId).toBe("defiance-and-domain");
    expect(lab.values.compulsoryCommand).toBe("false");
    expect(lab.values.counters).toBe("40");
  });

  it("refuses a bad number of games, a bad seed or options the game refuses, and starts nothing", () => {
    for (const [fields, code] of [
      [{ games: "0" }, "CANTINA.Lab.Error.Games"],
      [{ games: "2.5" }, "CANTINA.Lab.Error.Games"],
      [{ seed: "-1" }, "CANTINA.Lab.Error.Seed"],
      [{ "option.maxMoves": "3" }, "CANTINA.Error.BadOption"],
    ] as const) {
      const lab = newLab(catalogue);
      readLab(lab, catalogue, form({ "option.repetitionDraw": "true", ...fields }));
      let scheduled = 0;
      const started = startLab(lab, catalogue, { now: () => 0, schedule: () => scheduled++, changed: () => {} });
      expect(started).toMatchObject({ ok: false, error: { code } });
      expect(lab.error).toBe(code);
      expect(lab.run).toBeNull();
      expect(scheduled).toBe(0);
    }
  });

  it("plays the run in chunks the host schedules, with progress, to the requested count", () => {
    const lab = newLab(catalogue);
    readLab(lab, catalogue, form({ "option.repetitionDraw": "true", bot0: "weak", bot1: "weak", games: "6" }));
    const queue: (() => void)[] = [];
    const progress: number[] = [];
    // A clock that jumps past the chunk's time at every reading: one game a chunk.
    let t = 0;
    const host = {
      now: () => (t += 1000),
      schedule: (next: () => void) => queue.push(next),
      changed: () => progress.push(lab.run?.stats.games ?? -1),
    };
    const started = startLab(lab, catalogue, host);
    expect(started.ok && started.run).toBe(lab.run);
    expect(lab.run?.stats.games).toBe(0);
    // A second start while the run goes on gives that run and starts nothing.
    expect(startLab(lab, catalogue, host)).toEqual({ ok: true, run: lab.run });
    expect(queue).toHaveLength(1);
    while (queue.length > 0) queue.shift()!();
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    const r = labResults(lab.run)!;
    expect(r).toMatchObject({ played: 6, total: 6, running: false, cancelled: false });
    const stats = lab.run!.stats;
    expect(stats.wins[0] + stats.wins[1] + stats.draws).toBe(6);
    expect(stats.limitHits).toBeLessThanOrEqual(stats.draws);
  });

  it("stops at a cancel between chunks", () => {
    const lab = newLab(catalogue);
    readLab(lab, catalogue, form({ "option.repetitionDraw": "true", bot0: "weak", bot1: "weak", games: "50" }));
    const queue: (() => void)[] = [];
    let t = 0;
    startLab(lab, catalogue, { now: () => (t += 1000), schedule: (next) => queue.push(next), changed: () => {} });
    queue.shift()!();
    queue.shift()!();
    lab.run!.cancel();
    while (queue.length > 0) queue.shift()!();
    expect(lab.run!.stats.games).toBe(2);
    expect(labResults(lab.run)).toMatchObject({ played: 2, total: 50, cancelled: true, running: false });
  });

  it("gives the same figures as the side-fixed harness for the same seed, however it is chunked", () => {
    const lab = newLab(catalogue);
    readLab(
      lab,
      catalogue,
      form({ "option.repetitionDraw": "true", bot0: "weak", bot1: "weak", games: "5", seed: "3" }),
    );
    const request = labRequest(lab, catalogue);
    if (!request.ok) throw new Error(request.error.code);
    const whole = new LabRun(request, "takat", ["weak", "weak"], () => 0, Infinity);
    whole.step();
    let t = 0;
    const chunked = new LabRun(request, "takat", ["weak", "weak"], () => (t += 1000));
    while (!chunked.step());
    expect(chunked.stats).toEqual(whole.stats);
  });

  it("draws the figures: each side's rate with its interval, draws, move-limit hits and length", () => {
    const lab = newLab(catalogue);
    readLab(lab, catalogue, form({ "option.repetitionDraw": "true", bot0: "weak", bot1: "weak", games: "4" }));
    startLab(lab, catalogue, { now: () => 0, schedule: (next) => next(), changed: () => {} });
    const context = labContext(lab, catalogue, (key) => key);
    expect(context).toMatchObject({ hasGames: true, running: false, error: "" });
    const r = labResults(lab.run) as { sides: { rate: string; low: string; high: string; wins: number }[] };
    expect(r.sides).toHaveLength(2);
    for (const s of r.sides) expect(s.rate).toMatch(/^\d+\.\d%$/);
    expect(r.sides[0]!.wins + r.sides[1]!.wins).toBeLessThanOrEqual(4);
  });
});
