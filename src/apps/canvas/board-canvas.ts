/**
 * The canvas board: a `BoardContext` drawn with the host's PIXI 7 (cells, pieces in each side's colour
 * and shape, facing arrows, stacks, trays) with drag-and-drop and click-click moves. Display objects
 * are kept between updates and redrawn only when what they show changed. Details: docs/windows.md.
 */
import type * as Pixi from "pixi.js";
import type { Point } from "../../rules/grid";
import type { BoardContext } from "../board/context";
import { createBoardGround } from "./board-ground";
import type { CanvasBoard, CanvasBoardOptions, CanvasMoveIntent, CanvasTarget } from "./contract";
import { type DragEvent, type DragState, IDLE, dragStep, litOf, movableSources } from "../board/machine";
import { type BoardLayout, hitTest, layoutBoard, movedPieces, pointAlong, restingPoint, tweenPath } from "./layout";
import { type PieceView, drawPieceView, flat, newPieceView, pieceSig, shownPiece } from "./piece-view";
import { createPixiKit } from "./pixi-kit";
import { colourAlpha, colourNumber } from "../../palette";

const INK = colourNumber("piece-edge");

/** How long a move's tween lasts, and how long a refusal's reason stays on the board (ms). */
const TWEEN_MS = 220;
const MESSAGE_MS = 4000;

interface Tween {
  readonly view: PieceView;
  /** The waypoints, from the old place to the new (two for a straight line). */
  readonly path: readonly Point[];
  elapsed: number;
}

