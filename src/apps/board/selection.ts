/**
 * Selecting on the window's SVG board through the one selection machine (machine.ts, the canvas's
 * too), on the moves of the typed model the host hands over: clicks and keys in, intents out.
 */
import { type Target, arrowOf, nextInDirection } from "./navigation";
import { elementOf } from "./elements";
import { type DragEvent, type DragState, type MoveIntent, IDLE, dragStep, destinationsOf, litOf } from "./machine";
import type { BoardModelOf, BoardMoveOption } from "../core/board-model";

export { type MoveIntent, moveActionData } from "./machine";
/** A move made on the window's board: the machine's intent. */
export type BoardIntent = MoveIntent;

const TARGETS = "[data-cell], [data-point], [data-tray]";

/**
 * Each rendered board's machine state, with the moves it was made for. A host may redraw a board in
 * place (the standalone page morphs it): new moves, or a selection the redraw cleared, start it idle.
 */
const states = new WeakMap<HTMLElement, { readonly state: DragState; readonly moves: readonly BoardMoveOption[] }>();

/** Whether two move lists offer the same moves (from, to, id and the choices' ids), in the same order. */
function sameMoves(a: readonly BoardMoveOption[], b: readonly BoardMoveOption[]): boolean {
  if (a === b) return true;
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const n = b[i];
      return (
        n !== undefined &&
        m.from === n.from &&
        m.to === n.to &&
        m.id === n.id &&
        m.choices.length === n.choices.length &&
        m.choices.every((c, j) => c.id === n.choices[j]?.id)
      );
    })
  );
}

function stateOf(board: HTMLElement, moves: readonly BoardMoveOption[]): DragState {
  const kept = states.get(board);
  if (!kept || !sameMoves(kept.moves, moves)) return IDLE;
  return (board.dataset.selected ?? "") === (heldOf(kept.state) ?? "") ? kept.state : IDLE;
}

function keep(board: HTMLElement, state: DragState, moves: readonly BoardMoveOption[]): void {
  states.set(board, { state, moves });
}

/** The moves of the model a board element was drawn from, as the host hands it over (none without one). */
export function boardMovesOf(board: HTMLElement, model: BoardModelOf): readonly BoardMoveOption[] {
  return model(board)?.moves ?? [];
}

function targetOf(board: HTMLElement, id: string): HTMLElement | null {
  for (const el of board.querySelectorAll<HTMLElement>(TARGETS)) if (el.dataset.square === id) return el;
  return null;
}

/** Shows the follow-up choices by the destination and focuses the first. */
function openChoices(board: HTMLElement, set: HTMLElement, dest: HTMLElement | null): void {
  const surface = board.querySelector<HTMLElement>("[data-board-surface]");
  const w = Number(surface?.dataset.width ?? 0);
  const h = Number(surface?.dataset.height ?? 0);
  const x = Number(dest?.dataset.cx ?? 0);
  const y = Number(dest?.dataset.cy ?? 0);
  // Opens toward the board's middle so it never spills over the far edge.
  const shift = `translate(${x > w / 2 ? "-100%" : "0"}, ${y > h / 2 ? "-100%" : "0"})`;
  if (w > 0 && h > 0) set.setAttribute("style", `left:${(x / w) * 100}%;top:${(y / h) * 100}%;transform:${shift}`);
  set.toggleAttribute("hidden", false);
  set.querySelector<HTMLElement>("button")?.focus();
}

/** The piece a state holds (selected, pressed or choosing its follow-up), if any. */
function heldOf(state: DragState): string | null {
  return state.phase === "pressed" || state.phase === "selected" || state.phase === "choosing" ? state.from : null;
}

/** Draws a machine state on the board: the selected source, its lit destinations, the open choices. */
function show(board: HTMLElement, state: DragState, moves: readonly BoardMoveOption[]): void {
  const from = heldOf(state);
  const lit = state.phase === "choosing" ? destinationsOf(moves, state.from) : litOf(state);
  board.dataset.selected = from ?? "";
  for (const el of board.querySelectorAll<HTMLElement>(TARGETS)) {
    const isSelected = from !== null && el.dataset.square === from;
    el.toggleAttribute("data-selected", isSelected);
    el.toggleAttribute("data-destination", lit.includes(el.dataset.square ?? ""));
    if (el.hasAttribute("data-selectable")) el.setAttribute("aria-pressed", isSelected ? "true" : "false");
  }
  for (const set of board.querySelectorAll<HTMLElement>("[data-choices-for]")) {
    const open = state.phase === "choosing" && set.dataset.choicesFor === `${state.from} ${state.to}`;
    if (open && set.hidden) openChoices(board, set, targetOf(board, state.to));
    else if (!open) set.toggleAttribute("hidden", true);
  }
  keep(board, state, moves);
}

