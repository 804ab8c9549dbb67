/**
 * The board's clicks, keys and drags on rendered HTML (moves and tile placement); `bindBoard` wires a
 * window once. It touches only the elements it is given, no globals.
 * Details: docs/architecture.md, "src/apps/board/interaction.ts".
 */
import { type Square, parseSquareKey, squareKey } from "../../rules/grid";
import { UNIT } from "./context";
import { type Target, arrowOf, nextInDirection } from "./navigation";
import {
  type PlacedTile,
  type TilePlacement,
  checkPlacements,
  invalidReason,
  orientShape,
  snapAt,
  tileLayout,
  withCells,
} from "./placement";

export interface BoardIntent {
  readonly from: string;
  readonly to: string;
  /** The move's id, or the follow-up choice's. */
  readonly id?: string;
  /**
   * A click that is no legal move (a piece that cannot move, a square the selected piece cannot
   * reach): the game's action says why, from the rules' refusal where it can, instead of a silent deselect.
   */
  readonly refused?: true;
}

export interface BoardHandlers {
  /** A move chosen on the board; `target` is the element clicked last (a cell, tray or choice). */
  readonly move?: (intent: BoardIntent, target: HTMLElement) => void;
  /** The tiles on a placement board after a change (placed, moved, turned, flipped or removed). */
  readonly place?: (placements: readonly PlacedTile[], root: HTMLElement) => void;
}

/** The data a host gives the game's "board-move" action for an intent (`{action, from, to, id?}`). */
export function moveActionData(intent: BoardIntent): Record<string, string> {
  const data: Record<string, string> = { action: "board-move", from: intent.from, to: intent.to };
  if (intent.id !== undefined) data.id = intent.id;
  if (intent.refused) data.refused = "true";
  return data;
}

/** The data a host gives the game's "board-place" action: the placements as JSON (see `parsePlacements`). */
export function placeActionData(placements: readonly PlacedTile[]): Record<string, string> {
  const plain = placements.map((p) => ({ tileId: p.tileId, rotation: p.rotation, flipped: p.flipped, at: p.at }));
  return { action: "board-place", placements: JSON.stringify(plain) };
}

const words = (s: string | undefined): string[] => (s ? s.split(" ").filter(Boolean) : []);

/** The event's target as an element, whatever the realm (no `instanceof`, so tests can pass stand-ins). */
function elementOf(target: EventTarget | null): HTMLElement | null {
  return target !== null && typeof (target as { closest?: unknown }).closest === "function"
    ? (target as HTMLElement)
    : null;
}

const TARGETS = "[data-cell], [data-point], [data-tray]";

function hideChoices(board: HTMLElement): void {
  for (const set of board.querySelectorAll<HTMLElement>("[data-choices-for]")) set.toggleAttribute("hidden", true);
}

/** Marks `from` as selected on the board and its destinations as such (null clears). */
export function selectSource(board: HTMLElement, from: string | null): void {
  board.dataset.selected = from ?? "";
  hideChoices(board);
  for (const cell of board.querySelectorAll<HTMLElement>(TARGETS)) {
    const id = cell.dataset.square ?? "";
    const isSelected = from !== null && id === from;
    const isDestination = from !== null && words(cell.dataset.destFor).includes(from);
    cell.toggleAttribute("data-selected", isSelected);
    cell.toggleAttribute("data-destination", isDestination);
    if (cell.hasAttribute("data-selectable")) cell.setAttribute("aria-pressed", isSelected ? "true" : "false");
  }
}

function choiceSet(board: HTMLElement, from: string, to: string): HTMLElement | null {
  for (const set of board.querySelectorAll<HTMLElement>("[data-choices-for]")) {
    if (set.dataset.choicesFor === `${from} ${to}`) return set;
  }
  return null;
}

/** Shows the follow-up choices by the destination and focuses the first. */
function openChoices(board: HTMLElement, set: HTMLElement, dest: HTMLElement): void {
  hideChoices(board);
  const surface = board.querySelector<HTMLElement>("[data-board-surface]");
  const w = Number(surface?.dataset.width ?? 0);
  const h = Number(surface?.dataset.height ?? 0);
  const x = Number(dest.dataset.cx ?? 0);
  const y = Number(dest.dataset.cy ?? 0);
  // Opens toward the board's middle so it never spills over the far edge.
  const shift = `translate(${x > w / 2 ? "-100%" : "0"}, ${y > h / 2 ? "-100%" : "0"})`;
  if (w > 0 && h > 0) set.setAttribute("style", `left:${(x / w) * 100}%;top:${(y / h) * 100}%;transform:${shift}`);
  set.toggleAttribute("hidden", false);
  set.querySelector<HTMLElement>("button")?.focus();
}

