/**
 * The canvas board's pointer state machine, without PIXI: pick up one of the viewer's movable pieces,
 * drag or click it to a lit destination, choose a follow-up, or snap back. It runs no rules: the
 * moves are the context's, and a drop elsewhere goes to the host only so it can say why.
 */
import type { CanvasMoveIntent } from "./contract";
import type { CanvasMoveOption } from "./layout";
import { destinationsOf } from "./layout";

/** How far (board units) a pressed piece must travel before the press counts as a drag. */
export const DRAG_THRESHOLD = 6;

export type DragState =
  | { readonly phase: "idle" }
  /** A piece is held down (`dragging` once it moved); `wasSelected`: a second press on a selected piece. */
  | {
      readonly phase: "pressed";
      readonly from: string;
      readonly lit: readonly string[];
      readonly startX: number;
      readonly startY: number;
      readonly dragging: boolean;
      readonly wasSelected: boolean;
    }
  /** A piece clicked: its destinations stay lit until a second click. */
  | { readonly phase: "selected"; readonly from: string; readonly lit: readonly string[] }
  /** The drop landed on a move with several follow-ups: the popup shows them. */
  | {
      readonly phase: "choosing";
      readonly from: string;
      readonly to: string;
      readonly id?: string;
      readonly choices: readonly { readonly id: string; readonly labelKey: string }[];
    }
  /** Sent to the host: the piece waits on its destination until the next update or a refusal. */
  | { readonly phase: "pending"; readonly from: string; readonly to: string };

export type DragEvent =
  | { readonly type: "down"; readonly target: string | null; readonly x: number; readonly y: number }
  | { readonly type: "move"; readonly x: number; readonly y: number }
  | { readonly type: "up"; readonly target: string | null }
  | { readonly type: "choose"; readonly choice: string | null }
  /** A new board from the host, or its refusal: whatever was going on ends. */
  | { readonly type: "reset" };

export interface DragStep {
  readonly state: DragState;
  /** The move to hand the host, if this step made one. */
  readonly send?: CanvasMoveIntent;
}

export const IDLE: DragState = { phase: "idle" };

/** From → to: a move (or the choice popup when it has follow-ups), or a refused intent the host explains. */
function resolve(moves: readonly CanvasMoveOption[], from: string, to: string): DragStep {
  const move = moves.find((m) => m.from === from && m.to === to);
  if (!move) return { state: IDLE, send: { from, to, refused: true } };
  if (move.choices.length > 0) {
    const base = { phase: "choosing" as const, from, to, choices: move.choices };
    return { state: move.id === undefined ? base : { ...base, id: move.id } };
  }
  const send: CanvasMoveIntent = move.id === undefined ? { from, to } : { from, to, id: move.id };
  return { state: { phase: "pending", from, to }, send };
}

function press(
  moves: readonly CanvasMoveOption[],
  from: string,
  x: number,
  y: number,
  wasSelected: boolean,
): DragState {
  return {
    phase: "pressed",
    from,
    lit: destinationsOf(moves, from),
    startX: x,
    startY: y,
    dragging: false,
    wasSelected,
  };
}

/** One pointer event: the next state and the move to send, if any. `locked` boards ignore every pointer. */
export function dragStep(
  state: DragState,
  event: DragEvent,
  moves: readonly CanvasMoveOption[],
  locked: boolean,
): DragStep {
  if (event.type === "reset" || locked) return { state: IDLE };
  const movable = (id: string | null): id is string => id !== null && moves.some((m) => m.from === id);
  switch (state.phase) {
    case "idle":
    case "pending":
      if (event.type === "down" && movable(event.target))
        return { state: press(moves, event.target, event.x, event.y, false) };
      return { state };
    case "selected":
      if (event.type !== "down") return { state };
      if (event.target === state.from) return { state: press(moves, state.from, event.x, event.y, true) };
      if (event.target !== null && state.lit.includes(event.target)) return resolve(moves, state.from, event.target);
      if (movable(event.target)) return { state: press(moves, event.target, event.x, event.y, false) };
      // A second click elsewhere on the board: the host says why that is no move; off the board: deselect.
      if (event.target !== null) return { state: IDLE, send: { from: state.from, to: event.target, refused: true } };
      return { state: IDLE };
    case "pressed":
      if (event.type === "move") {
        if (state.dragging || Math.hypot(event.x - state.startX, event.y - state.startY) < DRAG_THRESHOLD)
          return { state };
        return { state: { ...state, dragging: true } };
      }
      if (event.type !== "up") return { state };
      if (!state.dragging) {
        // A click: select, or deselect a piece clicked twice.
        return { state: state.wasSelected ? IDLE : { phase: "selected", from: state.from, lit: state.lit } };
      }
      if (event.target === null || event.target === state.from) return { state: IDLE };
      return resolve(moves, state.from, event.target);
    case "choosing":
      // A press outside the popup (its buttons keep theirs) closes it.
      if (event.type === "down") return { state: IDLE };
      if (event.type !== "choose") return { state };
      if (event.choice === null) return { state: IDLE };
      return {
        state: { phase: "pending", from: state.from, to: state.to },
        send:
          state.id === undefined
            ? { from: state.from, to: state.to, choice: event.choice }
            : { from: state.from, to: state.to, id: state.id, choice: event.choice },
      };
  }
}

/** The lit destinations in a state (none unless a piece is held or selected). */
export function litOf(state: DragState): readonly string[] {
  return state.phase === "pressed" || state.phase === "selected" ? state.lit : [];
}
