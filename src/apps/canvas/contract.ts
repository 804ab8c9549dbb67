/**
 * The contract between the canvas board renderer (PIXI 7, src/apps/canvas) and its two hosts: the
 * standalone "board view" (pixi.js from npm) and Foundry's scene canvas (Foundry's own global PIXI).
 */
import type * as Pixi from "pixi.js";
import type { BoardContext } from "../board/context";

/** The PIXI namespace the host hands in: never imported at run time here, so Foundry's build bundles none. */
export type PixiNamespace = typeof Pixi;

/** A move the viewer made on the canvas (click-click or drag-drop); the host sends it, the canvas checks no rule. */
export interface CanvasMoveIntent {
  readonly from: string;
  readonly to: string;
  /** The board move's id, when the game gave one. */
  readonly id?: string;
  /** The follow-up choice, when the move had several. */
  readonly choice?: string;
}

export interface CanvasBoardOptions {
  readonly pixi: PixiNamespace;
  readonly localize: (key: string, data?: Readonly<Record<string, string | number>>) => string;
  readonly onMove: (intent: CanvasMoveIntent) => void;
}

export interface CanvasBoard {
  /** Added by the host to its stage (standalone) or to a canvas layer (Foundry), which places, scales and turns it. */
  readonly container: Pixi.Container;
  /** Draws the board as its viewer sees it; pieces that moved since the last update animate along their path. */
  update(board: BoardContext, options: { readonly locked: boolean }): void;
  /** The host refused the last move: the piece snaps back and the reason shows on the board. */
  refuse(reason: string): void;
  destroy(): void;
}
