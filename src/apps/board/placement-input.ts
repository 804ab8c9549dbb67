/**
 * Placement input on a tile board: tiles picked up from the tray, moved, turned, flipped, dropped
 * or sent back by click and key, and the pieces a pointer drag uses; every change goes to `place`.
 */
import { type Square, parseSquareKey, squareKey } from "../../rules/grid";
import { UNIT } from "./context";
import { elementOf, words } from "./elements";
import { arrowOf } from "./navigation";
import {
  type PlacedTile,
  type TilePlacement,
  checkPlacements,
  invalidReason,
  orientShape,
  tileLayout,
  withCells,
} from "./placement";
import type { BoardModelOf } from "../core/board-model";
import type { BoardIntent } from "./selection";

export interface BoardHandlers {
  /** A move chosen on the board; `target` is the element clicked last (a cell, tray or choice). */
  readonly move?: (intent: BoardIntent, target: HTMLElement) => void;
  /** The tiles on a placement board after a change (placed, moved, turned, flipped or removed). */
  readonly place?: (placements: readonly PlacedTile[], root: HTMLElement) => void;
  /** The typed model a board element was drawn from (its moves, its tracks), kept per table by the host. */
  readonly model?: BoardModelOf;
}

/** The data a host gives the game's "board-place" action: the placements as JSON (see `parsePlacements`). */
export function placeActionData(placements: readonly PlacedTile[]): Record<string, string> {
  const plain = placements.map((p) => ({ tileId: p.tileId, rotation: p.rotation, flipped: p.flipped, at: p.at }));
  return { action: "board-place", placements: JSON.stringify(plain) };
}

interface Surface {
  readonly el: HTMLElement;
  readonly width: number;
  readonly height: number;
  readonly originX: number;
  readonly originY: number;
}

function surfaceOf(root: HTMLElement): Surface | null {
  const el = root.querySelector<HTMLElement>("[data-board-surface]");
  if (!el) return null;
  const d = el.dataset;
  return {
    el,
    width: Number(d.width ?? 1),
    height: Number(d.height ?? 1),
    originX: Number(d.originX ?? 0),
    originY: Number(d.originY ?? 0),
  };
}

function find(root: HTMLElement, selector: string, attr: string, value: string): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(selector)) if (el.getAttribute(attr) === value) return el;
  return null;
}

const trayTile = (root: HTMLElement, id: string): HTMLElement | null => find(root, "[data-tile]", "data-tile", id);
export const placedTile = (root: HTMLElement, id: string): HTMLElement | null =>
  find(root, "[data-placed-tile]", "data-placed-tile", id);

export function shapeOf(root: HTMLElement, tileId: string): Square[] {
  return words((trayTile(root, tileId)?.dataset.shape ?? "").replace(/;/g, " "))
    .map((k) => parseSquareKey(k))
    .filter((s): s is Square => s !== null);
}

export function placementOf(el: HTMLElement): TilePlacement {
  return {
    tileId: el.dataset.placedTile ?? "",
    rotation: Number(el.dataset.rotation ?? 0),
    flipped: el.dataset.flipped === "true",
    at: parseSquareKey(el.dataset.at ?? "") ?? { x: 0, y: 0 },
  };
}

/** The tiles lying on a placement board, with the cells they cover. */
export function readPlacements(root: HTMLElement): PlacedTile[] {
  const out: PlacedTile[] = [];
  for (const el of root.querySelectorAll<HTMLElement>("[data-placed-tile]")) {
    const p = placementOf(el);
    out.push(withCells(shapeOf(root, p.tileId), p));
  }
  return out;
}

function boardKeys(root: HTMLElement): Set<string> {
  const keys = new Set<string>();
  for (const el of root.querySelectorAll<HTMLElement>("[data-board-surface] [data-cell]"))
    keys.add(el.dataset.at ?? "");
  return keys;
}

function announce(root: HTMLElement, el: HTMLElement | null): void {
  const status = root.querySelector<HTMLElement>("[data-placement-status]");
  if (status) status.textContent = el ? (el.getAttribute("aria-label") ?? "") : (root.dataset.textTray ?? "");
}

/** Marks every tile hanging over or overlapping, the board complete or not, and names each tile's place. */
function refresh(root: HTMLElement): void {
  const check = checkPlacements(boardKeys(root), readPlacements(root));
  for (const el of root.querySelectorAll<HTMLElement>("[data-placed-tile]")) {
    const reason = invalidReason(check.byTile[el.dataset.placedTile ?? ""]);
    el.dataset.invalid = reason;
    const texts = [el.dataset.label ?? "", (root.dataset.textAt ?? "{at}").replace("{at}", el.dataset.at ?? "")];
    for (const r of words(reason))
      texts.push(r === "overhang" ? (root.dataset.textOverhang ?? r) : (root.dataset.textOverlap ?? r));
    el.setAttribute("aria-label", texts.join(" · "));
  }
  root.toggleAttribute("data-complete", check.complete);
}

