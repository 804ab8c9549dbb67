/**
 * Every game plays to its end in the sandbox stand-in, through chat commands only: the GM opens
 * the table with `!cantina new`, each player clicks buttons from the cards whispered to them (or,
 * for a puzzle, types a claim), a spectator bets where the game takes bets, and the sandbox
 * restarts in the middle of every match (memory and timers lost, `state` from JSON). A game with a
 * move limit plays to its least (tests/soak/roll20-boards.soak.test.ts plays whole games).
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

/** A game with a move limit plays to its least (the end by the limit; the soak run plays whole games by token moves). */
function shortestLimit(id: string): string {
  const field = games[id]?.optionSchema.maxMoves;
  return field?.kind === "integer" ? ` maxMoves=${field.min}` : "";
}

describe("every game plays to its end through chat", () => {
  // Whole matches (some run to hundreds of moves): the limit only catches a hang on a busy machine.
  it.each(cases)("$id", { timeout: 180_000 }, async ({ id, seats }) => {
    const r20 = night(script);
    const betting = Object.keys((await import("../../src/games")).markets).includes(id) ? " betting=10" : "";
    const extra = `${betting}${shortestLimit(id)}`;
    if (betting) {
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
