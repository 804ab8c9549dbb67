/**
 * The standalone page's "board view": a table's board drawn on a PIXI canvas (pixi.js from npm, loaded
 * when first opened) beside its window, kept in sync with every update; moves go through the window's path.
 */
import type * as Pixi from "pixi.js";
import type { BoardContext } from "../apps/board/context";
import { createCanvasBoard } from "../apps/canvas/board-canvas";
import { type CanvasBoard, type CanvasMoveIntent, canvasMoveData } from "../apps/canvas/contract";
import type { Localizer } from "../apps/core/i18n";
import type { TableUpdate } from "../table/protocol";

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
  version: string;
}

const WIDTH = 560;
const HEIGHT = 560;

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
    panel.innerHTML = `
      <header class="cantina-board-view-bar">
        <span>${i18n.localize("CANTINA.BoardView.Title")}</span>
        <button type="button" data-board-view-close>${i18n.localize("CANTINA.BoardView.Close")}</button>
      </header>
      <p class="cantina-board-view-hint">${i18n.localize("CANTINA.BoardView.Hint")}</p>`;
    const app = new PIXI.Application({
      width: WIDTH,
      height: HEIGHT,
      backgroundAlpha: 0,
      antialias: true,
      autoDensity: true,
      resolution: Math.min(2, globalThis.devicePixelRatio || 1),
    });
    const canvas = app.view as HTMLCanvasElement;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", i18n.localize("CANTINA.BoardView.Canvas"));
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
    for (const type of ["pointerdown", "pointerup"]) canvas.addEventListener(type, () => this.publishById(tableId));
    this.root.appendChild(panel);
    const view: OpenView = { tableId, panel, canvas, app, board, version: "" };
    this.views.set(tableId, view);
    this.sync();
    panel.querySelector<HTMLElement>("[data-board-view-close]")?.focus();
  }

  close(tableId: string): void {
    this.opening.delete(tableId);
    const view = this.views.get(tableId);
    if (!view) return;
    this.views.delete(tableId);
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
      const version = `${now.update.table.version}|${now.locked}`;
      if (version === view.version) continue;
      view.version = version;
      view.board.update(now.board, { locked: now.locked });
      this.fit(view);
    }
  }

  /** Scales the board into the canvas and publishes where its targets are, in page pixels (tests drag by them). */
  private fit(view: OpenView): void {
    const { width, height } = view.board.size;
    const pad = 16;
    const scale = Math.min((WIDTH - 2 * pad) / Math.max(1, width), (HEIGHT - 2 * pad) / Math.max(1, height));
    view.board.container.scale.set(scale);
    view.board.container.position.set((WIDTH - width * scale) / 2, (HEIGHT - height * scale) / 2);
    this.publish(view);
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
  }
}
