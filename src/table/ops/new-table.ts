/**
 * A new table from a spec, with the purses its seats bring from the ledger: checked (game, seats,
 * accounts, options, the winner's share) and set up, computed aside for `create` and `rematch`.
 */
import { RecordingRandom, type Result, isRecord, purseOption, refuse, refused, seatCountError } from "../../rules/core";
import { newBook } from "../concerns/betting/book";
import { clockFor, withTurnStarted } from "../clock";
import {
  type EventLedger,
  type Ledger,
  type Purses,
  DEFAULT_STARTING_CREDITS,
  HOUSE_ACCOUNT,
  emptyEvent,
  ensureAccounts,
  latestEvent,
  own,
  seatPurses,
  withEvent,
  withHouse,
  withTable,
} from "../ledger";
import { type SeatAssignment, type TableSpec, type UserId, Errors, TURN_CLOCK_BOUNDS, TimeErrors } from "../protocol";
import type { TableRecord } from "../store";
import { type OpContext, gameOf } from "../context";

/** The largest share of each spectator pool a table may give its match winner (percent). */
export const MAX_WINNER_SHARE = 50;

/** The event a new table plays in: the one asked for, else the newest, else a new one. */
function eventFor(ctx: OpContext, spec: TableSpec, startingCredits: number, ledger: Ledger): EventLedger | null {
  if (spec.eventId !== undefined) return own(ledger.events, spec.eventId) ?? null;
  return (
    latestEvent(ledger) ??
    withHouse(emptyEvent(`e${ctx.newId()}`, "", startingCredits, ctx.now()), ctx.now(), ctx.hostUser)
  );
}

/** The seats of a spec as a table assigns them, with each bot's level (the game's first by default). */
function assignSeats(ctx: OpContext, spec: TableSpec, gameId: string, usesLedger: boolean): SeatAssignment[] {
  const levels = ctx.bots?.[gameId] ?? {};
  return spec.seats.map((s, i) => {
    const name = s.name.trim() || (s.userId ?? `Bot ${i + 1}`);
    const botLevel =
      s.kind === "bot" ? (s.botLevel && levels[s.botLevel] ? s.botLevel : Object.keys(levels)[0]) : undefined;
    return {
      seat: `seat-${i + 1}`,
      name,
      kind: s.kind,
      userId: s.kind === "bot" ? null : s.userId,
      // A bot of a game that uses the ledger plays from the house's purse (its stake is set below).
      account: s.kind === "bot" ? (usesLedger ? HOUSE_ACCOUNT : `bot:${name}`) : (s.account ?? s.userId ?? name),
      ...(botLevel ? { botLevel } : {}),
    };
  });
}

/**
 * A new table from a spec, and the ledger with the purses its seats brought (on `ledgerBefore`):
 * computed aside, nothing of the books changes here. `lobbyId`: the id a seat lobby already has.
 */
