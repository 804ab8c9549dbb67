import { it } from "vitest";
import { games } from "../../src/games";
import { replaySteps } from "../../src/table/record-file";
import { largestStep, longRecord, viewersOf, jsonBytes } from "../helpers/long-record";
const CASES: [string, Record<string, unknown>, string | undefined][] = [
  ["hununga", { target: 9, maxTurns: 2000 }, undefined],
  ["hununga", {}, "weak"],
  ["defiance-and-domain", { maxMoves: 5000, repetitionDraw: false, paired: true }, undefined],
  ["porrika", { maxMoves: 5000, repetitionDraw: false, paired: true }, undefined],
  ["takat", { maxMoves: 5000, repetitionDraw: false, paired: true }, undefined],
];
it("m", () => {
  for (const [g, options, bot] of CASES) {
    let t = performance.now();
    const r = longRecord({ gameId: g, seed: 1, options, ...(bot ? { bot } : {}) });
    const tPlay = performance.now() - t; t = performance.now();
    const rep = replaySteps(r, games);
    if (!rep.ok) throw new Error(rep.error.code);
    const tRep = performance.now() - t; t = performance.now();
    const big = largestStep(rep.game, rep.steps, viewersOf(r));
    const maxEntry = Math.max(...r.log.slice(1).map(jsonBytes));
    console.log(g, bot, "steps", r.log.length, "play", Math.round(tPlay), "replay", Math.round(tRep), "measure", Math.round(performance.now() - t), big, "entry", maxEntry);
  }
}, 600000);
