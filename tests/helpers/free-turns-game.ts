/**
 * A tiny game with no clock of its own, for the turn-clock tests (tests/table/turn-clock.test.ts):
 * two seats take turns adding 1 or 2 to a count (no dice) or a d6 (`roll`); the count reaching 20
 * ends it. Its bot always adds 2, so a move the bot made is told apart from a player's 1.
 */
import {
  refuse,
  ok,
  succeed,
  type AnyBot,
  type AnyGame,
  type Game,
  type GameStatus,
  type SeatId,
} from "../../src/rules/core";

export interface CountState {
  readonly seats: readonly SeatId[];
  readonly turn: number;
  readonly count: number;
}
export type CountMove = { readonly add: 1 | 2 } | { readonly roll: true };

export const counting: Game<CountState, CountMove, Record<string, never>, CountState> = {
  id: "test-count",
  nameKey: "test",
  minSeats: 2,
  maxSeats: 2,
  usesLedger: false,
  optionSchema: {},
  defaultOptions: () => ({}),
  checkOptions: () => succeed({}),
  setup: (seats) => ok({ seats, turn: 0, count: 0 }),
  isMove: (m: unknown): m is CountMove => {
    if (typeof m !== "object" || m === null) return false;
    const move = m as { add?: unknown; roll?: unknown };
    return move.add === 1 || move.add === 2 || move.roll === true;
  },
  legalMoves: (s, seat) => (counting.status(s).toAct.includes(seat) ? [{ add: 1 }, { add: 2 }] : []),
  apply: (s, seat, move, random) => {
    if (!counting.status(s).toAct.includes(seat)) return refuse("CANTINA.Error.NotYourTurn");
    return ok({ ...s, turn: s.turn + 1, count: s.count + ("add" in move ? move.add : random.die(6)) });
  },
  view: (s) => s,
  status: (s): GameStatus =>
    s.count >= 20 ? { over: true, toAct: [] } : { over: false, toAct: [s.seats[s.turn % 2]!] },
};

export const countingGames: Readonly<Record<string, AnyGame>> = { [counting.id]: counting as unknown as AnyGame };

/** The counting game's one bot level: always adds 2. */
export const countingBots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>> = {
  [counting.id]: { steady: { choose: () => ({ add: 2 }) } },
};
