/**
 * One match in the sandbox stand-in, played through chat only: the GM opens it with `!cantina new`,
 * players click the buttons whispered to them (or type a solved claim), a spectator bets where it can.
 */
import { expect } from "vitest";
import { games } from "../../src/games";
import { ChatReader, Chooser, GM, SPECTATOR, click, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

export interface MatchOptions {
  /** Restart the sandbox once the table reaches this version (memory and timers lost). */
  readonly restartAt?: number;
  /** Extra words for `!cantina new` (options, `betting=10`). */
  readonly extra?: string;
  /** Called after every step (a click, a claim, a restart, time passing). */
  readonly afterStep?: (tableId: string) => void;
}

/** A claim a player solved by hand, typed as `tile:side:turns:x:y` (the test solves with the rules). */
function claimCommand(tableId: string, version: number, move: unknown): string | null {
  const m = move as { type?: string; pieces?: { tile: string; side: string; turns: number; x: number; y: number }[] };
  if (m.type !== "claim" || !m.pieces) return null;
  return `!cantina claim ${tableId} ${version} ${m.pieces.map((p) => `${p.tile}:${p.side}:${p.turns}:${p.x}:${p.y}`).join(" ")}`;
}

export async function playToEnd(
  r20: FakeRoll20,
  gameId: string,
  seats: readonly string[],
  options: MatchOptions = {},
): Promise<string> {
  const extra = options.extra ?? "";
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
  const typed = new Set<number>();
  for (let step = 0; step < 4000; step++) {
    options.afterStep?.(tableId);
    const record = tables(r20).find((t) => t.id === tableId);
    if (!record) break; // archived: over
    const status = game.status(record.state);
    if (status.over) break;
    if (!restarted && options.restartAt !== undefined && record.version >= options.restartAt) {
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
    // A player with moves but no card to click (no whisper reaches them) types the command by hand.
    const typer = status.toAct
      .map((seat) => ({ seat, user: record.seats.find((s) => s.seat === seat)?.userId ?? null }))
      .find((x) => x.user !== null && (game.shownMoves ?? game.legalMoves)(record.state, x.seat).length > 0);
    if (typer?.user && !typed.has(record.version)) {
      typed.add(record.version);
      r20.type(typer.user, `!cantina move ${tableId} ${record.version} 0`);
      await r20.advance(3_000);
      continue;
    }
    await r20.advance(5_000);
  }
  options.afterStep?.(tableId);
  if (options.restartAt !== undefined) expect(restarted, `${gameId}: restarted mid-game`).toBe(true);
  return tableId;
}
