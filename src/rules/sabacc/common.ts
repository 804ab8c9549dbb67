/**
 * What the three Sabacc variants share: purses from the event ledger, their checks, the seat limit,
 * the table before the order rolls, the play order step, private rolls, Luck/Force points spent, and
 * splitting a pot.
 */
import {
  type GameEvent,
  type GameStatus,
  type Random,
  type Result,
  type RollEvent,
  type SeatId,
  type SeatPurse,
  type IntegerField,
  type Purses,
  hasOwn,
  refuse,
  succeed,
  integer,
  isRecord,
  roll,
} from "../core";
import { pendingOrderRollers, playOrderFrom } from "./play-order";

export const TARGET = 23;
/** The largest amount an option may name (credits, points). */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** Error codes shared by the variants (keys in lang/en.json). */
export const E = {
  notYourTurn: "CANTINA.Error.NotYourTurn",
  notSeated: "CANTINA.Error.NotSeated",
  gameOver: "CANTINA.Error.GameOver",
  wrongPhase: "CANTINA.Sabacc.Error.WrongPhase",
  noLuck: "CANTINA.Sabacc.Error.NoLuck",
  rerollUsed: "CANTINA.Sabacc.Error.RerollUsed",
  betTooSmall: "CANTINA.Sabacc.Error.BetTooSmall",
  betTooLarge: "CANTINA.Sabacc.Error.BetTooLarge",
  badOption: "CANTINA.Error.BadOption",
  cannotAffordAnte: "CANTINA.Sabacc.Error.CannotAffordAnte",
  seatCount: "CANTINA.Error.SeatCount",
  seatLimit: "CANTINA.Sabacc.Error.SeatLimit",
} as const;

/** Any of the codes the variants share. */
export type SabaccErrorCode = (typeof E)[keyof typeof E];

/** The options every variant has: what a seat without a ledger purse starts with. */
export interface PurseOptions {
  readonly defaultCredits: number;
  readonly defaultLuck: number;
}

/** The option fields every variant shares (a new character's credits and Luck/Force points). */
export function purseFields(defaultCredits: number): {
  readonly defaultCredits: IntegerField;
  readonly defaultLuck: IntegerField;
} {
  return {
    defaultCredits: integer(defaultCredits, 0, MAX_AMOUNT, { purse: "credits" }),
    defaultLuck: integer(3, 0, MAX_AMOUNT, { purse: "luck" }),
  };
}

export function isCount(x: unknown): x is number {
  return typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
}

export function purseOf(options: PurseOptions, purses: Purses | undefined, seat: SeatId): SeatPurse {
  const own = purses && hasOwn(purses, seat) ? purses[seat] : undefined;
  return own ?? { credits: options.defaultCredits, luck: options.defaultLuck };
}

export function mapSeats<T>(seats: readonly SeatId[], f: (seat: SeatId) => T): Record<SeatId, T> {
  const out: Record<SeatId, T> = {};
  for (const seat of seats) out[seat] = f(seat);
  return out;
}

/** Checks the purses the ledger brought, and that every seat can pay `need` credits. */
export function checkPurses(
  options: PurseOptions,
  purses: Purses | undefined,
  seats: readonly SeatId[],
  need: number,
): Result {
  for (const seat of seats) {
    if (!purses || !hasOwn(purses, seat)) continue;
    const p: unknown = purses[seat];
    if (!isRecord(p) || !isCount(p.credits) || !isCount(p.luck)) return refuse(E.badOption, { option: "purses" });
  }
  for (const seat of seats) {
    if (purseOf(options, purses, seat).credits < need) return refuse(E.cannotAffordAnte, { seat, ante: need });
  }
  return succeed({});
}

/** The GM's seat limit; 0 means none (only Super Simplified allows 0). */
export function checkSeatLimit(limit: number, seats: readonly SeatId[]): Result {
  return limit > 0 && seats.length > limit ? refuse(E.seatLimit, { limit }) : succeed({});
}

/** Who acts: every seat still to roll for order, then the one seat at `turn`, none once it is over. */
export function seatsToAct(state: SabaccTable): SeatId[] {
  if (state.phase === "order") return pendingOrderRollers(state.seats, state.orderRolls);
  if (state.phase === "over") return [];
  const seat = state.playOrder[state.turn];
  return seat === undefined ? [] : [seat];
}

/** Why `seat` may not move now (not seated, the match is over, not its turn), or null. */
export function turnRefusal(state: SabaccTable, seat: SeatId): SabaccErrorCode | null {
  if (!state.seats.includes(seat)) return E.notSeated;
  if (state.phase === "over") return E.gameOver;
  if (!seatsToAct(state).includes(seat)) return E.notYourTurn;
  return null;
}

/** Splits the pot among the winners; an indivisible remainder goes one credit at a time in play order. */
export function splitPot(pot: number, winners: readonly SeatId[]): Record<SeatId, number> {
  const share = Math.floor(pot / winners.length);
  let remainder = pot - share * winners.length;
  const out: Record<SeatId, number> = {};
  for (const w of winners) {
    out[w] = share + (remainder > 0 ? 1 : 0);
    if (remainder > 0) remainder--;
  }
  return out;
}

