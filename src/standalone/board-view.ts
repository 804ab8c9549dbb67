/**
 * The standalone page's "board view": a table's board drawn on a PIXI canvas (pixi.js from npm, loaded
 * when first opened) beside its window, kept in sync with every update; moves go through the window's path.
 */
import type * as Pixi from "pixi.js";
import type { BoardContext } from "../apps/board/context";
import { createCanvasBoard } from "../apps/canvas/board-canvas";
import { boardDrawnFor } from "../apps/table/tables";
import { type CanvasBoard, type CanvasMoveIntent, canvasMoveData } from "../apps/canvas/contract";
import type { Localizer } from "../apps/core/i18n";
import type { TableUpdate } from "../table/protocol";
import { softwareWebGL } from "./webgl";
import { boardViewKeys, shapesOf } from "./board-view-hint";

/** What the page gives the board views: the board of a table for this tab's viewer, and the window's move path. */
export interface BoardViewHost {
  readonly i18n: Localizer;
  /** The table's board as this tab's viewer sees it now (null: the table is gone or has no board). */
  board(
    tableId: string,
  ): { readonly update: TableUpdate; readonly board: BoardContext; readonly locked: boolean } | null;
  /** Runs the game's action with this data as a window click would; resolves to the error shown ("" if none). */
  move(tableId: string, data: Record<string, string>): Promise<string>;
  /** The board view was closed (the window's toggle shows it). */
  closed(tableId: string): void;
}

interface OpenView {
  readonly tableId: string;
  readonly panel: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly app: Pixi.Application;
  readonly board: CanvasBoard;
  /** The canvas's width and height in CSS pixels. */
  readonly size: number;
  version: string;
  /** Drawn on demand: frames run until this time (ms), after an update, a press or a refusal. */
  awakeUntil: number;
  frame: number;
}

/** The largest canvas; a narrower column gets a smaller one (never scaled by CSS: pointers map 1:1). */
export const BOARD_VIEW_MAX_SIZE = 560;

export class BoardViews {
  private pixi: typeof Pixi | null = null;
  private readonly views = new Map<string, OpenView>();
  private readonly opening = new Set<string>();

  constructor(
    private readonly root: HTMLElement,
    private readonly host: BoardViewHost,
  ) {}

  isOpen(tableId: string): boolean {
    return this.views.has(tableId) || this.opening.has(tableId);
  }

  async toggle(tableId: string): Promise<void> {
    if (this.isOpen(tableId)) this.close(tableId);
    else await this.open(tableId);
  }

