/**
 * What the two dice variants (Super Simplified and Simplified Sabacc) share: one pot fed by an ante
 * and bets, a hand that is a number rolled in private, a Luck/Force reroll, and the show. Both import
 * it as `dice` (`dice.showdown`, `dice.placeBet`), so their files show which steps are shared.
 */
import { type GameEvent, type Purses, type Random, type Result, type RollEvent, type SeatId, succeed } from "../core";
import {
  type PurseOptions,
  checkPurses,
  type SabaccTable,
  type SeatViewBasics,
  TARGET,
  isCount,
  mapSeats,
  openTable,
  orderRoll,
  seatViewBasics,
  seatsToAct,
  spendLuck,
  splitPot,
} from "./common";

/** The state both dice variants have besides their own steps. */
export interface DiceTable extends SabaccTable {
  readonly ante: number;
  readonly minBet: number;
  /** The seat at `turn` has rolled and chooses to keep or reroll. */
  readonly deciding: boolean;
  readonly hands: Readonly<Record<SeatId, number | null>>;
  /** Bets of the current (or only) betting round. */
  readonly bets: Readonly<Record<SeatId, number | null>>;
  readonly pot: number;
}

/** What both dice variants' views show of the table. */
export interface DiceViewBasics {
  readonly ante: number;
  readonly minBet: number;
  readonly pot: number;
  readonly playOrder: readonly SeatId[];
  readonly toAct: readonly SeatId[];
  /** While one seat is choosing to reroll or keep. */
  readonly deciding: boolean;
  readonly winners: readonly SeatId[];
}

/** What both dice variants' views show of a seat; the hand's value only to its owner, the GM, or after the show. */
export interface DiceSeatView extends SeatViewBasics {
  readonly hasHand: boolean;
  readonly hand: number | null;
  readonly bet: number | null;
}

type DiceOptions = PurseOptions & { readonly ante: number; readonly minBet: number };

/**
 * Both variants' setup: the options checked by the variant's own `checkOptions`, every seat able to
 * pay the ante, then a table before the order rolls (the variant adds its own fields).
 */
export function setupTable(
  checkOptions: (options: unknown, seats: readonly SeatId[]) => Result,
  seats: readonly SeatId[],
  options: DiceOptions,
  purses: Purses | undefined,
): Result<{ readonly table: DiceTable & { readonly phase: "order" } }> {
  const checked = checkOptions(options, seats);
  if (!checked.ok) return checked;
  const paid = checkPurses(options, purses, seats, options.ante);
  if (!paid.ok) return paid;
  return succeed({ table: newTable(seats, options, purses) });
}

/** A dice table before the order rolls: no hands, no bets, an empty pot. */
function newTable(
  seats: readonly SeatId[],
  options: DiceOptions,
  purses: Purses | undefined,
): DiceTable & { readonly phase: "order" } {
  return {
    ...openTable(seats, options, purses),
    ante: options.ante,
    minBet: options.minBet,
    deciding: false,
    hands: mapSeats(seats, () => null),
    bets: mapSeats(seats, () => null),
    pot: 0,
  };
}

/** A move with no field but its type (one of `bare`), or a bet of a whole number of credits. */
export function isBareMoveOrBet(move: unknown, bare: readonly string[]): boolean {
  if (typeof move !== "object" || move === null) return false;
  const m = move as Record<string, unknown>;
  if (m.type === "bet") return Object.keys(m).length === 2 && isCount(m.amount);
  return typeof m.type === "string" && bare.includes(m.type) && Object.keys(m).length === 1;
}

/** The seats that have not folded, in play order. */
export function stillIn(state: SabaccTable): SeatId[] {
  return state.playOrder.filter((s) => !state.folded[s]);
}

/**
 * Rules 1–2: a seat rolls for the play order; once the order stands, "Players ICly pay the ante"
 * (`started` is null while seats still have to roll).
 */
