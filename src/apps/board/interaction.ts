/**
 * The board's two-click flow on rendered HTML: select a piece, its destinations light up, a click
 * on one returns the (from, to) pair for the game's "board-move" action. No globals.
 * Details: docs/architecture.md, "src/apps/board/interaction.ts".
 */

export interface BoardIntent {
  readonly from: string;
  readonly to: string;
}

/** Marks `from` as selected on the board and its destinations as such (null clears). */
export function selectSource(board: HTMLElement, from: string | null): void {
  board.dataset.selected = from ?? "";
  for (const cell of board.querySelectorAll<HTMLElement>("[data-square]")) {
    const id = cell.dataset.square ?? "";
    const isSelected = from !== null && id === from;
    const isDestination = from !== null && (cell.dataset.destFor ?? "").split(" ").includes(from);
    cell.toggleAttribute("data-selected", isSelected);
    cell.toggleAttribute("data-destination", isDestination);
    if (cell.hasAttribute("data-selectable")) cell.setAttribute("aria-pressed", isSelected ? "true" : "false");
  }
}

/** Handles a click on a square or tray; returns a move intent when a destination was chosen. */
export function boardClick(cell: HTMLElement): BoardIntent | null {
  const board = cell.closest<HTMLElement>("[data-board]");
  if (!board) return null;
  const id = cell.dataset.square ?? "";
  const selected = board.dataset.selected ?? "";
  if (selected !== "" && (cell.dataset.destFor ?? "").split(" ").includes(selected)) {
    selectSource(board, null);
    return { from: selected, to: id };
  }
  if (cell.hasAttribute("data-selectable") && selected !== id) {
    selectSource(board, id);
    return null;
  }
  selectSource(board, null);
  return null;
}