export function createCanvasBoard(options: CanvasBoardOptions): CanvasBoard {
  const PIXI = options.pixi;
  const container = new PIXI.Container();
  const kit = createPixiKit(PIXI);
  const { text } = kit;
  const marks = new PIXI.Graphics();
  const pieces = new PIXI.Container();
  const overlay = new PIXI.Container();
  const ground = createBoardGround(kit, options.cacheGround !== false, () => destroyed);
  container.addChild(ground.container, marks, pieces, overlay);
  container.eventMode = "static";
  container.cursor = "default";

  const views = new Map<string, PieceView>();
  const spare: PieceView[] = [];
  const tweens: Tween[] = [];
  let layout: BoardLayout | null = null;
  let locked = false;
  let state: DragState = IDLE;
  /** Where the viewer dropped the piece last sent: it is already there, so its move does not tween. */
  let droppedAt: string | null = null;
  let pointer: Point = { x: 0, y: 0 };
  let popup: Pixi.Container | null = null;
  let message: Pixi.Container | null = null;
  let messageLeft = 0;
  let destroyed = false;
  const ticker = options.ticker ?? PIXI.Ticker.shared;
  const still = options.reducedMotion ?? globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

  function homeOf(id: string): Point {
    const t = layout?.byId.get(id);
    if (!t) return { x: 0, y: 0 };
    return restingPoint(t);
  }

  function drawPieces(l: BoardLayout): void {
    const keep = new Set<string>();
    for (const t of l.targets) {
      const shown = shownPiece(t);
      const sig = pieceSig(shown);
      if (!shown) continue;
      keep.add(t.id);
      let view = views.get(t.id);
      if (!view) {
        view = spare.pop() ?? newPieceView(kit);
        views.set(t.id, view);
        pieces.addChild(view.root);
      }
      view.root.visible = true;
      if (view.sig !== sig) {
        drawPieceView(kit, view, shown);
        view.sig = sig;
      }
      const home = homeOf(t.id);
      view.root.position.set(home.x, home.y);
    }
    for (const [id, view] of views) {
      if (keep.has(id)) continue;
      views.delete(id);
      view.root.visible = false;
      spare.push(view);
    }
  }

  /** Movable pieces ringed; the held or selected piece and its lit destinations marked: the geometry's marks. */
  function drawMarks(): void {
    marks.clear();
    if (!layout) return;
    const tokens = layout.geometry.marks;
    const held = state.phase === "pressed" || state.phase === "selected" ? state.from : null;
    if (!locked) {
      for (const id of movableSources(layout.moves)) {
        const ring = layout.byId.get(id)?.mark.ring;
        if (!ring) continue;
        marks
          .lineStyle(id === held ? 8 : 4, colourNumber(id === held ? tokens.selected : tokens.selectable), 1)
          .drawCircle(ring.centre.x, ring.centre.y, ring.r);
      }
    }
    for (const id of litOf(state)) {
      const t = layout.byId.get(id);
      if (!t) continue;
      // The window's mark (styles/board.css): the place outlined and washed in green, a tick at its foot.
      const wash = tokens.destinationWash;
      marks.lineStyle(6, colourNumber(tokens.destination), 1).beginFill(colourNumber(wash), colourAlpha(wash));
      if (t.cell) marks.drawPolygon(flat(t.cell.polygon));
      else if (t.point) marks.drawCircle(t.point.circle.centre.x, t.point.circle.centre.y, t.point.circle.r);
      else if (t.tray) marks.drawRoundedRect(t.tray.box.x, t.tray.box.y, t.tray.box.w, t.tray.box.h, 10);
      marks.endFill();
      const [first, ...rest] = t.mark.tick;
      if (!first) continue;
      marks.lineStyle(4, colourNumber(tokens.destinationTick), 1).moveTo(first.x, first.y);
      for (const p of rest) marks.lineTo(p.x, p.y);
    }
    marks.lineStyle(0);
  }

  function closePopup(): void {
    popup?.destroy({ children: true });
    popup = null;
  }

  /** The follow-up choices by the destination, and a cancel button. */
  function openPopup(to: string, choices: readonly { readonly id: string; readonly labelKey: string }[]): void {
    closePopup();
    const box = new PIXI.Container();
    const entries = [
      ...choices.map((c) => ({ id: c.id, label: options.localize(c.labelKey) })),
      { id: null, label: options.localize("CANTINA.Board.Cancel") },
    ];
    const title = text(options.localize("CANTINA.Board.Choose"), 18, colourNumber("canvas-dialog-ink"), true);
    const width = Math.max(200, title.width + 24, ...entries.map((e) => e.label.length * 11 + 32));
    const bg = new PIXI.Graphics();
    bg.lineStyle(3, INK, 1)
      .beginFill(colourNumber("canvas-dialog"), 0.95)
      .drawRoundedRect(0, 0, width, 40 + entries.length * 46, 10)
      .endFill();
    box.addChild(bg);
    title.position.set(width / 2, 20);
    box.addChild(title);
    entries.forEach((e, i) => {
      const button = new PIXI.Container();
      const shape = new PIXI.Graphics();
      shape
        .lineStyle(2, INK, 1)
        .beginFill(colourNumber(e.id === null ? "canvas-cancel" : "canvas-choice"), 1)
        .drawRoundedRect(0, 0, width - 20, 38, 8)
        .endFill();
      const label = text(e.label, 17, INK, true);
      label.position.set((width - 20) / 2, 19);
      button.addChild(shape, label);
      button.position.set(10, 40 + i * 46);
      button.eventMode = "static";
      button.cursor = "pointer";
      button.on("pointerdown", (ev: Pixi.FederatedPointerEvent) => {
        ev.stopPropagation();
        // As on the board: only the primary button chooses (a right-click pans Foundry's canvas).
        if (ev.button > 0) return;
        apply({ type: "choose", choice: e.id });
      });
      box.addChild(button);
    });
    const at = homeOf(to);
    const l = layout;
    const maxX = (l?.width ?? width) - width;
    const maxY = (l?.height ?? 0) - (40 + entries.length * 46);
    box.position.set(Math.max(0, Math.min(maxX, at.x + 30)), Math.max(0, Math.min(maxY, at.y - 20)));
    box.eventMode = "static";
    overlay.addChild(box);
    popup = box;
  }

  function showMessage(reason: string): void {
    message?.destroy({ children: true });
    const box = new PIXI.Container();
    const width = layout?.width ?? 400;
    const label = text(reason, 20, colourNumber("canvas-dialog-ink"), true);
    label.style.wordWrap = true;
    label.style.wordWrapWidth = width - 60;
    label.style.align = "center";
    const bg = new PIXI.Graphics();
    bg.lineStyle(3, colourNumber("canvas-refusal-edge"), 1)
      .beginFill(colourNumber("canvas-refusal"), 0.92)
      .drawRoundedRect(20, 0, width - 40, label.height + 20, 10)
      .endFill();
    label.position.set(width / 2, label.height / 2 + 10);
    box.addChild(bg, label);
    box.position.set(0, 10);
    overlay.addChild(box);
    message = box;
    messageLeft = MESSAGE_MS;
  }

  /** Runs one pointer event through the state machine and shows its result. */
  function apply(event: DragEvent): void {
    if (!layout) return;
    const before = state;
    const step = dragStep(state, event, layout.moves, locked);
    state = step.state;
    if (state.phase === "choosing") {
      if (before.phase !== "choosing") openPopup(state.to, state.choices);
    } else closePopup();
    const held = before.phase === "pressed" && before.dragging ? views.get(before.from) : undefined;
    if (state.phase === "pressed" && state.dragging) {
      const view = views.get(state.from);
      if (view) {
        pieces.addChild(view.root);
        view.root.position.set(pointer.x, pointer.y);
      }
    } else if (held && before.phase === "pressed") {
      // Dropped: on a move's destination the piece waits there, anywhere else it snaps back.
      const to = state.phase === "pending" || state.phase === "choosing" ? state.to : null;
      const at = to === null ? homeOf(before.from) : homeOf(to);
      held.root.position.set(at.x, at.y);
      if (to !== null) droppedAt = to;
    }
    if (before !== state) drawMarks();
    if (step.send) send(step.send);
  }

  function send(intent: CanvasMoveIntent): void {
    if (!intent.refused && state.phase !== "pending") droppedAt = null;
    options.onMove(intent);
  }

  function local(e: Pixi.FederatedPointerEvent): Point {
    const p = e.getLocalPosition(container);
    return { x: p.x, y: p.y };
  }

  container.on("pointerdown", (e: Pixi.FederatedPointerEvent) => {
    if (!layout || e.button > 0) return;
    pointer = local(e);
    apply({ type: "down", target: hitTest(layout, pointer.x, pointer.y)?.id ?? null, x: pointer.x, y: pointer.y });
  });
  container.on("globalpointermove", (e: Pixi.FederatedPointerEvent) => {
    if (state.phase !== "pressed") return;
    pointer = local(e);
    if (state.dragging) {
      views.get(state.from)?.root.position.set(pointer.x, pointer.y);
      return;
    }
    apply({ type: "move", x: pointer.x, y: pointer.y });
  });
  const release = (e: Pixi.FederatedPointerEvent): void => {
    if (!layout || state.phase !== "pressed") return;
    pointer = local(e);
    apply({ type: "up", target: hitTest(layout, pointer.x, pointer.y)?.id ?? null });
  };
  container.on("pointerup", release);
  container.on("pointerupoutside", release);

  const tick = (): void => {
    const ms = ticker.deltaMS;
    for (let i = tweens.length - 1; i >= 0; i--) {
      const tw = tweens[i] as Tween;
      tw.elapsed += ms;
      const k = Math.min(1, tw.elapsed / TWEEN_MS);
      const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      const at = pointAlong(tw.path, e);
      tw.view.root.position.set(at.x, at.y);
      if (k >= 1) tweens.splice(i, 1);
    }
    if (message) {
      messageLeft -= ms;
      if (messageLeft <= 0) {
        message.destroy({ children: true });
        message = null;
      }
    }
  };
  ticker.add(tick);

  const board: CanvasBoard = {
    container,
    get size() {
      return { width: layout?.width ?? 0, height: layout?.height ?? 0 };
    },
    update(next: BoardContext, opts: { readonly locked: boolean }): void {
      if (destroyed) return;
      const prev = layout;
      layout = layoutBoard(next);
      locked = opts.locked;
      state = dragStep(state, { type: "reset" }, layout.moves, locked).state;
      closePopup();
      container.hitArea = new PIXI.Rectangle(-8, -8, layout.width + 16, layout.height + 16);
      container.cursor = locked ? "default" : "pointer";
      ground.draw(layout);
      drawPieces(layout);
      drawMarks();
      // Each piece that moved slides from its old place (along its owner's track where it has one),
      // unless the viewer already dropped it there.
      for (const m of prev && !still ? movedPieces(prev, layout) : []) {
        const view = views.get(m.to);
        if (!view || m.to === droppedAt) continue;
        const from = prev?.byId.get(m.from);
        const owner = layout.byId.get(m.to)?.piece?.owner;
        if (!from || owner === undefined) continue;
        // The old place is where the piece was drawn before (the previous layout), the rest this one's.
        const path = [restingPoint(from), ...tweenPath(layout, owner, m.from, m.to).slice(1, -1), homeOf(m.to)];
        const start = path[0] as Point;
        view.root.position.set(start.x, start.y);
        const i = tweens.findIndex((tw) => tw.view === view);
        if (i >= 0) tweens.splice(i, 1);
        tweens.push({ view, path, elapsed: 0 });
      }
      droppedAt = null;
    },
    refuse(reason: string): void {
      if (destroyed) return;
      const from = state.phase === "pending" ? state.from : null;
      const to = state.phase === "pending" ? state.to : null;
      state = IDLE;
      closePopup();
      // The piece waiting on its destination goes home.
      if (from !== null && to !== null) {
        const view = views.get(from);
        const home = homeOf(from);
        view?.root.position.set(home.x, home.y);
      }
      droppedAt = null;
      drawMarks();
      if (reason !== "") showMessage(reason);
    },
    targets(): readonly CanvasTarget[] {
      if (!layout) return [];
      const movable = movableSources(layout.moves);
      const lit = new Set(litOf(state));
      return layout.targets.map((t) => {
        const home = homeOf(t.id);
        return {
          id: t.id,
          kind: t.type,
          x: home.x,
          y: home.y,
          owner: t.type === "tray" ? t.owner : (t.piece?.owner ?? null),
          movable: !locked && movable.has(t.id),
          lit: lit.has(t.id),
        };
      });
    },
    destroy(): void {
      if (destroyed) return;
      destroyed = true;
      ticker.remove(tick);
      container.destroy({ children: true });
      for (const view of spare) view.root.destroy({ children: true });
      kit.destroyTextures();
    },
  };
  return board;
}
