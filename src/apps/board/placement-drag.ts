/**
 * Placement input by pointer and wheel: a tile dragged from the tray or the board, snapped to the
 * grid, turned by the wheel; `placementPointer` gives the listeners interaction.ts binds.
 */
import { elementOf } from "./elements";
import {
  type BoardHandlers,
  type Drag,
  change,
  dragHeld,
  drawTile,
  drop,
  held,
  pickUp,
  placedTile,
  placementOfDrag,
  placementOf,
  pointerCell,
  rotated,
  shapeOf,
} from "./placement-input";
import { orientShape, snapAt } from "./placement";

/** The drag in progress and whether the click after a drop is the drag's (shared with the click and key listeners). */
export interface PlacementPointer {
  readonly onPointerDown: (e: PointerEvent) => void;
  readonly onPointerMove: (e: PointerEvent) => void;
  readonly onPointerUp: (e: PointerEvent) => void;
  readonly onWheel: (e: WheelEvent) => void;
  /** The tile being dragged, if a drag has started (a key turn during the drag redraws it). */
  dragging(): Drag | null;
  /** After a turn by key or wheel during a drag: the drag keeps the tile's new placement. */
  remember(): void;
  /** True once for the click that follows a drop (it is the drag's, not a pick). */
  swallowClick(): boolean;
}

export function placementPointer(root: HTMLElement, handlers: BoardHandlers): PlacementPointer {
  let drag: Drag | null = null;
  let swallowClick = false;

  const onPointerDown = (e: PointerEvent): void => {
    swallowClick = false;
    if (e.button !== 0) return;
    const target = elementOf(e.target);
    const placement = target?.closest<HTMLElement>("[data-placement]");
    if (!target || !placement || placement.hasAttribute("data-locked")) return;
    const tile = target.closest<HTMLElement>("[data-placed-tile]") ?? target.closest<HTMLElement>("[data-tile]");
    const id = tile?.dataset.placedTile ?? tile?.dataset.tile;
    if (!id) return;
    drag = {
      tileId: id,
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      startCell: pointerCell(placement, e),
      started: false,
      grab: { x: 0, y: 0 },
      last: null,
    };
  };

  /** After a turn by key or wheel during a drag: the drag keeps the tile's new placement. */
  const remember = (): void => {
    if (!drag?.started) return;
    const placement = placementOfDrag(root, drag);
    const el = placement ? held(placement) : null;
    if (el?.dataset.placedTile === drag.tileId) drag.last = placementOf(el);
  };

  const onPointerMove = (e: PointerEvent): void => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const placement = placementOfDrag(root, drag);
    if (!placement) return;
    const at = pointerCell(placement, e);
    if (!at) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < 5) return;
      drag.started = true;
      const lying = placedTile(placement, drag.tileId);
      if ((placement.dataset.holding ?? "") !== "" && placement.dataset.holding !== drag.tileId)
        drop(placement, handlers);
      const el = pickUp(placement, drag.tileId);
      if (!el) {
        drag = null;
        return;
      }
      const p = placementOf(el);
      drag.last = p;
      const start = drag.startCell ?? at;
      if (lying) drag.grab = { x: start.x - p.at.x, y: start.y - p.at.y };
      else {
        const cells = orientShape(shapeOf(placement, drag.tileId), p);
        drag.grab = {
          x: (Math.max(...cells.map((c) => c.x)) + 1) / 2,
          y: (Math.max(...cells.map((c) => c.y)) + 1) / 2,
        };
      }
      try {
        root.setPointerCapture?.(e.pointerId);
      } catch {
        // A synthetic pointer (tests) cannot be captured; the drag still follows the root's events.
      }
    }
    const el = dragHeld(placement, drag);
    if (!el) return;
    const p = placementOf(el);
    const next = snapAt(at, drag.grab);
    if (next.x !== p.at.x || next.y !== p.at.y) drawTile(placement, el, { ...p, at: next });
    drag.last = { ...p, at: next };
    e.preventDefault();
  };

  const onPointerUp = (e: PointerEvent): void => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const { started, tileId } = drag;
    const placement = placementOfDrag(root, drag);
    // Redrawn since the last move: the tile goes down where the drag had it.
    if (started && placement) dragHeld(placement, drag);
    drag = null;
    if (!started || !placement) return;
    // The click that follows this pointerup (wherever the browser sends it) is the drag's, not a pick.
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    drop(placement, handlers);
    placedTile(placement, tileId)?.focus();
  };

  const onWheel = (e: WheelEvent): void => {
    const target = elementOf(e.target);
    const placement = target?.closest<HTMLElement>("[data-placement]");
    if (!placement || placement.hasAttribute("data-locked")) return;
    const dragged = drag?.started ? dragHeld(placement, drag) : null;
    const el = dragged ?? held(placement) ?? target?.closest<HTMLElement>("[data-placed-tile]") ?? null;
    if (!el || e.deltaY === 0) return;
    e.preventDefault();
    change(placement, el, handlers, rotated(e.deltaY > 0 ? 1 : -1));
    remember();
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onWheel,
    dragging: () => (drag?.started ? drag : null),
    remember,
    swallowClick: () => {
      const swallow = swallowClick;
      swallowClick = false;
      return swallow;
    },
  };
}