export function rollForOrder(
  state: DiceTable,
  seat: SeatId,
  random: Random,
  events: GameEvent[],
): {
  orderRolls: Record<SeatId, readonly number[]>;
  started: { playOrder: SeatId[]; credits: Record<SeatId, number>; pot: number } | null;
} {
  const { orderRolls, playOrder } = orderRoll(state.seats, state.orderRolls, seat, random, events);
  if (!playOrder) return { orderRolls, started: null };
  return { orderRolls, started: { playOrder, ...collectAnte(state, events) } };
}

/** Once the order is known, every seat pays the ante into the pot (all could afford it: checked at setup). */
function collectAnte(state: DiceTable, events: GameEvent[]): { credits: Record<SeatId, number>; pot: number } {
  const credits = mapSeats(state.seats, (s) => (state.credits[s] ?? 0) - state.ante);
  const pot = state.pot + state.ante * state.seats.length;
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Ante", params: { ante: state.ante, pot } });
  return { credits, pot };
}

/** The bets offered to a seat that can pay the minimum: a spread of amounts, not every integer (enough for bots and property tests). */
export function betSpread(minBet: number, have: number): number[] {
  return [...new Set([minBet, Math.max(minBet, Math.floor(have / 4)), Math.max(minBet, Math.floor(have / 2)), have])];
}

/** A bet the variant's rules accepted: from the seat's credits into the pot. */
export function placeBet(state: DiceTable, seat: SeatId, amount: number, events: GameEvent[]) {
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Bet", seat, params: { seat, amount } });
  return {
    credits: { ...state.credits, [seat]: (state.credits[seat] ?? 0) - amount },
    bets: { ...state.bets, [seat]: amount },
    pot: state.pot + amount,
  };
}

export function fold(state: DiceTable, seat: SeatId, events: GameEvent[]) {
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Fold", seat, params: { seat } });
  return { folded: { ...state.folded, [seat]: true } };
}

/** A Luck/Force reroll: the point is spent in private, and the new roll is quiet (only its seat sees it). */
export function rerolledHand(state: DiceTable, seat: SeatId, value: number, roll: RollEvent, events: GameEvent[]) {
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.LuckSpent", seat, params: { seat }, audience: [seat] });
  events.push({ ...roll, quiet: true });
  return { hands: { ...state.hands, [seat]: value }, ...spendLuck(state, seat, 1) };
}

/** The end of the match: the pot split among the winners; `shown` are the hands now public. */
export function settle(state: DiceTable, winners: readonly SeatId[], shown: readonly SeatId[], events: GameEvent[]) {
  const payouts = splitPot(state.pot, winners);
  const credits = { ...state.credits };
  for (const [seat, amount] of Object.entries(payouts)) {
    credits[seat] = (credits[seat] ?? 0) + amount;
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Payout", seat, params: { seat, amount } });
  }
  return { phase: "over" as const, credits, pot: 0, winners, shown, payouts };
}

/** The show: every hand still in is shown; the closest to 23 wins, ties split the pot. */
export function showdown(state: DiceTable, events: GameEvent[]) {
  const standing = stillIn(state);
  for (const seat of standing) {
    events.push({
      kind: "notice",
      key: "CANTINA.Sabacc.Log.Show",
      seat,
      params: { seat, value: state.hands[seat] ?? 0 },
    });
  }
  const distance = (s: SeatId): number => Math.abs(TARGET - (state.hands[s] ?? 0));
  const best = Math.min(...standing.map(distance));
  return settle(
    state,
    standing.filter((s) => distance(s) === best),
    standing,
    events,
  );
}

export function viewBasics(state: DiceTable): DiceViewBasics {
  return {
    ante: state.ante,
    minBet: state.minBet,
    pot: state.pot,
    playOrder: state.playOrder,
    toAct: seatsToAct(state),
    deciding: state.deciding,
    winners: state.winners,
  };
}

/** `mine`: the viewer may see this seat's secrets (its owner or the GM). */
export function seatView(state: DiceTable, seat: SeatId, mine: boolean): DiceSeatView {
  const basics = seatViewBasics(state, seat, mine);
  return {
    ...basics,
    hasHand: state.hands[seat] !== null,
    hand: mine || basics.shown ? (state.hands[seat] ?? null) : null,
    bet: state.bets[seat] ?? null,
  };
}
