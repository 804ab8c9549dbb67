// @vitest-environment happy-dom
/**
 * Dragging an Ubongo tile survives the window being redrawn mid-drag (another player's "Ubongo!",
 * the player's own kept tiles): the drag ends where the pointer lets go, turns included, exactly as
 * the same drag without a redraw.
 */
import { afterEach, describe, expect, it } from "vitest";
import { UNIT } from "../../src/apps/board/context";
import { bindBoard } from "../../src/apps/board/interaction";
import type { PlacedTile } from "../../src/apps/board/placement";
import { placeActionData } from "../../src/apps/board/interaction";
import { apps } from "../../src/games";
import type { Random } from "../../src/rules/core";
import { type UbongoState, solutionFor, ubongo } from "../../src/rules/ubongo";
import type { TableUpdate } from "../../src/table/protocol";
import { renderTemplate } from "../foundry/dom";
import { namedSeats, tableUpdate } from "../helpers/table-update";

/** Every die shows `face`; shuffles take the first choice. */
const dice = (face: number): Random => ({ die: (sides) => Math.min(face, sides) });
const app = apps.ubongo!;

/** What the host sends `seat` of this Ubongo state: the moves it shows (no claims). */
function update(state: UbongoState, seat: string): TableUpdate {
  return tableUpdate(
    { gameId: state.game },
    namedSeats(state.seats, ["Rey", "Finn"]),
    seat,
    ubongo.view(state, { role: "seat", seat }),
    ubongo.shownMoves!(state, seat),
  );
}

function started(): UbongoState {
  const set = ubongo.setup(["a", "b"], ubongo.defaultOptions(), dice(4));
  if (!set.ok) throw new Error("setup");
  const r = ubongo.apply(set.state, "a", { type: "start" }, dice(4));
  if (!r.ok) throw new Error("start");
  return r.state;
}

/** B's "Ubongo!": the update that redraws A's window while A drags. */
function bFinished(state: UbongoState): UbongoState {
  const r = ubongo.apply(state, "b", { type: "claim", pieces: solutionFor(state, "b")! }, dice(4));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

/** Draws the window's board part into `root` (as a host's redraw does) with a screen rect of 1 px per unit. */
function draw(root: HTMLElement, u: TableUpdate, kept: Record<string, string> = {}): void {
  root.innerHTML = renderTemplate("board/placement.hbs", app.context(u, kept));
  const surface = root.querySelector<HTMLElement>("[data-board-surface]")!;
  const width = Number(surface.dataset.width);
  const height = Number(surface.dataset.height);
  surface.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width, height, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
}

/** A pointer event at board cell (x, y) (its centre at x + 0.5). */
function pointer(el: Element, type: string, cellX: number, cellY: number): void {
  const surface = el.ownerDocument.querySelector<HTMLElement>("[data-board-surface]");
  const ox = Number(surface?.dataset.originX ?? 0);
  const oy = Number(surface?.dataset.originY ?? 0);
  el.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      clientX: cellX * UNIT - ox,
      clientY: cellY * UNIT - oy,
      pointerId: 7,
      button: 0,
    }),
  );
}

const wheel = (el: Element) =>
  el.dispatchEvent(new WheelEvent("wheel", { deltaY: 100, bubbles: true, cancelable: true }));
const placementEl = (root: HTMLElement) => root.querySelector<HTMLElement>("[data-placement]")!;

function mount(): { root: HTMLElement; calls: (readonly PlacedTile[])[] } {
  const root = document.createElement("section");
  document.body.appendChild(root);
  const calls: (readonly PlacedTile[])[] = [];
  bindBoard(root, { place: (p) => calls.push(p) });
  return { root, calls };
}

/**
 * Takes the first tray tile, moves it onto the board, turns it with the wheel, moves it on and lets
 * go; `midway` runs between the turn and the last moves (a redraw, or nothing).
 */
function dragFromTray(root: HTMLElement, midway: () => void): string {
  const tray = root.querySelector<HTMLElement>("[data-tile]")!;
  const id = tray.dataset.tile!;
  pointer(tray, "pointerdown", 40, 40);
  pointer(root, "pointermove", 1.5, 1.5);
  wheel(placementEl(root));
  midway();
  pointer(root, "pointermove", 2.5, 1.5);
  pointer(root, "pointermove", 2.5, 2.5);
  pointer(root, "pointerup", 2.5, 2.5);
  return id;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("Ubongo window: dragging survives a redraw", () => {
  it("a tile dragged from the tray while another player's Ubongo! redraws the window lands where it is let go, turned", () => {
    const state = started();
    const plain = mount();
    draw(plain.root, update(state, "a"));
    dragFromTray(plain.root, () => undefined);
    expect(plain.calls).toHaveLength(1);
    const expected = plain.calls[0]!;
    expect(expected[0]?.rotation).toBe(1);
    document.body.innerHTML = "";

    const redrawn = mount();
    draw(redrawn.root, update(state, "a"));
    const id = dragFromTray(redrawn.root, () => {
      draw(redrawn.root, update(bFinished(state), "a"));
      // The redraw took the tile in hand away from the DOM: it is back in the tray.
      expect(redrawn.root.querySelector("[data-placed-tile]")).toBeNull();
    });
    expect(redrawn.calls).toEqual([expected]);
    const tile = redrawn.root.querySelector<HTMLElement>(`[data-placed-tile="${id}"]`)!;
    expect(tile.hasAttribute("data-holding")).toBe(false);
    expect(placementEl(redrawn.root).dataset.holding).toBe("");
  });

  it("a laid tile dragged on while the window redraws with the kept tiles moves from where it lay, not back to it", () => {
    const state = started();
    const { root, calls } = mount();
    draw(root, update(state, "a"));
    const tray = root.querySelector<HTMLElement>("[data-tile]")!;
    const id = tray.dataset.tile!;
    pointer(tray, "pointerdown", 40, 40);
    pointer(root, "pointermove", 1.5, 1.5);
    pointer(root, "pointerup", 1.5, 1.5);
    const laid = calls[0]!;
    const kept = app.actions["board-place"]!({ data: placeActionData(laid), fields: {} }, update(state, "a")) as {
      keep: Record<string, string>;
    };
    draw(root, update(state, "a"), kept.keep);
    const lying = root.querySelector<HTMLElement>(`[data-placed-tile="${id}"]`)!;
    const at = lying.dataset.at!;
    // Picked up where it lies, one cell right; the window redraws (B finishes) with the kept tiles.
    pointer(lying, "pointerdown", 1.5, 1.5);
    pointer(root, "pointermove", 2.5, 1.5);
    draw(root, update(bFinished(state), "a"), kept.keep);
    pointer(root, "pointermove", 2.5, 2.5);
    pointer(root, "pointerup", 2.5, 2.5);
    expect(calls).toHaveLength(2);
    const [x, y] = at.split(",").map(Number);
    expect(calls[1]![0]!.at).toEqual({ x: x! + 1, y: y! + 1 });
    expect(calls[1]![0]!.rotation).toBe(laid[0]!.rotation);
  });
});
