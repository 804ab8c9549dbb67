/**
 * Tile shapes the board renderer's tests lay (tests/apps/board.test.ts, tests/browser/board-demo.ts):
 * each a list of cells counted from the tile's corner.
 */

/** An L tromino: a column of two with one cell to the right of the lower one. */
export const ELL = [
  { x: 0, y: 0 },
  { x: 0, y: 1 },
  { x: 1, y: 1 },
];

/** A domino lying flat. */
export const DOMINO = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
];

/** A T tetromino: a row of three with one cell under the middle. */
export const TEE = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 2, y: 0 },
  { x: 1, y: 1 },
];
