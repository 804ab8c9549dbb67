/** Shared helpers for the Ulwan tests: games with scripted dice and hand-placed pieces. */
import { expect } from "vitest";
import { type GameEvent, type Purses, ScriptedRandom } from "../../../src/rules/core";
import {
  type SevenUlwanOptions,
  type UlwanMove,
  type UlwanOptions,
  type UlwanState,
  HAND,
  OFF,
  boardIndex,
  sevenUlwan,
  ulwan,
  ulwanFinkel,
} from "../../../src/rules/ulwan";

export const A = "aurek-player";
export const B = "besh-player";
export const SEATS = [A, B] as const;

/** The four d2 results of a 4d2>2 roll with `n` successes (2 is a success). */
export function dice(n: number): number[] {
  return [1, 2, 3, 4].map((i) => (i <= n ? 2 : 1));
}

export function startUlwan(options: Partial<UlwanOptions> = {}): UlwanState {
  const r = ulwan.setup(SEATS, { ...ulwan.defaultOptions(), ...options }, new ScriptedRandom([]));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

export function startFinkel(options: Partial<UlwanOptions> = {}): UlwanState {
  const r = ulwanFinkel.setup(SEATS, { ...ulwanFinkel.defaultOptions(), ...options }, new ScriptedRandom([]));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

/** Seven Ulwan with the default options, changed by `options`; `purses`: what the seats bring from the ledger. */
export function startSeven(options: Partial<SevenUlwanOptions> & { readonly purses?: Purses } = {}): UlwanState {
  const { purses, ...rest } = options;
  const r = sevenUlwan.setup(SEATS, { ...sevenUlwan.defaultOptions(), ...rest }, new ScriptedRandom([]), purses);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

/**
 * Places pieces by square id: `a` and `b` list each player's pieces on the board, `offA`/`offB`
 * how many are already borne off; the rest wait in hand. `turn` says who is to act, in the roll phase.
 */
export function setPieces(
  state: UlwanState,
  a: readonly string[],
  b: readonly string[],
  opts: { offA?: number; offB?: number; turn?: 0 | 1 } = {},
): UlwanState {
  const idx = boardIndex(state.board);
  const build = (squares: readonly string[], off: number): number[] => {
    const out: number[] = squares.map((id) => {
      const i = idx.byId.get(id);
      if (i === undefined) throw new Error(`no square ${id}`);
      return i;
    });
    for (let k = 0; k < off; k++) out.push(OFF);
    while (out.length < state.pieces) out.push(HAND);
    if (out.length > state.pieces) throw new Error("too many pieces");
    return out;
  };
  return {
    ...state,
    pos: [build(a, opts.offA ?? 0), build(b, opts.offB ?? 0)],
    turn: opts.turn ?? 0,
    phase: "roll",
    roll: null,
    offer: null,
  };
}

/** Where each player's pieces stand, as sorted square ids, plus counts in hand and off. */
export function where(state: UlwanState): {
  a: string[];
  b: string[];
  handA: number;
  handB: number;
  offA: number;
  offB: number;
} {
  const ids = (s: 0 | 1) =>
    state.pos[s]
      .filter((p) => p >= 0)
      .map((p) => state.board.squares[p]?.id ?? "?")
      .sort();
  const count = (s: 0 | 1, v: number) => state.pos[s].filter((p) => p === v).length;
  return {
    a: ids(0),
    b: ids(1),
    handA: count(0, HAND),
    handB: count(1, HAND),
    offA: count(0, OFF),
    offB: count(1, OFF),
  };
}

export interface Stepped {
  readonly state: UlwanState;
  readonly events: readonly GameEvent[];
}

/** Applies a move that must succeed and use exactly these dice. */
export function step(state: UlwanState, move: UlwanMove, d: readonly number[] = []): Stepped {
  const game = state.ruleset === "seven" ? sevenUlwan : state.ruleset === "finkel" ? ulwanFinkel : ulwan;
  const random = new ScriptedRandom(d);
  const seat = state.seats[state.turn];
  const before = JSON.stringify(state);
  const r = game.apply(state, seat, move, random);
  expect(JSON.stringify(state), "apply must not mutate its input").toBe(before);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(move)} refused: ${r.error.code}`);
  expect(random.used).toBe(d.length);
  return { state: r.state, events: r.events };
}

/** Rolls `n` for the player to act. */
export function rollN(state: UlwanState, n: number): Stepped {
  return step(state, { type: "roll" }, dice(n));
}

/** The refusal code of a move, checking the state is untouched. */
export function refused(state: UlwanState, move: UlwanMove, seat = state.seats[state.turn]): string {
  const game = state.ruleset === "seven" ? sevenUlwan : state.ruleset === "finkel" ? ulwanFinkel : ulwan;
  const before = JSON.stringify(state);
  const r = game.apply(state, seat, move, new ScriptedRandom(dice(1)));
  expect(JSON.stringify(state)).toBe(before);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  return r.error.code;
}

export function legal(state: UlwanState): UlwanMove[] {
  const game = state.ruleset === "seven" ? sevenUlwan : state.ruleset === "finkel" ? ulwanFinkel : ulwan;
  return game.legalMoves(state, state.seats[state.turn]);
}

/** Legal moves as short strings, sorted: "enter", "move:c1", "esk:c2>d3"… */
export function legalKeys(state: UlwanState): string[] {
  return legal(state)
    .map((m) => (m.type === "move" ? `move:${m.from}` : m.type === "esk" ? `esk:${m.from}>${m.to}` : m.type))
    .sort();
}
