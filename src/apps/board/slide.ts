/**
 * Pieces slide along their path on the window's SVG board when a move arrives: the new board is drawn
 * first (its state is final at once); a copy of each moved piece then glides over it, never hit-tested.
 */
import type { BoardModelOf } from "../core/board-model";
import { type PiecePlace, movedPieces, travelled } from "./moved";

/** How long a slide takes: a step, and a little more per cell passed (ms). */
const SLIDE_MS = 240;
const PER_CELL_MS = 60;
const MAX_MS = 720;

const PLACES = "[data-cell][data-piece], [data-point][data-piece], [data-tray]";

/** The pieces a rendered board shows: each cell's or point's owner and stack, each tray's count. */
function placesOf(board: Element): PiecePlace[] {
  return [...board.querySelectorAll<HTMLElement>(PLACES)].flatMap((el): PiecePlace[] => {
    const tray = el.dataset.tray !== undefined;
    const owner = Number(tray ? el.dataset.owner : el.dataset.piece);
    const count = Number((tray ? el.dataset.count : el.dataset.stack) ?? 1);
    const id = el.dataset.square ?? el.dataset.tray ?? "";
    return Number.isInteger(owner) && id !== "" ? [{ id, owner, count, ...(tray ? { tray } : {}) }] : [];
  });
}

/** The cell, point or tray a board draws for `id`. */
function targetOf(board: Element, id: string): HTMLElement | null {
  for (const el of board.querySelectorAll<HTMLElement>("[data-square]")) if (el.dataset.square === id) return el;
  return null;
}

/** A cell's or point's centre in board units, from its rendered data (null: not on the board's surface). */
function centreOf(board: Element, id: string): { x: number; y: number } | null {
  for (const el of board.querySelectorAll<HTMLElement>("[data-cell], [data-point]")) {
    if (el.dataset.square !== id) continue;
    const x = Number(el.dataset.cx);
    const y = Number(el.dataset.cy);
    return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
  }
  return null;
}

export interface Slide {
  readonly to: string;
  /** Waypoints relative to the destination's centre (board units), the last (0, 0). */
  readonly path: readonly { readonly x: number; readonly y: number }[];
}

/** What a drawn board showed: its pieces and where its places' centres were. */
export interface BoardSnapshot {
  readonly places: readonly PiecePlace[];
  readonly centres: ReadonlyMap<string, { readonly x: number; readonly y: number }>;
  /** The places as text, to tell a change at a glance. */
  readonly key: string;
}

export function snapshotOf(board: HTMLElement): BoardSnapshot {
  const places = placesOf(board);
  const centres = new Map<string, { x: number; y: number }>();
  for (const p of places) {
    const c = centreOf(board, p.id);
    if (c) centres.set(p.id, c);
  }
  return { places, centres, key: JSON.stringify(places) };
}

/**
 * The slides from one drawing of a board to the next: each moved piece's way from its old place along
 * its track's cells (`tracks`, the new drawing's model's, where it has one) to its new place. A piece
 * from a tray slides in from its track's start.
 */
export function slidesBetween(
  before: BoardSnapshot | HTMLElement,
  after: HTMLElement,
  tracks: readonly (readonly string[])[],
): Slide[] {
  const old = "places" in before ? before : snapshotOf(before);
  return movedPieces(old.places, placesOf(after)).flatMap(({ from, to }) => {
    const end = centreOf(after, to);
    const owner = Number(targetOf(after, to)?.dataset.piece);
    if (!end || !Number.isInteger(owner)) return [];
    const start = old.centres.get(from) ?? null;
    const ids = travelled(tracks, owner, from, to, start !== null);
    const points = ids.flatMap((id, i) => {
      const at = i === 0 && start ? start : centreOf(after, id);
      return at ? [{ x: at.x - end.x, y: at.y - end.y }] : [];
    });
    // From off the board with no track to follow: nothing to slide from.
    if (points.length < 2) return [];
    return [{ to, path: points }];
  });
}

/** Plays a slide: a copy of the destination's piece, over the board, from its old place to the new. */
function play(board: HTMLElement, slide: Slide): void {
  const surface = board.querySelector<HTMLElement>("[data-board-surface]");
  const cell = targetOf(board, slide.to);
  const svg = cell?.querySelector<SVGSVGElement>("svg");
  const piece = svg?.querySelector<SVGGElement>(".cantina-piece");
  if (!surface || !cell || !svg || !piece || typeof piece.animate !== "function") return;
  const doc = board.ownerDocument;
  const layer = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
  layer.setAttribute("class", "cantina-board-slide");
  layer.setAttribute("viewBox", svg.getAttribute("viewBox") ?? "");
  layer.setAttribute("aria-hidden", "true");
  layer.setAttribute("data-slide", slide.to);
  // Where the destination's button lies, without its clip (the copy travels outside the cell).
  layer.setAttribute("style", (cell.getAttribute("style") ?? "").replace(/clip-path:[^;]*;?/, ""));
  const copy = piece.cloneNode(true) as SVGGElement;
  layer.appendChild(copy);
  surface.appendChild(layer);
  piece.style.opacity = "0";
  const duration = Math.min(MAX_MS, SLIDE_MS + PER_CELL_MS * Math.max(0, slide.path.length - 2));
  const frames = slide.path.map((p) => ({ transform: `translate(${p.x}px, ${p.y}px)` }));
  const done = (): void => {
    layer.remove();
    piece.style.opacity = "";
  };
  const animation = copy.animate(frames, { duration, easing: "ease-in-out" });
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
}

function reducedMotion(root: HTMLElement): boolean {
  const view = root.ownerDocument.defaultView;
  return view?.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The window's boards (not tile placement boards). */
function boardsIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-board]")].filter((b) => b.closest("[data-placement]") === null);
}

/** Which board a drawing is, across a redraw that replaces its element: its window's and its own label. */
function boardKey(board: HTMLElement): string {
  const holder = board.closest<HTMLElement>("[data-window], [data-table-id]");
  return `${holder?.dataset.window ?? holder?.dataset.tableId ?? ""}|${board.getAttribute("aria-label") ?? ""}`;
}

/**
 * Watches a window for its board being redrawn (in place, as the standalone page morphs it, or
 * replaced) and slides the pieces that moved, along the tracks of the model the host hands over (not with reduced motion, nor without the Web
 * Animations API). Returns the function that stops watching.
 */
export function watchSlides(root: HTMLElement, model: BoardModelOf): () => void {
  const Observer = root.ownerDocument.defaultView?.MutationObserver;
  if (!Observer) return () => undefined;
  const shown = new Map<string, BoardSnapshot>();
  const look = (animate: boolean): void => {
    for (const board of boardsIn(root)) {
      const key = boardKey(board);
      const now = snapshotOf(board);
      const before = shown.get(key);
      shown.set(key, now);
      if (!animate || !before || before.key === now.key || reducedMotion(root)) continue;
      for (const slide of slidesBetween(before, board, model(board)?.tracks ?? [])) play(board, slide);
    }
  };
  look(false);
  const observer = new Observer(() => look(true));
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-piece", "data-stack", "data-count"],
  });
  return () => observer.disconnect();
}
