/**
 * The contract between the canvas board renderer (PIXI 7, src/apps/canvas) and its two hosts: the
 * standalone "board view" (pixi.js from npm) and Foundry's scene canvas (Foundry's own global PIXI).
 */
import type * as Pixi from "pixi.js";
import type { BoardContext } from "../board/context";
import { type MoveIntent, moveActionData } from "../board/machine";

/** The PIXI namespace the host hands in: never imported at run time here, so Foundry's build bundles none. */
export type PixiNamespace = typeof Pixi;

/** A move the viewer made on the canvas (click-click or drag-drop): the one board machine's intent. */
export type CanvasMoveIntent = MoveIntent;

export interface CanvasBoardOptions {
  readonly pixi: PixiNamespace;
  readonly localize: (key: string, data?: Readonly<Record<string, string | number>>) => string;
  readonly onMove: (intent: CanvasMoveIntent) => void;
  /** The ticker that runs the board's tweens (default: `pixi.Ticker.shared`; Foundry may pass `canvas.app.ticker`). */
  readonly ticker?: Pixi.Ticker;
  /** Draw the cells into one bitmap between changes (default true; false draws them every frame). */
  readonly cacheGround?: boolean;
  /** Pieces jump instead of sliding (default: the viewer's `prefers-reduced-motion`, where the page has one). */
  readonly reducedMotion?: boolean;
}

/** Where a cell, point or tray lies in the board's container (board units; `container.toGlobal` gives screen pixels). */
export interface CanvasTarget {
  readonly id: string;
  readonly kind: "cell" | "point" | "tray";
  readonly x: number;
  readonly y: number;
  /** The owner of the piece on it, if any (a tray: its owner). */
  readonly owner: number | null;
  /** One of the viewer's pieces that can move now. */
  readonly movable: boolean;
  /** Lit as a destination of the piece picked up now. */
  readonly lit: boolean;
}

/** The data a host hands the game's "board-move" action for a canvas move: the same as for a window click. */
export const canvasMoveData = moveActionData;

export interface CanvasBoard {
  /** Added by the host to its stage (standalone) or to a canvas layer (Foundry), which places, scales and turns it. */
  readonly container: Pixi.Container;
  /** Draws the board as its viewer sees it; pieces that moved since the last update animate along their path. */
  update(board: BoardContext, options: { readonly locked: boolean }): void;
  /** The host refused the last move: the piece snaps back and the reason shows on the board. */
  refuse(reason: string): void;
  /** Every cell, point and tray with its position (tests drag by these; a host may show them). */
  targets(): readonly CanvasTarget[];
  /** The board's drawn size in container units (before the host scales it). */
  readonly size: { readonly width: number; readonly height: number };
  destroy(): void;
}