/** Redraws one tile at its placement (position, shape) and refreshes the board's marks. */
export function drawTile(root: HTMLElement, el: HTMLElement, p: TilePlacement): void {
  const surface = surfaceOf(root);
  if (!surface) return;
  el.dataset.rotation = String(((p.rotation % 4) + 4) % 4);
  el.dataset.flipped = p.flipped ? "true" : "false";
  el.dataset.at = squareKey(p.at);
  const cells = orientShape(shapeOf(root, p.tileId), p).map((c) => ({ x: c.x + p.at.x, y: c.y + p.at.y }));
  if (cells.length === 0) return;
  const layout = tileLayout(cells, surface);
  el.setAttribute("style", layout.style);
  while (el.firstChild) el.removeChild(el.firstChild);
  for (const c of layout.cells) {
    const span = el.ownerDocument.createElement("span");
    span.className = "cantina-tile-cell";
    span.setAttribute("style", c.style);
    el.appendChild(span);
  }
  refresh(root);
}

function emit(root: HTMLElement, handlers: BoardHandlers): void {
  handlers.place?.(readPlacements(root), root);
}

/** Takes a tile in hand: from the tray (drawn at `at`, default the board's first cell) or where it lies. */
export function pickUp(root: HTMLElement, tileId: string, at?: Square): HTMLElement | null {
  const surface = surfaceOf(root);
  const tray = trayTile(root, tileId);
  if (!surface || !tray) return null;
  let el = placedTile(root, tileId);
  if (el) el.dataset.before = `${el.dataset.at}|${el.dataset.rotation}|${el.dataset.flipped}`;
  else {
    el = root.ownerDocument.createElement("div");
    el.className = `cantina-tile ${tray.dataset.colour ?? ""}`.trim();
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.dataset.placedTile = tileId;
    el.dataset.label = tray.dataset.label ?? "";
    el.dataset.before = "";
    surface.el.appendChild(el);
    tray.toggleAttribute("data-placed", true);
    const first = root.querySelector<HTMLElement>("[data-board-surface] [data-cell]");
    const start = at ?? parseSquareKey(first?.dataset.at ?? "") ?? { x: 0, y: 0 };
    drawTile(root, el, { tileId, rotation: 0, flipped: false, at: start });
  }
  el.toggleAttribute("data-holding", true);
  root.dataset.holding = tileId;
  return el;
}

export function held(root: HTMLElement): HTMLElement | null {
  const id = root.dataset.holding ?? "";
  return id === "" ? null : placedTile(root, id);
}

function toTray(root: HTMLElement, el: HTMLElement): void {
  const id = el.dataset.placedTile ?? "";
  el.remove();
  trayTile(root, id)?.toggleAttribute("data-placed", false);
  refresh(root);
  announce(root, null);
}

function release(root: HTMLElement, el: HTMLElement): void {
  el.toggleAttribute("data-holding", false);
  delete el.dataset.before;
  root.dataset.holding = "";
}

/** Puts the held tile down: on the board when any of its cells is on it, else back in the tray. */
export function drop(root: HTMLElement, handlers: BoardHandlers): void {
  const el = held(root);
  if (!el) return;
  release(root, el);
  const p = withCells(shapeOf(root, el.dataset.placedTile ?? ""), placementOf(el));
  const keys = boardKeys(root);
  if (!p.cells.some((c) => keys.has(c))) {
    const tray = trayTile(root, p.tileId);
    toTray(root, el);
    tray?.focus();
  } else announce(root, el);
  emit(root, handlers);
}

/** Puts the held tile back where it was (or in the tray if it came from there). */
function cancelHold(root: HTMLElement): void {
  const el = held(root);
  if (!el) return;
  const before = el.dataset.before ?? "";
  release(root, el);
  if (before === "") {
    const tray = trayTile(root, el.dataset.placedTile ?? "");
    toTray(root, el);
    tray?.focus();
    return;
  }
  const [at, rotation, flipped] = before.split("|");
  drawTile(root, el, {
    tileId: el.dataset.placedTile ?? "",
    at: parseSquareKey(at ?? "") ?? { x: 0, y: 0 },
    rotation: Number(rotation ?? 0),
    flipped: flipped === "true",
  });
  el.focus();
}

/** Changes a tile's placement; a tile lying on the board (not in hand) reports the change at once. */
export function change(
  root: HTMLElement,
  el: HTMLElement,
  handlers: BoardHandlers,
  f: (p: TilePlacement) => TilePlacement,
): void {
  drawTile(root, el, f(placementOf(el)));
  announce(root, el);
  if (!el.hasAttribute("data-holding")) emit(root, handlers);
}

export const rotated = (by: number) => (p: TilePlacement) => ({ ...p, rotation: (((p.rotation + by) % 4) + 4) % 4 });

