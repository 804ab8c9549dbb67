/**
 * Selecting on a board: clicks on sources, lit destinations and follow-up choices become move
 * intents; arrow keys walk the cells and points, Escape drops the selection.
 */
import { type Target, arrowOf, nextInDirection } from "./navigation";
import { elementOf, words } from "./elements";

export interface BoardIntent {
  readonly from: string;
  readonly to: string;
  /** The move's id, or the follow-up choice's. */
  readonly id?: string;
  /**
   * A click that is no legal move (a piece that cannot move, a square the selected piece cannot
   * reach): the game's action says why, from the rules' refusal where it can, instead of a silent deselect.
   */
  readonly refused?: true;
}

/** The data a host gives the game's "board-move" action for an intent (`{action, from, to, id?}`). */
export function moveActionData(intent: BoardIntent): Record<string, string> {
  const data: Record<string, string> = { action: "board-move", from: intent.from, to: intent.to };
  if (intent.id !== undefined) data.id = intent.id;
  if (intent.refused) data.refused = "true";
  return data;
}

const TARGETS = "[data-cell], [data-point], [data-tray]";

function hideChoices(board: HTMLElement): void {
  for (const set of board.querySelectorAll<HTMLElement>("[data-choices-for]")) set.toggleAttribute("hidden", true);
}

/** Marks `from` as selected on the board and its destinations as such (null clears). */
export function selectSource(board: HTMLElement, from: string | null): void {
  board.dataset.selected = from ?? "";
  hideChoices(board);
  for (const cell of board.querySelectorAll<HTMLElement>(TARGETS)) {
    const id = cell.dataset.square ?? "";
    const isSelected = from !== null && id === from;
    const isDestination = from !== null && words(cell.dataset.destFor).includes(from);
    cell.toggleAttribute("data-selected", isSelected);
    cell.toggleAttribute("data-destination", isDestination);
    if (cell.hasAttribute("data-selectable")) cell.setAttribute("aria-pressed", isSelected ? "true" : "false");
  }
}

function choiceSet(board: HTMLElement, from: string, to: string): HTMLElement | null {
  for (const set of board.querySelectorAll<HTMLElement>("[data-choices-for]")) {
    if (set.dataset.choicesFor === `${from} ${to}`) return set;
  }
  return null;
}

/** Shows the follow-up choices by the destination and focuses the first. */
function openChoices(board: HTMLElement, set: HTMLElement, dest: HTMLElement): void {
  hideChoices(board);
  const surface = board.querySelector<HTMLElement>("[data-board-surface]");
  const w = Number(surface?.dataset.width ?? 0);
  const h = Number(surface?.dataset.height ?? 0);
  const x = Number(dest.dataset.cx ?? 0);
  const y = Number(dest.dataset.cy ?? 0);
  // Opens toward the board's middle so it never spills over the far edge.
  const shift = `translate(${x > w / 2 ? "-100%" : "0"}, ${y > h / 2 ? "-100%" : "0"})`;
  if (w > 0 && h > 0) set.setAttribute("style", `left:${(x / w) * 100}%;top:${(y / h) * 100}%;transform:${shift}`);
  set.toggleAttribute("hidden", false);
  set.querySelector<HTMLElement>("button")?.focus();
}

/** The move id a destination carries for `from` ("from=id" words), if any. */
function idFor(destIds: string | undefined, from: string): string | undefined {
  for (const w of words(destIds)) {
    const i = w.indexOf("=");
    if (i > 0 && w.slice(0, i) === from) return w.slice(i + 1);
  }
  return undefined;
}

/** Handles a click on a cell, point, tray or choice; returns a move intent when one is complete. */
export function boardClick(cell: HTMLElement): BoardIntent | null {
  const board = cell.closest<HTMLElement>("[data-board]");
  if (!board) return null;
  if (cell.hasAttribute("data-board-cancel")) {
    const from = board.dataset.selected ?? "";
    selectSource(board, from === "" ? null : from);
    for (const el of board.querySelectorAll<HTMLElement>(TARGETS)) if (el.dataset.square === from) el.focus();
    return null;
  }
  if (cell.hasAttribute("data-choice")) {
    selectSource(board, null);
    return { from: cell.dataset.from ?? "", to: cell.dataset.to ?? "", id: cell.dataset.id ?? "" };
  }
  const id = cell.dataset.square ?? "";
  const selected = board.dataset.selected ?? "";
  if (selected !== "" && words(cell.dataset.destFor).includes(selected)) {
    const set = choiceSet(board, selected, id);
    if (set) {
      openChoices(board, set, cell);
      return null;
    }
    selectSource(board, null);
    const moveId = idFor(cell.dataset.destIds, selected);
    return moveId === undefined ? { from: selected, to: id } : { from: selected, to: id, id: moveId };
  }
  if (cell.hasAttribute("data-selectable") && selected !== id) {
    selectSource(board, id);
    return null;
  }
  selectSource(board, null);
  // A square the selected piece cannot reach, or a piece that cannot move: the game says why.
  // (A second click on the selected piece only drops the selection; an empty square alone means nothing.)
  if (selected !== "" && selected !== id) return { from: selected, to: id, refused: true };
  if (selected === "" && cell.dataset.piece !== undefined && cell.dataset.piece !== "")
    return { from: id, to: "", refused: true };
  return null;
}

/** Arrow keys walk the cells and points by geometry; Escape drops the selection. True when handled. */
export function boardKey(event: KeyboardEvent): boolean {
  const target = elementOf(event.target);
  const board = target?.closest<HTMLElement>("[data-board]");
  if (!target || !board) return false;
  if (event.key === "Escape") {
    const selected = board.dataset.selected ?? "";
    if (selected === "") return false;
    selectSource(board, null);
    for (const el of board.querySelectorAll<HTMLElement>(TARGETS)) if (el.dataset.square === selected) el.focus();
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
