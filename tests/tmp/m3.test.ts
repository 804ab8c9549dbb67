import { it } from "vitest";
import { games } from "../../src/games";
import { replaySteps } from "../../src/table/record-file";
import { longRecord } from "../helpers/long-record";
it("m", () => {
  const r = longRecord({ gameId: "defiance-and-domain", seed: 1, options: { maxMoves: 5000, repetitionDraw: false, paired: true } });
  const rep = replaySteps(r, games);
  if (!rep.ok) throw new Error();
  for (const i of [1, 500, 2000]) {
    const v = rep.game.view(rep.steps[i]!.state, { role: "gm" }) as Record<string, unknown>;
    console.log(i, Object.fromEntries(Object.entries(v).map(([k, x]) => [k, JSON.stringify(x).length])));
  }
  const v = rep.game.view(rep.steps[2000]!.state, { role: "gm" }) as Record<string, unknown>;
  console.log(JSON.stringify(v).slice(0, 1500));
});