/** Runs events through the machine on one board; the move to send, if they made one. */
function run(board: HTMLElement, events: readonly DragEvent[], moves: readonly BoardMoveOption[]): MoveIntent | null {
  let state = stateOf(board, moves);
  let sent: MoveIntent | null = null;
  for (const event of events) {
    const step = dragStep(state, event, moves, false);
    state = step.state;
    if (step.send) sent = step.send;
  }
  show(board, state, moves);
  return sent;
}

/** Marks `from` as selected on the board with its destinations lit (null clears). */
export function selectSource(board: HTMLElement, from: string | null, model: BoardModelOf): void {
  const moves = boardMovesOf(board, model);
  show(board, from === null ? IDLE : { phase: "selected", from, lit: destinationsOf(moves, from) }, moves);
}

/**
 * Handles a click on a cell, point, tray or choice, against the moves of the board's model (`model`:
 * the host's); returns a move intent when one is complete.
 */
export function boardClick(cell: HTMLElement, model: BoardModelOf): MoveIntent | null {
  const board = cell.closest<HTMLElement>("[data-board]");
  if (!board) return null;
  const moves = boardMovesOf(board, model);
  if (cell.hasAttribute("data-board-cancel")) {
    const sent = run(board, [{ type: "cancel" }], moves);
    const held = board.dataset.selected ?? "";
    if (held !== "") targetOf(board, held)?.focus();
    return sent;
  }
  if (cell.hasAttribute("data-choice")) {
    const from = cell.dataset.from ?? "";
    const to = cell.dataset.to ?? "";
    const state = stateOf(board, moves);
    // The choices belong to the move from → to: the machine is choosing it (the popup opened it).
    if (state.phase !== "choosing" || state.from !== from || state.to !== to) {
      const move = moves.find((m) => m.from === from && m.to === to);
      const choosing: DragState = { phase: "choosing", from, to, choices: move?.choices ?? [] };
      show(board, move?.id === undefined ? choosing : { ...choosing, id: move.id }, moves);
    }
    return run(board, [{ type: "choose", choice: cell.dataset.id ?? "" }], moves);
  }
  const id = cell.dataset.square ?? "";
  const piece = cell.dataset.piece !== undefined && cell.dataset.piece !== "";
  // A click is a press and a release on the same target, without travel.
  const sent = run(board, [{ type: "down", target: id, x: 0, y: 0, piece }], moves);
  if (sent) return sent;
  return stateOf(board, moves).phase === "pressed" ? run(board, [{ type: "up", target: id }], moves) : null;
}

/** Arrow keys walk the cells and points by geometry; Escape drops the selection. True when handled. */
export function boardKey(event: KeyboardEvent, model: BoardModelOf): boolean {
  const target = elementOf(event.target);
  const board = target?.closest<HTMLElement>("[data-board]");
  if (!target || !board) return false;
  if (event.key === "Escape") {
    const selected = board.dataset.selected ?? "";
    if (selected === "") return false;
    run(board, [{ type: "reset" }], boardMovesOf(board, model));
    targetOf(board, selected)?.focus();
    return true;
  }
  const arrow = arrowOf(event.key);
  if (!arrow || target.dataset.cx === undefined) return false;
  const els = board.querySelectorAll<HTMLElement>("[data-cell][data-cx], [data-point][data-cx]");
  const targets: (Target & { el: HTMLElement })[] = [];
  for (const el of els) {
    targets.push({ id: el.dataset.square ?? "", x: Number(el.dataset.cx), y: Number(el.dataset.cy), el });
  }
  const here = { id: target.dataset.square ?? "", x: Number(target.dataset.cx), y: Number(target.dataset.cy) };
  const next = nextInDirection(here, targets, arrow) as (Target & { el: HTMLElement }) | null;
  next?.el.focus();
  return true;
}