  async open(tableId: string): Promise<void> {
    if (this.isOpen(tableId)) return;
    this.opening.add(tableId);
    // The page loads PIXI only when someone opens a board view.
    this.pixi ??= await import("pixi.js");
    if (!this.opening.delete(tableId)) return; // closed while loading
    const PIXI = this.pixi;
    const i18n = this.host.i18n;
    const panel = document.createElement("section");
    panel.className = "cantina-board-view";
    panel.dataset.boardView = tableId;
    panel.setAttribute("aria-label", i18n.localize("CANTINA.BoardView.Title"));
    // In the page's flow right under the table's window, so that neither covers the other.
    const windowEl = this.root.querySelector<HTMLElement>(`[data-window="${CSS.escape(tableId)}"]`);
    const keys = boardViewKeys(shapesOf(windowEl?.querySelector("[data-board]") ?? null));
    panel.innerHTML = `
      <header class="cantina-board-view-bar">
        <span>${i18n.localize("CANTINA.BoardView.Title")}</span>
        <button type="button" data-board-view-close>${i18n.localize("CANTINA.BoardView.Close")}</button>
      </header>
      <p class="cantina-board-view-hint">${i18n.localize(keys.hint)}</p>`;
    const column = windowEl?.parentElement ?? this.root;
    const size = Math.max(240, Math.min(BOARD_VIEW_MAX_SIZE, column.clientWidth - 24));
    // Without a GPU a drag holds 60 frames a second only with no multisampling and one texture per batch.
    const software = softwareWebGL();
    if (software) PIXI.BatchRenderer.defaultMaxTextures = 1;
    const app = new PIXI.Application({
      width: size,
      height: size,
      backgroundAlpha: 0,
      antialias: !software,
      autoDensity: true,
      resolution: Math.min(2, globalThis.devicePixelRatio || 1),
      // No frame while nothing moves (a page may hold several boards): `wake` draws on demand.
      autoStart: false,
    });
    const canvas = app.view as HTMLCanvasElement;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", i18n.localize(keys.canvas));
    canvas.dataset.boardCanvas = tableId;
    panel.appendChild(canvas);
    const board = createCanvasBoard({
      pixi: PIXI,
      localize: (key, data) => (data ? i18n.format(key, data) : i18n.localize(key)),
      onMove: (intent) => void this.send(tableId, intent),
    });
    app.stage.addChild(board.container);
    panel.querySelector("[data-board-view-close]")?.addEventListener("click", () => this.close(tableId));
    panel.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") this.close(tableId);
    });
    // Lit destinations change on a press: the published targets follow (PIXI's own listeners run first).
    for (const type of ["pointerdown", "pointerup"])
      canvas.addEventListener(type, () => {
        this.publishById(tableId);
        this.wakeById(tableId, 400);
      });
    canvas.addEventListener("pointermove", () => this.wakeById(tableId, 400));
    if (windowEl) windowEl.after(panel);
    else this.root.appendChild(panel);
    const view: OpenView = { tableId, panel, canvas, app, board, size, version: "", awakeUntil: 0, frame: 0 };
    this.views.set(tableId, view);
    this.sync();
    panel.querySelector<HTMLElement>("[data-board-view-close]")?.focus();
  }

  close(tableId: string): void {
    this.opening.delete(tableId);
    const view = this.views.get(tableId);
    if (!view) return;
    this.views.delete(tableId);
    if (view.frame) cancelAnimationFrame(view.frame);
    view.board.destroy();
    view.app.destroy(true);
    view.panel.remove();
    this.host.closed(tableId);
  }

  /** Draws every open board view whose table changed; closes those whose table is gone. */
  sync(): void {
    for (const view of [...this.views.values()]) {
      const now = this.host.board(view.tableId);
      if (!now) {
        this.close(view.tableId);
        continue;
      }
      const version = boardDrawnFor(now.update, now.locked);
      if (version === view.version) continue;
      view.version = version;
      view.board.update(now.board, { locked: now.locked });
      this.fit(view);
      this.wake(view, 600);
    }
  }

  /** Scales the board into the canvas and publishes where its targets are, in page pixels (tests drag by them). */
  private fit(view: OpenView): void {
    const { width, height } = view.board.size;
    const pad = 16;
    const scale = Math.min((view.size - 2 * pad) / Math.max(1, width), (view.size - 2 * pad) / Math.max(1, height));
    view.board.container.scale.set(scale);
    view.board.container.position.set((view.size - width * scale) / 2, (view.size - height * scale) / 2);
    this.publish(view);
  }

  /** Draws frames for the next `ms` milliseconds (tweens, a drag, a message fading). */
  private wake(view: OpenView, ms: number): void {
    view.awakeUntil = Math.max(view.awakeUntil, performance.now() + ms);
    if (view.frame) return;
    const loop = (): void => {
      view.app.render();
      view.frame =
        performance.now() < view.awakeUntil && this.views.get(view.tableId) === view ? requestAnimationFrame(loop) : 0;
    };
    view.frame = requestAnimationFrame(loop);
  }

  private wakeById(tableId: string, ms: number): void {
    const view = this.views.get(tableId);
    if (view) this.wake(view, ms);
  }

  private publishById(tableId: string): void {
    const view = this.views.get(tableId);
    if (view) this.publish(view);
  }

  private publish(view: OpenView): void {
    const container = view.board.container;
    const targets = view.board.targets().map((t) => {
      const p = container.toGlobal({ x: t.x, y: t.y });
      return { ...t, x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 };
    });
    view.canvas.dataset.targets = JSON.stringify(targets);
  }

  private async send(tableId: string, intent: CanvasMoveIntent): Promise<void> {
    const error = await this.host.move(tableId, canvasMoveData(intent));
    const view = this.views.get(tableId);
    if (!view) return;
    if (error) view.board.refuse(error);
    else if (intent.refused) view.board.refuse("");
    this.publish(view);
    // A refusal's reason shows for a few seconds, then fades: frames until it is gone.
    this.wake(view, error ? 4500 : 400);
  }
}
