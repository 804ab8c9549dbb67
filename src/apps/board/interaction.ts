/**
 * The board's clicks, keys and drags on rendered HTML: `bindBoard` wires a window once to selection
 * input (selection.ts) and placement input (placement-input.ts, placement-drag.ts). No globals.
 */
import { elementOf } from "./elements";
import { type BoardHandlers, dragHeld, placementClick, placementKey } from "./placement-input";
import { placementPointer } from "./placement-drag";
import { boardClick, boardKey } from "./selection";
import { watchSlides } from "./slide";

export { type BoardIntent, boardClick, boardKey, moveActionData, selectSource } from "./selection";
export { type BoardHandlers, placeActionData, readPlacements } from "./placement-input";

/**
 * Wires a window (or any element holding boards) once: board clicks and keys become `move`
 * intents on the moves of the board's model (`handlers.model`: the host keeps it per table),
 * placement boards' clicks, keys, drags and wheel turns become `place` calls, and a board redrawn
 * slides the pieces that moved (slide.ts). Returns the function that removes the listeners; a
 * second call on the same element returns the first's.
 */
export function bindBoard(root: HTMLElement, handlers: BoardHandlers): () => void {
  const existing = bound.get(root);
  if (existing) return existing;
  const pointer = placementPointer(root, handlers);
  const model = handlers.model ?? noModel;
  const { onPointerDown, onPointerMove, onPointerUp, onWheel } = pointer;

  const onClick = (e: MouseEvent): void => {
    const target = elementOf(e.target);
    if (!target) return;
    const placement = target.closest<HTMLElement>("[data-placement]");
    if (placement) {
      if (pointer.swallowClick()) return;
      if (target.closest("[data-tile], [data-board-surface]")) {
        e.preventDefault();
        placementClick(placement, target, e, handlers);
      }
      return;
    }
    const cell = target.closest<HTMLElement>("[data-board] [data-square]");
    if (!cell) return;
    e.preventDefault();
    const intent = boardClick(cell, model);
    if (intent) handlers.move?.(intent, cell);
  };

  const onKey = (e: KeyboardEvent): void => {
    const target = elementOf(e.target);
    const placement = target?.closest<HTMLElement>("[data-placement]");
    const drag = pointer.dragging();
    if (drag && placement) dragHeld(placement, drag);
    const handled = placement ? placementKey(placement, e, handlers) : boardKey(e, model);
    if (handled) {
      e.preventDefault();
      pointer.remember();
    }
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("pointermove", onPointerMove);
  root.addEventListener("pointerup", onPointerUp);
  root.addEventListener("pointercancel", onPointerUp);
  root.addEventListener("wheel", onWheel, { passive: false });
  const stopSlides = watchSlides(root, model);
  const unbind = (): void => {
    stopSlides();
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("pointerdown", onPointerDown);
    root.removeEventListener("pointermove", onPointerMove);
    root.removeEventListener("pointerup", onPointerUp);
    root.removeEventListener("pointercancel", onPointerUp);
    root.removeEventListener("wheel", onWheel);
    bound.delete(root);
  };
  bound.set(root, unbind);
  return unbind;
}

const bound = new WeakMap<HTMLElement, () => void>();
const noModel = (): null => null;