/** The move id a destination carries for `from` ("from=id" words), if any. */
function idFor(destIds: string | undefined, from: string): string | undefined {
  for (const w of words(destIds)) {
    const i = w.indexOf("=");
    if (i > 0 && w.slice(0, i) === from) return w.slice(i + 1);
  }
  return undefined;
}

/** Handles a click on a cell, point, tray or choice; returns a move intent when one is complete. */
export function boardClick(cell: HTMLElement): BoardIntent | null {
  const board = cell.closest<HTMLElement>("[data-board]");
  if (!board) return null;
  if (cell.hasAttribute("data-board-cancel")) {
    const from = board.dataset.selected ?? "";
    selectSource(board, from === "" ? null : from);
    for (const el of board.querySelectorAll<HTMLElement>(TARGETS)) if (el.dataset.square === from) el.focus();
    return null;
  }
  if (cell.hasAttribute("data-choice")) {
    selectSource(board, null);
    return { from: cell.dataset.from ?? "", to: cell.dataset.to ?? "", id: cell.dataset.id ?? "" };
  }
  const id = cell.dataset.square ?? "";
  const selected = board.dataset.selected ?? "";
  if (selected !== "" && words(cell.dataset.destFor).includes(selected)) {
    const set = choiceSet(board, selected, id);
    if (set) {
      openChoices(board, set, cell);
      return null;
    }
    selectSource(board, null);
    const moveId = idFor(cell.dataset.destIds, selected);
    return moveId === undefined ? { from: selected, to: id } : { from: selected, to: id, id: moveId };
  }
  if (cell.hasAttribute("data-selectable") && selected !== id) {
    selectSource(board, id);
    return null;
  }
  selectSource(board, null);
  // A square the selected piece cannot reach, or a piece that cannot move: the game says why.
  // (A second click on the selected piece only drops the selection; an empty square alone means nothing.)
  if (selected !== "" && selected !== id) return { from: selected, to: id, refused: true };
  if (selected === "" && cell.dataset.piece !== undefined && cell.dataset.piece !== "")
    return { from: id, to: "", refused: true };
  return null;
}

/** Arrow keys walk the cells and points by geometry; Escape drops the selection. True when handled. */
export function boardKey(event: KeyboardEvent): boolean {
  const target = elementOf(event.target);
  const board = target?.closest<HTMLElement>("[data-board]");
  if (!target || !board) return false;
  if (event.key === "Escape") {
    const selected = board.dataset.selected ?? "";
    if (selected === "") return false;
    selectSource(board, null);
    for (const el of board.querySelectorAll<HTMLElement>(TARGETS)) if (el.dataset.square === selected) el.focus();
    return true;
  }
  const arrow = arrowOf(event.key);
  if (!arrow || target.dataset.cx === undefined) return false;
  const els = board.querySelectorAll<HTMLElement>("[data-cell][data-cx], [data-point][data-cx]");
  const targets: (Target & { el: HTMLElement })[] = [];
  for (const el of els) {
    targets.push({ id: el.dataset.square ?? "", x: Number(el.dataset.cx), y: Number(el.dataset.cy), el });
  }
  const here = { id: target.dataset.square ?? "", x: Number(target.dataset.cx), y: Number(target.dataset.cy) };
  const next = nextInDirection(here, targets, arrow) as (Target & { el: HTMLElement }) | null;
  next?.el.focus();
  return true;
}

// ---- placement ----------------------------------------------------------------------------------

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
const placedTile = (root: HTMLElement, id: string): HTMLElement | null =>
  find(root, "[data-placed-tile]", "data-placed-tile", id);

function shapeOf(root: HTMLElement, tileId: string): Square[] {
  return words((trayTile(root, tileId)?.dataset.shape ?? "").replace(/;/g, " "))
    .map((k) => parseSquareKey(k))
    .filter((s): s is Square => s !== null);
}

