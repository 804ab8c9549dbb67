/** Shared helpers for the Hununga tests: the opening position, hand-placed positions, scripted dice. */
import { expect } from "vitest";
import { type GameEvent, ScriptedRandom } from "../../../src/rules/core";
import {
  type HunungaMove,
  type HunungaPiece,
  type HunungaState,
  type PieceKind,
  hununga,
} from "../../../src/rules/hununga";

export const GREEN = "green-player";
export const RED = "red-player";
export const SEATS = [GREEN, RED] as const;

export function start(): HunungaState {
  const r = hununga.setup(SEATS, hununga.defaultOptions(), new ScriptedRandom([]));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

/** A piece for `position`: side, kind, square ("x,y") or null when captured. */
export type Placed = readonly [0 | 1, PieceKind, string | null];

/**
 * The shipped board with only the given pieces, `side` to act with `dice` rolled (or about to roll
 * when dice is null). Ids follow the setup's scheme: side-kind-number.
 */
export function position(
  placed: readonly Placed[],
  dice: readonly [number, number] | null,
  extra: Partial<HunungaState> = {},
): HunungaState {
  const count: Record<string, number> = {};
  const pieces = placed.map(([side, kind, at]): HunungaPiece => {
    const key = `${side}-${kind}`;
    count[key] = (count[key] ?? 0) + 1;
    return { id: `${key}-${count[key]}`, side, kind, at };
  });
  return { ...start(), pieces, phase: dice ? "act" : "roll", dice, ...extra };
}

export interface Played {
  readonly state: HunungaState;
  readonly events: readonly GameEvent[];
}

/** Applies a move for the side to act with scripted dice, failing the test on a refusal. */
export function play(state: HunungaState, move: HunungaMove, dice: number[] = []): Played {
  const seat = state.seats[state.turn];
  const r = hununga.apply(state, seat, move, new ScriptedRandom(dice));
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code}`);
  return { state: r.state, events: r.events };
}

/** Expects the move refused with `code` and the state untouched. */
export function refused(state: HunungaState, move: unknown, code: string, seat = state.seats[state.turn]): void {
  const before = JSON.stringify(state);
  const r = hununga.apply(state, seat, move as HunungaMove, new ScriptedRandom([6, 6, 6]));
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
}

export function at(state: HunungaState, id: string): string | null | undefined {
  return state.pieces.find((p) => p.id === id)?.at;
}

/** A move of `piece` with die `die` along `path` (squares after `from`), optionally attacking. */
export function mv(
  die: 0 | 1,
  piece: string,
  from: string,
  path: string[],
  attack?: string,
): Extract<HunungaMove, { type: "move" }> {
  return attack === undefined
    ? { type: "move", die, piece, from, path }
    : { type: "move", die, piece, from, path, attack };
}

export function notices(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.kind === "notice" ? [e.key.replace("CANTINA.Hununga.Log.", "")] : []));
}

/** The id of the piece on `square` (the test fails if there is none). */
export function idAt(state: HunungaState, square: string): string {
  const piece = state.pieces.find((p) => p.at === square);
  if (!piece) throw new Error(`no piece on ${square}`);
  return piece.id;
}