/** Keys on a placement board. True when handled. */
export function placementKey(root: HTMLElement, event: KeyboardEvent, handlers: BoardHandlers): boolean {
  const target = elementOf(event.target);
  // The focused tile, or the one in hand (a pointer drag leaves the focus where it began).
  const focused = target?.closest<HTMLElement>("[data-placed-tile]") ?? null;
  const el = focused ?? held(root);
  if (!el || root.hasAttribute("data-locked")) return false;
  if (!focused && !["r", "R", "f", "F", "Escape"].includes(event.key)) return false;
  const arrow = arrowOf(event.key);
  if (arrow) {
    const d = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[arrow];
    change(root, el, handlers, (p) => ({ ...p, at: { x: p.at.x + (d[0] ?? 0), y: p.at.y + (d[1] ?? 0) } }));
    return true;
  }
  switch (event.key) {
    case "r":
    case "R":
      change(root, el, handlers, rotated(event.shiftKey ? -1 : 1));
      return true;
    case "f":
    case "F":
      if (root.dataset.allowFlip !== "true") return false;
      change(root, el, handlers, (p) => ({ ...p, flipped: !p.flipped }));
      return true;
    case "Enter":
    case " ":
      if (el.hasAttribute("data-holding")) drop(root, handlers);
      else pickUp(root, el.dataset.placedTile ?? "");
      return true;
    case "Escape":
      if (!el.hasAttribute("data-holding")) return false;
      cancelHold(root);
      return true;
    case "Delete":
    case "Backspace": {
      if (el.hasAttribute("data-holding")) release(root, el);
      const tray = trayTile(root, el.dataset.placedTile ?? "");
      toTray(root, el);
      tray?.focus();
      emit(root, handlers);
      return true;
    }
    default:
      return false;
  }
}

/** The pointer's position over the board in cell units. */
export function pointerCell(
  root: HTMLElement,
  e: { clientX: number; clientY: number },
): { x: number; y: number } | null {
  const s = surfaceOf(root);
  if (!s) return null;
  const r = s.el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  return {
    x: (s.originX + ((e.clientX - r.left) / r.width) * s.width) / UNIT,
    y: (s.originY + ((e.clientY - r.top) / r.height) * s.height) / UNIT,
  };
}

export interface Drag {
  readonly tileId: string;
  readonly pointerId: number;
  readonly startX: number;
  readonly startY: number;
  /** Where the pointer went down, in cell units (the point of the tile held). */
  readonly startCell: { x: number; y: number } | null;
  started: boolean;
  grab: { x: number; y: number };
  /** Where the tile in hand is (kept here, not only in the DOM, so a redraw mid-drag loses nothing). */
  last: TilePlacement | null;
}

/**
 * The tile a started drag holds. A window redrawn mid-drag (an update, another player's claim) has
 * lost the tile in hand: it is taken up again and put where the drag had it, turns included.
 */
export function dragHeld(placement: HTMLElement, drag: Drag): HTMLElement | null {
  const el = held(placement);
  if (el?.dataset.placedTile === drag.tileId) return el;
  if (!drag.last) return null;
  if (el) release(placement, el);
  const again = pickUp(placement, drag.tileId);
  if (again) drawTile(placement, again, drag.last);
  return again;
}

/** Clicks on a placement board: tray tiles pick up or cancel, tiles pick up or drop, a cell drops the held tile there. */
export function placementClick(root: HTMLElement, target: HTMLElement, e: MouseEvent, handlers: BoardHandlers): void {
  if (root.hasAttribute("data-locked")) return;
  const tray = target.closest<HTMLElement>("[data-tile]");
  const holding = root.dataset.holding ?? "";
  if (tray) {
    const id = tray.dataset.tile ?? "";
    if (holding === id) {
      cancelHold(root);
      return;
    }
    if (holding !== "") drop(root, handlers);
    const existing = placedTile(root, id);
    pickUp(root, id)?.focus();
    if (existing) announce(root, existing);
    return;
  }
  const tile = target.closest<HTMLElement>("[data-placed-tile]");
  if (tile && tile.dataset.placedTile === holding) {
    drop(root, handlers);
    return;
  }
  if (holding !== "") {
    const el = held(root);
    const at = pointerCell(root, e);
    if (el && at) {
      const p = placementOf(el);
      drawTile(root, el, { ...p, at: { x: Math.floor(at.x), y: Math.floor(at.y) } });
    }
    drop(root, handlers);
    return;
  }
  if (tile) pickUp(root, tile.dataset.placedTile ?? "")?.focus();
}

/** The placement board a drag belongs to (the one holding its tile, or the one whose tray has it). */
export function placementOfDrag(root: HTMLElement, drag: Drag): HTMLElement | null {
  const self = root.hasAttribute("data-placement") ? [root] : [];
  for (const p of [...self, ...root.querySelectorAll<HTMLElement>("[data-placement]")]) {
    if (trayTile(p, drag.tileId)) return p;
  }
  return null;
}