function placementOf(el: HTMLElement): TilePlacement {
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
function drawTile(root: HTMLElement, el: HTMLElement, p: TilePlacement): void {
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
function pickUp(root: HTMLElement, tileId: string, at?: Square): HTMLElement | null {
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

function held(root: HTMLElement): HTMLElement | null {
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
function drop(root: HTMLElement, handlers: BoardHandlers): void {
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
function change(
  root: HTMLElement,
  el: HTMLElement,
  handlers: BoardHandlers,
  f: (p: TilePlacement) => TilePlacement,
): void {
  drawTile(root, el, f(placementOf(el)));
  announce(root, el);
  if (!el.hasAttribute("data-holding")) emit(root, handlers);
}

const rotated = (by: number) => (p: TilePlacement) => ({ ...p, rotation: (((p.rotation + by) % 4) + 4) % 4 });

/** Keys on a placement board. True when handled. */
function placementKey(root: HTMLElement, event: KeyboardEvent, handlers: BoardHandlers): boolean {
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
function pointerCell(root: HTMLElement, e: { clientX: number; clientY: number }): { x: number; y: number } | null {
  const s = surfaceOf(root);
  if (!s) return null;
  const r = s.el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  return {
    x: (s.originX + ((e.clientX - r.left) / r.width) * s.width) / UNIT,
    y: (s.originY + ((e.clientY - r.top) / r.height) * s.height) / UNIT,
  };
}

interface Drag {
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
function dragHeld(placement: HTMLElement, drag: Drag): HTMLElement | null {
  const el = held(placement);
  if (el?.dataset.placedTile === drag.tileId) return el;
  if (!drag.last) return null;
  if (el) release(placement, el);
  const again = pickUp(placement, drag.tileId);
  if (again) drawTile(placement, again, drag.last);
  return again;
}

/** Clicks on a placement board: tray tiles pick up or cancel, tiles pick up or drop, a cell drops the held tile there. */
function placementClick(root: HTMLElement, target: HTMLElement, e: MouseEvent, handlers: BoardHandlers): void {
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

/**
 * Wires a window (or any element holding boards) once: board clicks and keys become `move`
 * intents, placement boards' clicks, keys, drags and wheel turns become `place` calls. Returns the
 * function that removes the listeners; a second call on the same element returns the first's.
 */
export function bindBoard(root: HTMLElement, handlers: BoardHandlers): () => void {
  const existing = bound.get(root);
  if (existing) return existing;
  let drag: Drag | null = null;
  let swallowClick = false;

  const onClick = (e: MouseEvent): void => {
    const target = elementOf(e.target);
    if (!target) return;
    const placement = target.closest<HTMLElement>("[data-placement]");
    if (placement) {
      if (swallowClick) {
        swallowClick = false;
        return;
      }
      if (target.closest("[data-tile], [data-board-surface]")) {
        e.preventDefault();
        placementClick(placement, target, e, handlers);
      }
      return;
    }
    const cell = target.closest<HTMLElement>("[data-board] [data-square]");
    if (!cell) return;
    e.preventDefault();
    const intent = boardClick(cell);
    if (intent) handlers.move?.(intent, cell);
  };

  const onKey = (e: KeyboardEvent): void => {
    const target = elementOf(e.target);
    const placement = target?.closest<HTMLElement>("[data-placement]");
    if (drag?.started && placement) dragHeld(placement, drag);
    const handled = placement ? placementKey(placement, e, handlers) : boardKey(e);
    if (handled) {
      e.preventDefault();
      remember();
    }
  };

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

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("pointermove", onPointerMove);
  root.addEventListener("pointerup", onPointerUp);
  root.addEventListener("pointercancel", onPointerUp);
  root.addEventListener("wheel", onWheel, { passive: false });
  const unbind = (): void => {
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

/** The placement board a drag belongs to (the one holding its tile, or the one whose tray has it). */
function placementOfDrag(root: HTMLElement, drag: Drag): HTMLElement | null {
  const self = root.hasAttribute("data-placement") ? [root] : [];
  for (const p of [...self, ...root.querySelectorAll<HTMLElement>("[data-placement]")]) {
    if (trayTile(p, drag.tileId)) return p;
  }
  return null;
}
