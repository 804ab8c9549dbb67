/**
 * Every game plays to its end in the sandbox stand-in, through chat commands only: the GM opens
 * the table with `!cantina new`, each player clicks buttons from the cards whispered to them (or,
 * for a puzzle, types a claim), a spectator bets where the game takes bets, and the sandbox
 * restarts in the middle of every match (memory and timers lost, `state` from JSON).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { builtScript } from "./built";
import { ALICE, BOB, CHANDRA, ChatReader, Chooser, GM, SPECTATOR, click, night, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** A claim a player solved by hand, typed as `tile:side:turns:x:y` (the test solves with the rules). */
function claimCommand(tableId: string, version: number, move: unknown): string | null {
  const m = move as { type?: string; pieces?: { tile: string; side: string; turns: number; x: number; y: number }[] };
  if (m.type !== "claim" || !m.pieces) return null;
  return `!cantina claim ${tableId} ${version} ${m.pieces.map((p) => `${p.tile}:${p.side}:${p.turns}:${p.x}:${p.y}`).join(" ")}`;
}

async function playToEnd(r20: FakeRoll20, gameId: string, seats: readonly string[], extra = ""): Promise<string> {
  r20.type(GM, `!cantina new ${gameId} ${seats.join(" ")}${extra}`);
  await r20.settle();
  const opened = tables(r20).find((t) => t.gameId === gameId);
  expect(opened, `table of ${gameId} opened`).toBeDefined();
  const tableId = opened?.id ?? "";
  const game = games[gameId];
  if (!game) throw new Error(gameId);
  const choose = new Chooser(gameId.length * 7919);
  let restarted = false;
  let betPlaced = false;
  const reader = new ChatReader(r20);
  for (let step = 0; step < 4000; step++) {
    const record = tables(r20).find((t) => t.id === tableId);
    if (!record) break; // archived: over
    const status = game.status(record.state);
    if (status.over) break;
    if (!restarted && record.version >= 6) {
      r20.restart();
      restarted = true;
      await r20.settle();
      continue;
    }
    if (!betPlaced) {
      const bet = reader.betButtons(tableId)[0];
      if (bet) {
        click(r20, SPECTATOR, bet, 5);
        betPlaced = true;
        await r20.settle();
        continue;
      }
    }
    const acting = seats
      .map((p) => ({ p, buttons: reader.moveButtons(p, tableId, record.version) }))
      .filter((x) => x.buttons.length > 0);
    if (acting.length > 0) {
      const { p, buttons } = choose.pick(acting);
      click(r20, p, choose.pick(buttons));
      // A player takes a few seconds to click: clocks (an hourglass, a solo game's time) run on.
      await r20.advance(3_000);
      continue;
    }
    // No button: a puzzle to solve by hand, or the bots' and the hourglass's turn.
    const solver = status.toAct
      .map((seat) => ({ seat, user: record.seats.find((s) => s.seat === seat)?.userId ?? null }))
      .find((x) => x.user !== null);
    const claim =
      solver &&
      game
        .legalMoves(record.state, solver.seat)
        .map((m) => claimCommand(tableId, record.version, m))
        .find((c) => c !== null);
    if (solver?.user && claim) {
      r20.type(solver.user, claim);
      // Solving takes a while: the solo game's clock runs on.
      await r20.advance(20_000);
      continue;
    }
    await r20.advance(5_000);
  }
  expect(restarted, `${gameId}: restarted mid-game`).toBe(true);
  return tableId;
}

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
    const tableId = await playToEnd(r20, id, seats, extra);
    const overLine = r20.chat.some((m) => m.to === "all" && m.content.includes("The match is over"));
    const record = tables(r20).find((t) => t.id === tableId);
    expect(record === undefined || games[id]?.status(record.state).over, `${id} over`).toBe(true);
    expect(overLine, `${id}: the end announced in chat`).toBe(true);
    // Nothing the scripts wrote is lost by keeping it as JSON.
    expect(JSON.parse(JSON.stringify(r20.state))).toEqual(r20.state);
  });
});
