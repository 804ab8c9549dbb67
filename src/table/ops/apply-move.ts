/**
 * A move applied to a table: the rules' new state and its log entry (with every die it used), the
 * countdown, then each concern's step after a move (`ctx.afterMove`, the registry's order) adds its part
 * to the one change. Shared by players' moves, bots' and deadlines' timeouts.
 */
import { type AnyGame, RecordingRandom, type SeatId } from "../../rules/core";
import { clockFor, playedMs } from "../clock";
import type { TableRecord } from "../store";
import { refused, succeed } from "../../rules/core";
import { type Books, type MoveStep, type OpContext, type OpResult, ledgerChange } from "../context";

/**
 * A move by `seat`, and all it brings with it, as one change to store; `timeout`: the game's timeout
 * move, applied by the host when a deadline ran out (logged so). Nothing of the books changes here.
 */
export function applyMove(
  books: Pick<Books, "ledger">,
  ctx: OpContext,
  record: TableRecord,
  game: AnyGame,
  seat: SeatId,
  move: unknown,
  timeout = false,
): OpResult {
  const random = new RecordingRandom(ctx.random);
  // The host's clock on the move (a solo stopwatch), whatever a client wrote: applied and logged so.
  if (game.stampMove) move = game.stampMove(move, playedMs(record, ctx.now));
  const applied = game.apply(record.state, seat, move, random);
  if (!applied.ok) return refused(applied.error);
  const version = record.version + 1;
  const entry = { version, seat, move, dice: random.results, events: applied.events };
  const moved: TableRecord = {
    ...record,
    state: applied.state,
    version,
    log: [...record.log, timeout ? { ...entry, timeout: true as const } : entry],
  };
  const status = game.status(moved.state);
  const { clock: _previousClock, ...withoutClock } = moved;
  const clock = clockFor(status, record.clock, ctx.now);
  let next: TableRecord = clock ? { ...withoutClock, clock } : withoutClock;
  if (status.over && next.finishedAt === undefined) next = { ...next, finishedAt: ctx.now() };
  let step: MoveStep = { game, before: record, status, record: next, ledger: books.ledger, settles: false };
  for (const extend of ctx.afterMove) step = extend(step, ctx);
  return succeed({
    change: { tables: [step.record], ...ledgerChange(step.ledger, books.ledger) },
    reply: { ok: true, version },
    push: [{ record: step.record, since: record.version + 1 }],
  });
}
