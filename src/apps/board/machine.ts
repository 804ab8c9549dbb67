/**
 * The one selection state machine of every board (the window's SVG and the canvas): pick up a movable
 * piece, drag or click it to a lit destination, choose a follow-up, or drop it. It runs no rules.
 */
import type { BoardMoveOption } from "../core/board-model";

/** A move made on a board (click-click or drag-drop); the host sends it, the board checks no rule. */
export interface MoveIntent {
  readonly from: string;
  readonly to: string;
  /** The board move's id, when the game gave one. */
  readonly id?: string;
  /** The follow-up choice, when the move had several. */
  readonly choice?: string;
  /**
   * No move the board offered (a second click or a drop on a square the piece cannot reach, a piece
   * that cannot move): the host hands it to the game's action, whose refusal says why; nothing changes.
   */
  readonly refused?: true;
}

/** The data a host hands the game's "board-move" action (`GameApp.actions`) for a move made on any board. */
export function moveActionData(intent: MoveIntent): Record<string, string> {
  const data: Record<string, string> = { action: "board-move", from: intent.from, to: intent.to };
  // A follow-up choice's id stands in for the move's: it names the one move chosen.
  const id = intent.choice ?? intent.id;
  if (id !== undefined) data.id = id;
  if (intent.refused) data.refused = "true";
  return data;
}

/** Every source that has a move now (the viewer's movable pieces and trays). */
export function movableSources(moves: readonly BoardMoveOption[]): ReadonlySet<string> {
  return new Set(moves.map((m) => m.from));
}

/** The destinations lit when `from` is picked up. */
export function destinationsOf(moves: readonly BoardMoveOption[], from: string): string[] {
  return [...new Set(moves.filter((m) => m.from === from).map((m) => m.to))];
}

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
  /** `piece`: the target holds a piece (pressed when it cannot move, the host is asked why). */
  | {
      readonly type: "down";
      readonly target: string | null;
      readonly x: number;
      readonly y: number;
      readonly piece?: boolean;
    }
  | { readonly type: "move"; readonly x: number; readonly y: number }
  | { readonly type: "up"; readonly target: string | null }
  | { readonly type: "choose"; readonly choice: string | null }
  /** A new board from the host, or its refusal: whatever was going on ends. */
  | { readonly type: "reset" }
  /** Escape (or the choice popup's cancel): a selection or an open choice is dropped. */
  | { readonly type: "cancel" };

export interface DragStep {
  readonly state: DragState;
  /** The move to hand the host, if this step made one. */
  readonly send?: MoveIntent;
}

export const IDLE: DragState = { phase: "idle" };

/** From → to: a move (or the choice popup when it has follow-ups), or a refused intent the host explains. */
function resolve(moves: readonly BoardMoveOption[], from: string, to: string): DragStep {
  const move = moves.find((m) => m.from === from && m.to === to);
  if (!move) return { state: IDLE, send: { from, to, refused: true } };
  if (move.choices.length > 0) {
    const base = { phase: "choosing" as const, from, to, choices: move.choices };
    return { state: move.id === undefined ? base : { ...base, id: move.id } };
  }
  const send: MoveIntent = move.id === undefined ? { from, to } : { from, to, id: move.id };
  return { state: { phase: "pending", from, to }, send };
}

function press(moves: readonly BoardMoveOption[], from: string, x: number, y: number, wasSelected: boolean): DragState {
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
  moves: readonly BoardMoveOption[],
  locked: boolean,
): DragStep {
  if (event.type === "reset" || locked) return { state: IDLE };
  const movable = (id: string | null): id is string => id !== null && moves.some((m) => m.from === id);
  switch (state.phase) {
    case "idle":
    case "pending":
      if (event.type !== "down") return { state };
      if (movable(event.target)) return { state: press(moves, event.target, event.x, event.y, false) };
      // A piece that cannot move: the host says why (not yours, not your turn…).
      if (event.target !== null && event.piece === true)
        return { state: IDLE, send: { from: event.target, to: "", refused: true } };
      return { state };
    case "selected":
      if (event.type === "cancel") return { state: IDLE };
      if (event.type !== "down") return { state };
      // A lit square first: a move may stay on its cell (a piece turning), then a second click is that move.
      if (event.target !== null && state.lit.includes(event.target)) return resolve(moves, state.from, event.target);
      if (event.target === state.from) return { state: press(moves, state.from, event.x, event.y, true) };
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
      if (event.type === "cancel") return { state: IDLE };
      if (event.type !== "up") return { state };
      if (!state.dragging) {
        // A click: select, or deselect a piece clicked twice.
        return { state: state.wasSelected ? IDLE : { phase: "selected", from: state.from, lit: state.lit } };
      }
      if (event.target === null || event.target === state.from) return { state: IDLE };
      return resolve(moves, state.from, event.target);
    case "choosing":
      // A press outside the popup (its buttons keep theirs) closes it; its cancel keeps the piece selected.
      if (event.type === "down") return { state: IDLE };
      if (event.type === "cancel")
        return { state: { phase: "selected", from: state.from, lit: destinationsOf(moves, state.from) } };
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