export function newTable(
  ctx: OpContext,
  from: UserId,
  spec: TableSpec,
  ledgerBefore: Ledger,
  lobbyId?: string,
): Result<{ record: TableRecord; ledger: Ledger }> {
  const game = gameOf(ctx, spec.gameId);
  if (!game) return refuse(Errors.unknownGame, { game: spec.gameId });
  if (spec.seats.length < game.minSeats || spec.seats.length > game.maxSeats) {
    return refused(seatCountError(game.minSeats, game.maxSeats));
  }
  const seats = assignSeats(ctx, spec, game.id, game.usesLedger);
  if (seats.some((s) => s.kind === "person" && !s.userId)) return refuse(Errors.malformed);
  if (seats.some((s) => s.kind === "person" && s.account === HOUSE_ACCOUNT)) return refuse(Errors.reservedAccount);
  if (seats.some((s) => s.kind === "bot" && !s.botLevel)) return refuse(Errors.noBot, { game: game.id });
  // Two seats on one account would each bring the whole balance to the table.
  const firstSeatOf = new Map(seats.map((s, i) => [s.account, i] as const).reverse());
  const twice = seats.find((s, i) => s.kind === "person" && firstSeatOf.get(s.account) !== i);
  if (game.usesLedger && twice) return refuse(Errors.sameAccountTwice, { name: twice.name });
  const ids = seats.map((s) => s.seat);
  const defaults = game.defaultOptions() as Record<string, unknown>;
  const options: Record<string, unknown> = {
    ...defaults,
    ...(isRecord(spec.options) ? spec.options : {}),
  };
  const defaultCredits = purseOption(game.optionSchema, options, "credits") ?? DEFAULT_STARTING_CREDITS;
  let event = eventFor(ctx, spec, defaultCredits, ledgerBefore);
  if (!event) return refuse(Errors.unknownEvent);
  const eventBefore = own(ledgerBefore.events, event.id);
  const tableId = lobbyId ?? ctx.newId();
  const share = spec.betting?.winnerShare;
  if (share !== undefined && (!Number.isSafeInteger(share) || share < 0 || share > MAX_WINNER_SHARE))
    return refuse(Errors.badOption, { option: "winnerShare" });
  const turnClock = spec.turnClock;
  if (turnClock && !turnClockInBounds(turnClock)) return refuse(TimeErrors.badTurnClock, { ...TURN_CLOCK_BOUNDS });
  let purses: Purses | undefined;
  event = withTable(event, tableId, game.id, game.nameKey);
  if (game.usesLedger) {
    const defaultLuck = purseOption(game.optionSchema, options, "luck");
    const startingCredits = event.startingCredits;
    seats.forEach((s, i) => {
      if (s.kind === "bot") seats[i] = { ...s, stake: spec.seats[i]?.stake ?? startingCredits };
    });
    const toOpen = seats.filter((s) => s.stake === undefined).map((s) => ({ id: s.account, name: s.name }));
    event = ensureAccounts(event, toOpen, event.startingCredits, ctx.now(), from, defaultLuck);
    // Each seat brings its whole purse (a bot its stake from the house), which stays at the table until the match is settled.
    const seated = seatPurses(event, tableId, seats, ctx.now(), from, defaultLuck);
    event = seated.event;
    purses = seated.purses;
  }
  const checkedOptions = game.checkOptions(options, ids);
  if (!checkedOptions.ok) return checkedOptions;
  const random = new RecordingRandom(ctx.random);
  const setup = game.setup(ids, options, random, purses);
  if (!setup.ok) return setup;
  const clock = clockFor(game.status(setup.state), undefined, ctx.now);
  let record: TableRecord = {
    id: tableId,
    gameId: game.id,
    eventId: event.id,
    options,
    ...(purses ? { purses } : {}),
    seats,
    state: setup.state,
    version: 0,
    createdAt: ctx.now(),
    settled: false,
    log: [{ version: 0, seat: null, move: null, dice: random.results, events: setup.events }],
    ...(clock ? { clock } : {}),
    ...(turnClock ? { turnClock } : {}),
    ...(spec.undo === true ? { undo: true as const } : {}),
  };
  record = withTurnStarted(record, game.status(setup.state), ctx.now);
  const markets = ctx.markets?.[game.id];
  if (markets && spec.betting) {
    const book = newBook(record.id, spec.betting.winnerShare, ids, markets, 0, (n) => ctx.bettingRandom.die(n));
    record = { ...record, betting: book };
  }
  return { ok: true, record, ledger: event !== eventBefore ? withEvent(ledgerBefore, event) : ledgerBefore };
}

/** A turn clock within its bounds: whole seconds, the turn at least the minimum, the bot's wait 0 (never) or more. */
function turnClockInBounds(t: NonNullable<TableSpec["turnClock"]>): boolean {
  const b = TURN_CLOCK_BOUNDS;
  return (
    Number.isSafeInteger(t.turnSeconds) &&
    Number.isSafeInteger(t.botAfterSeconds) &&
    t.turnSeconds >= b.turnSecondsMin &&
    t.turnSeconds <= b.turnSecondsMax &&
    t.botAfterSeconds >= 0 &&
    t.botAfterSeconds <= b.botAfterSecondsMax
  );
}
