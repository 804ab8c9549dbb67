/**
 * Wires the scene boards to Foundry: its hooks (`canvasReady`, `canvasTearDown`, `updateScene`),
 * its canvas and its global PIXI.
 */
import type { CanvasBoard, CanvasBoardOptions, PixiNamespace } from "../apps/canvas/contract";
import { type BoardSource, type CanvasLike, SceneBoards } from "./scene-boards";

/** What the boards take from Foundry: its hooks, the canvas and PIXI (tests hand in stand-ins per client). */
export interface SceneBoardsGlobals {
  readonly hooks: {
    on(name: string, fn: (...args: never[]) => unknown): number;
    off(name: string, id: number): void;
  };
  readonly canvas: () => (CanvasLike & { readonly ready: boolean }) | null;
  readonly pixi: PixiNamespace;
  readonly ticker?: () => CanvasBoardOptions["ticker"];
}

/**
 * Foundry's own: `Hooks`, `canvas` and `PIXI` (v13's global PIXI 7; the types are pixi.js's own).
 * Null where there is no PIXI (a page standing in for Foundry without a canvas): no canvas boards.
 */
export function foundryGlobals(): SceneBoardsGlobals | null {
  const pixi = (globalThis as { PIXI?: unknown }).PIXI;
  if (pixi === undefined) return null;
  return {
    hooks: {
      on: (name, fn) => Hooks.on(name as "canvasReady", fn as never),
      off: (name, id) => Hooks.off(name as "canvasReady", id),
    },
    canvas: () => (globalThis as { canvas?: CanvasLike & { readonly ready: boolean } }).canvas ?? null,
    pixi: pixi as PixiNamespace,
    // The canvas application's ticker, so the boards' tweens stop with the canvas.
    ticker: () =>
      (globalThis as { canvas?: { readonly app?: { readonly ticker?: unknown } } }).canvas?.app?.ticker as
        CanvasBoardOptions["ticker"] | undefined,
  };
}

/**
 * Wires the boards to Foundry: `canvasReady`, `canvasTearDown` and `updateScene`. Returns the boards
 * (a RuntimeView: the runtime calls `changed` after every update) and a function that unhooks them.
 */
export function installSceneBoards(
  source: BoardSource,
  createBoard: (options: CanvasBoardOptions) => CanvasBoard,
  globals: SceneBoardsGlobals,
  configure: (boards: SceneBoards) => void = () => undefined,
): { readonly boards: SceneBoards; readonly uninstall: () => void } {
  const boards = new SceneBoards(source, globals.pixi, createBoard, globals.ticker);
  // Before the first board is drawn (its handles need the editor).
  configure(boards);
  const { hooks } = globals;
  const ready = hooks.on("canvasReady", (c: CanvasLike) => boards.attach(c));
  const tearDown = hooks.on("canvasTearDown", () => boards.detach());
  const updated = hooks.on("updateScene", (scene: { readonly id: string | null }, change: unknown) =>
    boards.sceneUpdated(scene, change),
  );
  // The module may start after the canvas was first drawn.
  const current = globals.canvas();
  if (current?.ready) boards.attach(current);
  return {
    boards,
    uninstall: () => {
      hooks.off("canvasReady", ready);
      hooks.off("canvasTearDown", tearDown);
      hooks.off("updateScene", updated);
      boards.detach();
    },
  };
}
