/**
 * The board view's hint and its canvas's name in the board's own shapes (issue 33: Takat has hexes,
 * Por'rika triangles, Defiance squares and points), read from the window's drawn board.
 */

/** The shapes a board is played on, as the hint names them. */
export type BoardShapes = "square" | "hex" | "triangle" | "squarePoint";

/** What `shapesOf` reads of a drawn board element. */
export interface DrawnBoard {
  getAttribute(name: string): string | null;
  querySelector(selector: string): unknown;
}

/** The shapes of a drawn board (templates/board/board.hbs): its grid, and whether it has points. */
export function shapesOf(board: DrawnBoard | null): BoardShapes {
  const grid = board?.getAttribute("data-grid");
  if (grid === "hex" || grid === "triangle") return grid;
  return board?.querySelector("[data-point]") ? "squarePoint" : "square";
}

/** The board view's hint and its canvas's accessible name for `shapes` (lang/*.json, CANTINA.BoardView). */
export function boardViewKeys(shapes: BoardShapes): { readonly hint: string; readonly canvas: string } {
  return { hint: `CANTINA.BoardView.Hints.${shapes}`, canvas: `CANTINA.BoardView.Canvases.${shapes}` };
}
