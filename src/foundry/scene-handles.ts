/**
 * The GM's handles on a board on the scene, like a tile's: drag the top-left square to move the
 * board, the bottom-right one to size it (rotation is in the window's form). The drag previews on
 * this client only; the drop writes the placement through the GM's flag (scene-boards.ts), which
 * then reaches everyone. No handles on a locked board (like a locked tile) or for a player.
 * Uses the PIXI namespace it is given (Foundry's global PIXI); no other Foundry global.
 */
import type * as Pixi from "pixi.js";
import type { PixiNamespace } from "../apps/canvas/contract";
import { colourNumber } from "../palette";

/** A handle's side in scene pixels. */
export const HANDLE_SIZE = 28;

/** What a drag asks for: a new centre, or a new width (scene pixels). */
export type HandleChange = { readonly x: number; readonly y: number } | { readonly width: number };

export interface BoardHandles {
  /** Puts the handles at the board's corners (`halfWidth`, `halfHeight`: the drawn board's, in the frame). */
  layout(halfWidth: number, halfHeight: number, visible: boolean): void;
  destroy(): void;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Handles in `frame` (the board's placed, turned container inside `root`, whose coordinates are the
 * scene's). `preview` shows a change while dragging; `commit` writes it on the drop.
 */
export function createHandles(
  pixi: PixiNamespace,
  root: Pixi.Container,
  frame: Pixi.Container,
  hooks: {
    readonly preview: (change: HandleChange) => void;
    readonly commit: (change: HandleChange) => void;
    readonly title: string;
  },
): BoardHandles {
  const make = (cursor: string): Pixi.Graphics => {
    const g = new pixi.Graphics();
    g.beginFill(colourNumber("scene-handle"), 0.9)
      .lineStyle(3, colourNumber("scene-handle-edge"), 1)
      .drawRect(-HANDLE_SIZE / 2, -HANDLE_SIZE / 2, HANDLE_SIZE, HANDLE_SIZE)
      .endFill();
    g.eventMode = "static";
    g.cursor = cursor;
    g.accessibleTitle = hooks.title;
    frame.addChild(g);
    return g;
  };
  const mover = make("move");
  /** The board's centre as last laid out (scene pixels). */
  let centre: Point = { x: 0, y: 0 };
  const sizer = make("nwse-resize");

  /**
   * One drag at a time: from its start (in scene pixels) to the latest change it asked for. `origin`
   * is the board's centre when the drag began (the preview moves the board, so not the centre now).
   */
  const drag = (
    handle: Pixi.Graphics,
    change: (origin: Point, start: Point, now: Point, at: Pixi.FederatedPointerEvent) => HandleChange,
  ) => {
    let origin: Point = centre;
    let start: Point | null = null;
    let last: HandleChange | null = null;
    const end = (): void => {
      if (start && last) hooks.commit(last);
      start = null;
      last = null;
    };
    handle.on("pointerdown", (event: Pixi.FederatedPointerEvent) => {
      // The canvas under the board (Foundry's own drag-select) does not see this drag.
      event.stopPropagation();
      start = event.getLocalPosition(root);
      origin = centre;
      last = null;
    });
    handle.on("globalpointermove", (event: Pixi.FederatedPointerEvent) => {
      if (!start) return;
      last = change(origin, start, event.getLocalPosition(root), event);
      hooks.preview(last);
    });
    handle.on("pointerup", end);
    handle.on("pointerupoutside", end);
  };

  drag(mover, (origin, start, now) => ({
    x: Math.round(origin.x + now.x - start.x),
    y: Math.round(origin.y + now.y - start.y),
  }));
  // The width: twice the pointer's distance from the centre along the board's own (turned) x axis.
  drag(sizer, (_origin, _start, _now, event) => ({ width: Math.round(2 * Math.abs(event.getLocalPosition(frame).x)) }));

  return {
    layout(halfWidth, halfHeight, visible) {
      centre = { x: frame.position.x, y: frame.position.y };
      mover.position.set(-halfWidth, -halfHeight);
      sizer.position.set(halfWidth, halfHeight);
      mover.visible = visible;
      sizer.visible = visible;
    },
    destroy() {
      for (const g of [mover, sizer]) {
        g.removeAllListeners();
        if (!g.destroyed) g.destroy();
      }
    },
  };
}
