/**
 * A tiny game with a deadline on every turn, for the host's clock tests (tests/table/clock.test.ts):
 * two seats pass in turn, ten seconds each; a seat out of time is passed for and marked.
 */
import { boolean, refuse, ok, succeed, type Game, type GameStatus, type SeatId } from "../../src/rules/core";

export interface TurnsState {
  readonly seats: readonly SeatId[];
  readonly turn: number;
  readonly passes: number;
  readonly timeouts: readonly SeatId[];
  /** The whole table shares one hourglass (a keyed deadline) instead of a fresh countdown per turn. */
  readonly hourglass: boolean;
}
export type TurnsMove = { readonly type: "pass" } | { readonly type: "timeout" };
export const TURN_MS = 10_000;

/** Two seats pass in turn, ten seconds each; a seat out of time is passed for and marked; three timeouts end it. */
export const turns: Game<TurnsState, TurnsMove, { hourglass: boolean }, TurnsState> = {
  id: "test-turns",
  nameKey: "test",
  minSeats: 2,
  maxSeats: 2,
  usesLedger: false,
  optionSchema: { hourglass: boolean(false) },
  defaultOptions: () => ({ hourglass: false }),
  checkOptions: () => succeed({}),
  setup: (seats, options) => ok({ seats, turn: 0, passes: 0, timeouts: [], hourglass: options.hourglass === true }),
  isMove: (m: unknown): m is TurnsMove =>
    typeof m === "object" && m !== null && ["pass", "timeout"].includes((m as TurnsMove).type),
  legalMoves: (s, seat) => (turns.status(s).toAct.includes(seat) ? [{ type: "pass" }] : []),
  apply: (s, seat, move) => {
    if (!turns.status(s).toAct.includes(seat)) return refuse("CANTINA.Error.NotYourTurn");
    const next = { ...s, turn: s.turn + 1, passes: s.passes + 1 };
    return ok(move.type === "timeout" ? { ...next, timeouts: [...s.timeouts, seat] } : next);
  },
  view: (s) => s,
  status: (s): GameStatus => {
    if (s.timeouts.length >= 3) return { over: true, toAct: [] };
    const seat = s.seats[s.turn % 2]!;
    return {
      over: false,
      toAct: [seat],
      deadline: s.hourglass ? { ms: TURN_MS, key: "hourglass" } : { ms: TURN_MS, seat },
    };
  },
  timeoutMove: (s) => {
    const seat = turns.status(s).toAct[0];
    return seat ? { seat, move: { type: "timeout" } } : null;
  },
};
