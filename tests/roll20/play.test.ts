/**
 * Every game plays to its end in the sandbox stand-in, through chat commands only: the GM opens
 * the table with `!cantina new`, each player clicks buttons from the cards whispered to them (or,
 * for a puzzle, types a claim), a spectator bets where the game takes bets, and the sandbox
 * restarts in the middle of every match (memory and timers lost, `state` from JSON).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { builtScript } from "./built";
import { ALICE, BOB, CHANDRA, GM, night, tables } from "./harness";
import { playToEnd } from "./match";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

const cases = Object.values(games).map((g) => ({
  id: g.id,
  seats: [ALICE, BOB, CHANDRA].slice(0, Math.min(g.maxSeats, Math.max(g.minSeats, 2))),
}));

describe("every game plays to its end through chat", () => {
  // Whole matches (some run to hundreds of moves): the limit only catches a hang on a busy machine.
  it.each(cases)("$id", { timeout: 180_000 }, async ({ id, seats }) => {
    const r20 = night(script);
    const extra = Object.keys((await import("../../src/games")).markets).includes(id) ? " betting=10" : "";
    if (extra) {
      r20.type(GM, "!cantina event 1000 Night");
      await r20.settle();
    }
    const tableId = await playToEnd(r20, id, seats, { extra, restartAt: 6 });
    const overLine = r20.chat.some((m) => m.to === "all" && m.content.includes("The match is over"));
    const record = tables(r20).find((t) => t.id === tableId);
    expect(record === undefined || games[id]?.status(record.state).over, `${id} over`).toBe(true);
    expect(overLine, `${id}: the end announced in chat`).toBe(true);
    // Nothing the scripts wrote is lost by keeping it as JSON.
    expect(JSON.parse(JSON.stringify(r20.state))).toEqual(r20.state);
  });
});
