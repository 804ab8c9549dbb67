/**
 * Soak (browser): tests/browser/board-canvas.test.ts with Takat played to its move limit by dragging
 * on the PIXI canvas (the default run drags its first moves: the game's end is the rules' tests').
 */
export {};

process.env.TAKAT_DRAG_MOVES = "10";
// Imported after the count is set: the file's tests read it when they are collected.
await import("../../browser/board-canvas.test");
