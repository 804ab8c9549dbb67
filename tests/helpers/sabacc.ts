/** Shared helpers for the Super Simplified Sabacc tests. */
import { expect } from "vitest";
import { ScriptedRandom, type Game, type GameEvent, type Purses, type Random, type SeatId } from "../../src/rules/core";
import {
  superSimplifiedSabacc as game,
  type SuperSimplifiedMove,
  type SuperSimplifiedOptions,
  type SuperSimplifiedState,
} from "../../src/rules/sabacc/super-simplified";

export { game };

export interface Stepped {
  readonly state: SuperSimplifiedState;
  readonly events: readonly GameEvent[];
}

/** Options to change, and the purses the seats bring from the ledger. */
export type StartOptions = Partial<SuperSimplifiedOptions> & { readonly purses?: Purses };

/** A table with the default options, changed by `options`. */
export function start(seats: readonly SeatId[], options: StartOptions = {}): SuperSimplifiedState {
  const { purses, ...rest } = options;
  const applied = game.setup(seats, { ...game.defaultOptions(), ...rest }, new ScriptedRandom([]), purses);
  if (!applied.ok) throw new Error(`setup failed: ${applied.error.code}`);
  return applied.state;
}

/** Applies a move that must succeed, with exactly the given dice. */
export function step(
  state: SuperSimplifiedState,
  seat: SeatId,
  move: SuperSimplifiedMove,
  dice: readonly number[] = [],
): Stepped {
  const random = new ScriptedRandom(dice);
  const applied = game.apply(state, seat, move, random);
  if (!applied.ok) throw new Error(`${seat} ${JSON.stringify(move)} refused: ${applied.error.code}`);
  expect(random.used, `${seat} ${JSON.stringify(move)} should use all its dice`).toBe(dice.length);
  return { state: applied.state, events: applied.events };
}

/** Rolls for play order: each pair is a seat and its 1d100. */
export function rollOrder(
  state: SuperSimplifiedState,
  rolls: readonly (readonly [SeatId, number])[],
): SuperSimplifiedState {
  let s = state;
  for (const [seat, value] of rolls) s = step(s, seat, { type: "roll-order" }, [value]).state;
  return s;
}

/** In play order, each seat rolls its hand and keeps it (keep only when offered a reroll). */
export function rollHands(state: SuperSimplifiedState, hands: Readonly<Record<SeatId, number>>): SuperSimplifiedState {
  let s = state;
  for (const seat of state.playOrder) {
    s = step(s, seat, { type: "roll-hand" }, [hands[seat] ?? 1]).state;
    if (s.deciding) s = step(s, seat, { type: "keep" }).state;
  }
  return s;
}

/** A fresh game of three seats with play order b, a, c, in the betting phase with the given hands. */
export function toBetting(hands: Readonly<Record<SeatId, number>>, options: StartOptions = {}): SuperSimplifiedState {
  const s = rollOrder(start(["a", "b", "c"], options), [
    ["a", 40],
    ["b", 90],
    ["c", 10],
  ]);
  return rollHands(s, hands);
}

export function keysOf(events: readonly GameEvent[]): string[] {
  return events.map((e) => (e.kind === "notice" ? e.key : `${e.kind}:${e.purpose}`));
}

/** Freezes a JSON value all the way down, so any mutation throws (modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A Random that must not be used. */
export const noDice: Random = {
  die(): number {
    throw new Error("no dice expected");
  },
};

/** Any game's move that must succeed, with exactly the given dice (for the other variants). */
export function stepGame<S, M, O, V>(
  g: Game<S, M, O, V>,
  state: S,
  seat: SeatId,
  move: M,
  dice: readonly number[] = [],
): { state: S; events: readonly GameEvent[] } {
  const random = new ScriptedRandom(dice);
  const applied = g.apply(state, seat, move, random);
  if (!applied.ok) throw new Error(`${seat} ${JSON.stringify(move)} refused: ${applied.error.code}`);
  expect(random.used, `${seat} ${JSON.stringify(move)} should use all its dice`).toBe(dice.length);
  return { state: applied.state, events: applied.events };
}

/** Any game's move that must be refused without touching the state; returns the error code. */
export function refusedIn<S, M, O, V>(g: Game<S, M, O, V>, state: S, seat: SeatId, move: M): string {
  const before = structuredClone(state);
  const applied = g.apply(state, seat, move, noDice);
  expect(state).toEqual(before);
  if (applied.ok) throw new Error(`${seat} ${JSON.stringify(move)} was accepted`);
  return applied.error.code;
}

/** A table of any Sabacc variant with its default options changed by `options` (purses from the ledger apart), frozen. */
export function startVariant<S, M, O, V>(
  g: Game<S, M, O, V>,
  seats: readonly SeatId[],
  options: Partial<O> & { readonly purses?: Purses },
): S {
  const { purses, ...rest } = options;
  const applied = g.setup(seats, { ...g.defaultOptions(), ...rest }, new ScriptedRandom([]), purses);
  if (!applied.ok) throw new Error(applied.error.code);
  return deepFreeze(applied.state);
}

/** A two-seat table's first moves (seat-1, seat-2): both roll for order, then each rolls a hand and keeps it. */
export const ROLLED_AND_KEPT: readonly [SeatId, { readonly type: string }][] = [
  ["seat-1", { type: "roll-order" }],
  ["seat-2", { type: "roll-order" }],
  ["seat-1", { type: "roll-hand" }],
  ["seat-1", { type: "keep" }],
  ["seat-2", { type: "roll-hand" }],
  ["seat-2", { type: "keep" }],
];
