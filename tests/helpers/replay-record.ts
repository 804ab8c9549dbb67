/** Plays a game of bots straight through the rules and keeps it as a table record, as the host logs it. */
import type { LoadedReplay } from "../../src/apps/replay/pages";
import type { Replay } from "../../src/apps/replay/model";
import type { AnyGame, Applied, Viewer } from "../../src/rules/core";
import { viewReplay } from "../../src/table/replay-view";
import { RecordingRandom, SeededRandom } from "../../src/rules/core";
import { bots, games } from "../../src/games";
import type { LogEntry } from "../../src/table/protocol";
import type { TableRecord } from "../../src/table/store";

/** `level`: the bots' level (default: the game's first); `options`: what differs from the game's defaults. */
export function botRecord(
  gameId: string,
  seed: number,
  seatCount = 3,
  level?: string,
  maxSteps = 2000,
  options: Readonly<Record<string, unknown>> = {},
): TableRecord {
  const game: AnyGame | undefined = games[gameId];
  const levels = bots[gameId] ?? {};
  const bot = (level !== undefined ? levels[level] : undefined) ?? Object.values(levels)[0];
  if (!game || !bot) throw new Error(`No game or bot ${gameId}`);
  const seats = Array.from({ length: seatCount }, (_, i) => `s${i + 1}`);
  const random = new SeededRandom(seed);
  const chosen = { ...(game.defaultOptions() as Record<string, unknown>), ...options };
  const first = new RecordingRandom(random);
  let applied: Applied<unknown> = game.setup(seats, chosen, first);
  if (!applied.ok) throw new Error(applied.error.code);
  const log: LogEntry[] = [{ version: 0, seat: null, move: chosen, dice: first.results, events: applied.events }];
  let state = applied.state;
  for (let i = 0; i < maxSteps && !game.status(state).over; i++) {
    const seat = game.status(state).toAct[0];
    const timed = seat === undefined ? game.timeoutMove?.(state) : null;
    const who = seat ?? timed?.seat;
    if (who === undefined) throw new Error("Nobody to act");
    const move = timed
      ? timed.move
      : bot.choose(game.view(state, { role: "seat", seat: who }), game.legalMoves(state, who), random);
    const dice = new RecordingRandom(random);
    applied = game.apply(state, who, move, dice);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.state;
    log.push({ version: log.length, seat: who, move, dice: dice.results, events: applied.events });
  }
  if (!game.status(state).over) throw new Error("The game did not end");
  return {
    id: `t${seed}`,
    gameId,
    eventId: "e1",
    options: chosen,
    seats: seats.map((seat, i) => ({ seat, name: `Bot ${i + 1}`, kind: "bot", userId: null, account: `a${i}` })),
    state,
    version: log.length - 1,
    log,
    createdAt: 0,
    settled: true,
    finishedAt: 1,
  };
}

/** A record replayed whole by the test itself, seen by one viewer (the hosts replay through `ReplayPlayer`). */
export const viewedAs = (replay: Replay, viewer: Viewer): LoadedReplay =>
  viewReplay(replay.record, replay.game, replay.steps, viewer);
