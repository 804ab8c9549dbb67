/**
 * Long finished records for the replay-size tests: a match played straight through the rules with
 * chosen options (the games' own move limits at their largest), its moves picked at random among the
 * legal ones or by a bot, kept as the host logs it (each entry with the dice it used).
 */
import {
  type AnyGame,
  type Applied,
  type GameEvent,
  type Viewer,
  RecordingRandom,
  SeededRandom,
  eventFor,
} from "../../src/rules/core";
import { bots, games } from "../../src/games";
import type { LogEntry } from "../../src/table/protocol";
import type { TableRecord } from "../../src/table/store";

export interface LongMatch {
  readonly gameId: string;
  readonly seed: number;
  /** Options over the game's defaults. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** A bot level of the game; absent: random legal moves. */
  readonly bot?: string;
  readonly seats?: number;
}

export function longRecord(match: LongMatch, maxSteps = 30_000): TableRecord {
  const game: AnyGame | undefined = games[match.gameId];
  if (!game) throw new Error(`No game ${match.gameId}`);
  const bot = match.bot !== undefined ? bots[match.gameId]?.[match.bot] : undefined;
  if (match.bot !== undefined && !bot) throw new Error(`No bot ${match.bot} for ${match.gameId}`);
  const seatCount = match.seats ?? Math.max(2, game.minSeats);
  const seats = Array.from({ length: seatCount }, (_, i) => `s${i + 1}`);
  const random = new SeededRandom(match.seed);
  const options = { ...(game.defaultOptions() as Record<string, unknown>), ...match.options };
  const checked = game.checkOptions(options, seats);
  if (!checked.ok) throw new Error(`${match.gameId}: ${checked.error.code} ${JSON.stringify(checked.error.params)}`);
  const first = new RecordingRandom(random);
  let applied: Applied<unknown> = game.setup(seats, options, first);
  if (!applied.ok) throw new Error(applied.error.code);
  const log: LogEntry[] = [{ version: 0, seat: null, move: options, dice: first.results, events: applied.events }];
  let state = applied.state;
  for (let i = 0; i < maxSteps && !game.status(state).over; i++) {
    const seat = game.status(state).toAct[0];
    const timed = seat === undefined ? game.timeoutMove?.(state) : null;
    const who = seat ?? timed?.seat;
    if (who === undefined) throw new Error("Nobody to act");
    const legal = timed ? [] : game.legalMoves(state, who);
    const move = timed
      ? timed.move
      : bot
        ? bot.choose(game.view(state, { role: "seat", seat: who }), legal, random)
        : legal[random.die(legal.length) - 1];
    const dice = new RecordingRandom(random);
    applied = game.apply(state, who, move, dice);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.state;
    log.push({ version: log.length, seat: who, move, dice: dice.results, events: applied.events });
  }
  if (!game.status(state).over) throw new Error(`${match.gameId} did not end in ${maxSteps} moves`);
  return {
    id: `long-${match.gameId}-${match.seed}`,
    gameId: match.gameId,
    eventId: "e1",
    options,
    seats: seats.map((seat, i) => ({ seat, name: `Bot ${i + 1}`, kind: "bot", userId: null, account: `a${i}` })),
    state,
    version: log.length - 1,
    log,
    createdAt: 0,
    settled: true,
    finishedAt: 1,
  };
}

/** Every viewer of a record: the GM, each seat, a spectator. */
export function viewersOf(record: Pick<TableRecord, "seats">): Viewer[] {
  return [{ role: "gm" }, ...record.seats.map((s): Viewer => ({ role: "seat", seat: s.seat })), { role: "spectator" }];
}

export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/** The largest replay step of a record over every viewer: its view (with status) and its events apart. */
export function largestStep(
  game: AnyGame,
  steps: readonly { readonly state: unknown; readonly events: readonly GameEvent[] }[],
  viewers: readonly Viewer[],
): { view: number; events: number } {
  let view = 0;
  let events = 0;
  for (const step of steps) {
    const status = game.status(step.state);
    for (const viewer of viewers) {
      view = Math.max(
        view,
        jsonBytes({ seat: "", view: game.view(step.state, viewer), over: status.over, toAct: status.toAct }),
      );
      events = Math.max(events, jsonBytes(step.events.flatMap((e) => eventFor(e, viewer) ?? [])));
    }
  }
  return { view, events };
}
