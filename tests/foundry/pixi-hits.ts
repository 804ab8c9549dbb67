/**
 * Pointer hits on the canvas stand-ins as PIXI 7.4.3's EventBoundary finds and propagates them
 * (`hitTestRecursive`, `_interactivePrune`, `hitPruneFn`, `hitTestFn`, `propagate`), and an active
 * Foundry v13 TokenLayer (InteractionLayer#activate, `_draw`) with a token under the pointer.
 */
import { FakeContainer, FakeRectangle } from "./canvas-standins";

interface Point {
  readonly x: number;
  readonly y: number;
}

/** A display object's local point from its parent's: PIXI's transform (position, angle, scale, pivot) inverted. */
function toLocal(node: FakeContainer, p: Point): Point {
  const dx = p.x - node.position.x;
  const dy = p.y - node.position.y;
  const a = (-node.angle * Math.PI) / 180;
  const rx = dx * Math.cos(a) - dy * Math.sin(a);
  const ry = dx * Math.sin(a) + dy * Math.cos(a);
  return { x: rx / node.scale.x + node.pivot.x, y: ry / node.scale.y + node.pivot.y };
}

const interactive = (mode: string): boolean => mode === "static" || mode === "dynamic";

/** EventBoundary#_interactivePrune: hidden, "none", or "passive" without interactive children. */
function pruned(node: FakeContainer): boolean {
  return (
    !node.visible ||
    !node.renderable ||
    node.eventMode === "none" ||
    (node.eventMode === "passive" && !node.interactiveChildren)
  );
}

/** The order a render leaves the children in: sorted by zIndex (stable) where the container sorts them. */
function ordered(node: FakeContainer): FakeContainer[] {
  return node.sortableChildren ? [...node.children].sort((a, b) => a.zIndex - b.zIndex) : node.children;
}

/** EventBoundary#hitTestFn: never a passive object; else its hit area, else its own geometry. */
function testHit(node: FakeContainer, local: Point): boolean {
  if (node.eventMode === "passive") return false;
  if (node.hitArea) return true;
  const shape = node as FakeContainer & { containsPoint?: (p: Point) => boolean };
  return shape.containsPoint ? shape.containsPoint(local) : false;
}

/**
 * EventBoundary#hitTestRecursive from `node` (the point in its parent's coordinates): the path from
 * the hit object up to `node` (interactive objects only), [] for a hit on a non-interactive object,
 * null for none. Children are tested topmost first; the first hit ends the search.
 */
function hitTestRecursive(node: FakeContainer, mode: string, at: Point): FakeContainer[] | null {
  if (pruned(node)) return null;
  const local = toLocal(node, at);
  if (node.hitArea && !node.hitArea.contains(local.x, local.y)) return null;
  if (node.interactiveChildren) {
    const children = ordered(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      const nested = hitTestRecursive(child, interactive(mode) ? mode : child.eventMode, local);
      if (!nested) continue;
      const self = interactive(node.eventMode);
      if (nested.length > 0 || self) nested.push(node);
      return nested;
    }
  }
  if (interactive(mode) && testHit(node, local)) return interactive(node.eventMode) ? [node] : [];
  return null;
}

/** The object a pointer at `scene` (the stage's coordinates) hits under `stage`, or null. */
export function hitTarget(stage: FakeContainer, scene: Point): FakeContainer | null {
  return hitTestRecursive(stage, stage.eventMode, scene)?.[0] ?? null;
}

/**
 * A primary `pointerdown` at `scene`: hit-tested as above, then bubbled from the target up through
 * its parents (EventBoundary#propagate) until a listener stops it. Returns the target and each
 * object whose listeners ran, in order.
 */
export function pointerDown(
  stage: FakeContainer,
  scene: Point,
  button = 0,
): { readonly target: FakeContainer | null; readonly reached: FakeContainer[] } {
  const target = hitTarget(stage, scene);
  const reached: FakeContainer[] = [];
  const event = { button, stopped: false, stopPropagation: () => (event.stopped = true) };
  for (let node: FakeContainer | null = target; node && !event.stopped; node = node.parent) {
    reached.push(node);
    node.emit("pointerdown", event);
  }
  return { target, reached };
}

/**
 * An active v13 TokenLayer in the interface group: zIndex 200, "static" with interactive children
 * (InteractionLayer#activate), its hit area the whole canvas (InteractionLayer#_draw: the
 * dimensions' rect); one token whose pointerdowns are counted.
 */
export function activeTokenLayer(
  group: FakeContainer,
  token: { readonly x: number; readonly y: number; readonly size: number },
): { readonly layer: FakeContainer; readonly token: FakeContainer; readonly presses: () => number } {
  const layer = new FakeContainer();
  layer.zIndex = 200;
  layer.eventMode = "static";
  layer.hitArea = new FakeRectangle(0, 0, 4000, 2600);
  const placed = new FakeContainer();
  placed.eventMode = "static";
  placed.hitArea = new FakeRectangle(0, 0, token.size, token.size);
  placed.position.set(token.x, token.y);
  let presses = 0;
  placed.on("pointerdown", () => (presses += 1));
  layer.addChild(placed);
  group.addChild(layer);
  return { layer, token: placed, presses: () => presses };
}