/**
 * One public 1d100 for play (or draw) order. Returns the new rolls and, once nobody has to roll
 * again, the order (highest first, ties rolled off).
 */
export function orderRoll(
  seats: readonly SeatId[],
  rolls: Readonly<Record<SeatId, readonly number[]>>,
  seat: SeatId,
  random: Random,
  events: GameEvent[],
): { orderRolls: Record<SeatId, readonly number[]>; playOrder: SeatId[] | null } {
  const r = roll("1d100", random);
  events.push({
    kind: "roll",
    seat,
    purpose: "CANTINA.Sabacc.Roll.Order",
    notation: r.notation,
    dice: r.dice,
    total: r.total,
  });
  const orderRolls = { ...rolls, [seat]: [...(rolls[seat] ?? []), r.total] };
  if (pendingOrderRollers(seats, orderRolls).length > 0) return { orderRolls, playOrder: null };
  const playOrder = playOrderFrom(seats, orderRolls);
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.PlayOrder", params: { order: playOrder.join(", ") } });
  return { orderRolls, playOrder };
}

/** A roll only its seat (and the GM) sees. */
export function privateRoll(
  seat: SeatId,
  notation: string,
  purpose: string,
  random: Random,
): RollEvent & { total: number } {
  const r = roll(notation, random);
  return { kind: "roll", seat, purpose, notation: r.notation, dice: r.dice, total: r.total, audience: [seat] };
}

/** The next index after `from` (exclusive) in `order` whose seat passes `eligible`, or -1. */
export function nextIndex(order: readonly SeatId[], from: number, eligible: (seat: SeatId) => boolean): number {
  for (let i = from + 1; i < order.length; i++) if (eligible(order[i] as SeatId)) return i;
  return -1;
}

/** What every variant's state has: the seats, play order, purses, folds and the outcome. */
export interface SabaccTable {
  readonly phase: string;
  readonly seats: readonly SeatId[];
  readonly orderRolls: Readonly<Record<SeatId, readonly number[]>>;
  /** Empty until every order roll is in. */
  readonly playOrder: readonly SeatId[];
  /** Index into playOrder of the seat to act once the order is known. */
  readonly turn: number;
  readonly credits: Readonly<Record<SeatId, number>>;
  readonly startCredits: Readonly<Record<SeatId, number>>;
  readonly luck: Readonly<Record<SeatId, number>>;
  readonly luckSpent: Readonly<Record<SeatId, number>>;
  readonly folded: Readonly<Record<SeatId, boolean>>;
  readonly shown: readonly SeatId[];
  readonly winners: readonly SeatId[];
  readonly payouts: Readonly<Record<SeatId, number>>;
}

/** Every variant's table before the order rolls: each seat with its purse, nothing folded or shown. */
export function openTable(
  seats: readonly SeatId[],
  options: PurseOptions,
  purses: Purses | undefined,
): SabaccTable & { readonly phase: "order" } {
  const credits = mapSeats(seats, (s) => purseOf(options, purses, s).credits);
  return {
    phase: "order",
    seats: [...seats],
    orderRolls: mapSeats(seats, () => []),
    playOrder: [],
    turn: 0,
    credits,
    startCredits: credits,
    luck: mapSeats(seats, (s) => purseOf(options, purses, s).luck),
    luckSpent: mapSeats(seats, () => 0),
    folded: mapSeats(seats, () => false),
    shown: [],
    winners: [],
    payouts: {},
  };
}

/** `points` Luck/Force points spent by `seat` (a reroll costs one, a True Sabacc cheat three). */
export function spendLuck(
  state: SabaccTable,
  seat: SeatId,
  points: number,
): { luck: Record<SeatId, number>; luckSpent: Record<SeatId, number> } {
  return {
    luck: { ...state.luck, [seat]: (state.luck[seat] ?? 0) - points },
    luckSpent: { ...state.luckSpent, [seat]: (state.luckSpent[seat] ?? 0) + points },
  };
}

/** What every variant's seat view shows; Luck/Force points only to the seat's owner and the GM. */
export interface SeatViewBasics {
  readonly seat: SeatId;
  readonly credits: number;
  readonly orderRolls: readonly number[];
  readonly luck: number | null;
  readonly folded: boolean;
  readonly shown: boolean;
  readonly winner: boolean;
  readonly payout: number;
}

export function seatViewBasics(state: SabaccTable, seat: SeatId, mine: boolean): SeatViewBasics {
  return {
    seat,
    credits: state.credits[seat] ?? 0,
    orderRolls: state.orderRolls[seat] ?? [],
    luck: mine ? (state.luck[seat] ?? 0) : null,
    folded: state.folded[seat] ?? false,
    shown: state.shown.includes(seat),
    winner: state.winners.includes(seat),
    payout: state.payouts[seat] ?? 0,
  };
}

/** Who acts; once the match is over, its result for the event ledger (credits won or lost, points spent). */
export function matchStatus(state: SabaccTable): GameStatus {
  if (state.phase !== "over") return { toAct: seatsToAct(state), over: false };
  return {
    toAct: [],
    over: true,
    result: {
      winners: state.winners,
      creditDelta: mapSeats(state.seats, (s) => (state.credits[s] ?? 0) - (state.startCredits[s] ?? 0)),
      luckSpent: state.luckSpent,
    },
  };
}
