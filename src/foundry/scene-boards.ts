/**
 * Boards on the scene (issue 15; docs/foundry.md, "Boards on the scene"): a running board-game table
 * the GM placed on a scene (a Scene flag) drawn in `canvas.interface` from this user's own updates.
 */
import type { CanvasBoard, CanvasBoardOptions, CanvasMoveIntent, PixiNamespace } from "../apps/canvas/contract";
import { canvasMoveData } from "../apps/canvas/contract";
import { TableController, type TableSender } from "../apps/table/controller";
import { boardDrawnFor } from "../apps/table/tables";
import { apps } from "../games";
import type { BoardContext } from "../apps/board/context";
import { type Result, refuse, succeed } from "../rules/core";
import { Errors, type TableUpdate } from "../table/protocol";
import type * as Pixi from "pixi.js";
import { MODULE_ID } from "./api";
import { SceneErrors } from "./errors";
import { type BoardHandles, createHandles } from "./scene-handles";
import * as env from "./env";
import {
  type ScenePlacement,
  type SceneRect,
  boardFlagKey,
  defaultPlacement,
  isPlaceableId,
  readPlacements,
  storedPlacement,
  withChange,
} from "./scene-placement";

/** What the scene boards read from the runtime: this user's TableClient (its latest updates, its moves). */
export interface BoardSource {
  readonly client: (TableSender & { readonly tables: ReadonlyMap<string, TableUpdate> }) | null;
}

/** The part of a Scene document the boards use (v13 `Scene`: id, flags, dimensions, setFlag, unsetFlag). */
export interface SceneLike {
  readonly id: string | null;
  readonly flags: unknown;
  readonly dimensions: SceneRect;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
  unsetFlag(scope: string, key: string): Promise<unknown>;
}

/** The canvas as the boards see it: the viewed scene and the interface group they draw in. */
export interface CanvasLike {
  readonly scene: SceneLike | null;
  readonly interface: { addChild(child: never): unknown; removeChild(child: never): unknown } | undefined;
}

/**
 * The boards' place among the interface group's layers (v13 types: tokens 200, tiles 300, templates
 * 400, drawings 500, notes 800, lighting and sounds 900, controls 1000): above every layer's
 * placeables, so the pieces take the pointer, and below the controls layer (rulers, cursors, pings).
 */
export const BOARDS_Z_INDEX = 950;

/** A table's board (its own viewer's drawing) if its game draws on a board: the games' `boardContext` hook. */
export function viewerBoard(update: TableUpdate, kept?: Readonly<Record<string, string>>): BoardContext | null {
  return apps[update.table.gameId]?.boardContext?.(update, kept) ?? null;
}

interface Shown {
  placement: ScenePlacement;
  readonly board: CanvasBoard;
  /** Placed, turned and sized by the host; holds the renderer's container. */
  readonly frame: Pixi.Container;
  /** What the board was last drawn from: the table version, the lock and the pause. */
  drawn: string;
  /** The GM's move and size handles (null for a player). */
  readonly handles: BoardHandles | null;
  /** Where the GM's handle drag shows the board until its drop is written (null: no drag). */
  previewing: ScenePlacement | null;
}

export class SceneBoards {
  private view: CanvasLike | null = null;
  /** The Cantina board tool is on: only then do the boards take the pointer (else the layers under them do). */
  private playing = false;
  private root: Pixi.Container | null = null;
  private readonly shown = new Map<string, Shown>();
  private readonly controller: TableController;
  /**
   * Writes a GM's change to a placement (the handles' drop): ScenePlacements.change, set by main.ts.
   * Null: no handles.
   */
  editor: ((tableId: string, change: Partial<Omit<ScenePlacement, "tableId">>) => Promise<Result>) | null = null;
  /**
   * The form fields of the table's open window (the facing a Defiance counter is placed with), read
   * as a click in that window would: WindowManager.fields, set by main.ts. {}: the game's defaults.
   */
  fields: (tableId: string) => Readonly<Record<string, string>> = () => ({});
  /** Called when the viewed scene's placements may have changed (the GM's window redraws its controls). */
  onPlacements: () => void = () => undefined;
  /** The latest canvas move's work (its request and the refusal), for whoever waits for it (tests). */
  lastMove: Promise<void> = Promise.resolve();
  /** The latest handle drop's write, for whoever waits for it (tests). */
  lastEdit: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: BoardSource,
    private readonly pixi: PixiNamespace,
    private readonly createBoard: (options: CanvasBoardOptions) => CanvasBoard,
    /** The canvas's own ticker for the boards' tweens (Foundry's `canvas.app.ticker`), if any. */
    private readonly ticker: () => CanvasBoardOptions["ticker"] = () => undefined,
  ) {
    this.controller = new TableController(
      () => this.source.client,
      { localize: env.localize, format: env.format },
      (id) => apps[id],
    );
  }

  /** The table ids with a board on the canvas now. */
  get tableIds(): string[] {
    return [...this.shown.keys()];
  }

  board(tableId: string): CanvasBoard | null {
    return this.shown.get(tableId)?.board ?? null;
  }

  /** canvasReady: a container in the interface group, then a board per placement of the viewed scene. */
  attach(view: CanvasLike): void {
    this.detach();
    if (!view.interface) return;
    const root = new this.pixi.Container();
    root.zIndex = BOARDS_Z_INDEX;
    // Above the active layer, whose hit area is the whole canvas: hit-tested only while the tool is on.
    root.eventMode = "passive";
    root.interactiveChildren = this.playing;
    view.interface.addChild(root as never);
    this.view = view;
    this.root = root;
    this.sync();
    this.onPlacements();
  }

  /** The board tool (Token controls) turned on or off: the boards take the pointer, or let it through. */
  setPlaying(on: boolean): void {
    this.playing = on;
    if (this.root) this.root.interactiveChildren = on;
  }

  /** canvasTearDown (a scene switch, the canvas going away): every board destroyed, the container removed. */
  detach(): void {
    for (const id of [...this.shown.keys()]) this.remove(id);
    const root = this.root;
    if (root && !root.destroyed) {
      this.view?.interface?.removeChild(root as never);
      root.destroy({ children: true });
    }
    this.root = null;
    this.view = null;
  }

  /** updateScene: the viewed scene's placements changed (the GM placed, moved, locked or removed a board). */
  sceneUpdated(scene: { readonly id: string | null }, change: unknown): void {
    if (!this.view?.scene || scene.id !== this.view.scene.id) return;
    const flags = (change as { flags?: Record<string, unknown> } | null)?.flags;
    if (!flags || !(MODULE_ID in flags)) return;
    this.sync();
    this.onPlacements();
  }

  /** The runtime's change (RuntimeView): a new update for some table. */
  changed(): void {
    this.sync();
  }

  /** Brings the boards in line with the viewed scene's placements and this user's latest updates. */
  private sync(): void {
    const scene = this.view?.scene;
    const placements = scene ? readPlacements(moduleFlags(scene)) : new Map<string, ScenePlacement>();
    for (const id of [...this.shown.keys()]) if (!placements.has(id)) this.remove(id);
    for (const placement of placements.values()) {
      const update = this.source.client?.tables.get(placement.tableId);
      // The table ended or is gone (or is no board game): its board goes; the GM's flag stays until removed.
      if (!update || update.table.over || !apps[update.table.gameId]?.boardContext) this.remove(placement.tableId);
      else this.show(placement, update);
    }
  }

  private show(placement: ScenePlacement, update: TableUpdate): void {
    const tableId = placement.tableId;
    // A pause draws the board again too: while paused it offers no move (src/apps/core/turn.ts).
    const drawn = boardDrawnFor(update, placement.locked);
    const existing = this.shown.get(tableId);
    // The board is worked out only when there is something new to draw (the runtime calls on every change).
    const context = existing?.drawn === drawn ? null : viewerBoard(update, this.controller.kept(update.table.id));
    if (existing?.drawn !== drawn && !context) return this.remove(tableId);
    let shown = existing;
    if (!shown) {
      const root = this.root;
      if (!root) return;
      const ticker = this.ticker();
      const board = this.createBoard({
        pixi: this.pixi,
        localize: (key, data) => (data ? env.format(key, data) : env.localize(key)),
        onMove: (intent) => {
          this.lastMove = this.move(tableId, intent);
        },
        ...(ticker ? { ticker } : {}),
      });
      const frame = new this.pixi.Container();
      // A primary press on the board is the board's: it does not reach Foundry's stage (token
      // deselection, drag-select); a right-drag still pans the canvas.
      frame.eventMode = "static";
      frame.on("pointerdown", (event) => {
        if (event.button === 0) event.stopPropagation();
      });
      frame.addChild(board.container);
      root.addChild(frame);
      const handles = this.handlesFor(tableId, root, frame);
      shown = { placement, board, frame, drawn: "", handles, previewing: null };
      this.shown.set(tableId, shown);
    }
    shown.placement = placement;
    // A locked board, like a locked tile, lets every press through to what is under it.
    shown.frame.interactiveChildren = !placement.locked;
    if (context) {
      shown.drawn = drawn;
      shown.board.update(context, { locked: placement.locked });
    }
    this.place(shown);
  }

  /** The GM's handles: a drag previews here, the drop writes the flag (a refusal puts the board back). */
  private handlesFor(tableId: string, root: Pixi.Container, frame: Pixi.Container): BoardHandles | null {
    const editor = this.editor;
    if (!editor || !env.amGM()) return null;
    const current = (): Shown | undefined => this.shown.get(tableId);
    return createHandles(this.pixi, root, frame, {
      title: env.localize("CANTINA.Scene.Handle"),
      preview: (change) => {
        const shown = current();
        if (!shown) return;
        shown.previewing = withChange(shown.placement, change);
        this.place(shown);
      },
      commit: (change) => {
        this.lastEdit = editor(tableId, change).then((written) => {
          const shown = current();
          if (!shown) return;
          // Written: shown as written until the flag comes back; refused: back where it was.
          if (written.ok) shown.placement = withChange(shown.placement, change);
          shown.previewing = null;
          this.place(shown);
        });
      },
    });
  }

  /**
   * Like a tile: the board's centre at (x, y), `width` scene pixels wide, turned by `rotation`
   * degrees; where the GM's drag holds it while one is under way (a table update does not undo it).
   */
  private place(shown: Shown): void {
    const placement = shown.previewing ?? shown.placement;
    const { board, frame } = shown;
    const size = board.size;
    const inner = board.container;
    const scale = size.width > 0 ? placement.width / size.width : 1;
    inner.pivot.set(size.width / 2, size.height / 2);
    inner.scale.set(scale, scale);
    frame.position.set(placement.x, placement.y);
    frame.angle = placement.rotation;
    shown.handles?.layout(placement.width / 2, (size.height * scale) / 2, !placement.locked);
  }

  private remove(tableId: string): void {
    const shown = this.shown.get(tableId);
    if (!shown) return;
    this.shown.delete(tableId);
    shown.handles?.destroy();
    shown.board.destroy();
    if (!shown.frame.destroyed) {
      this.root?.removeChild(shown.frame);
      shown.frame.destroy({ children: true });
    }
  }

  /** A move made on the canvas: the window's own path (the game's "board-move" action, then the host). */
  private async move(tableId: string, intent: CanvasMoveIntent): Promise<void> {
    const shown = this.shown.get(tableId);
    const update = this.source.client?.tables.get(tableId);
    if (!shown || !update) return;
    const refuse = (reason: string): void => {
      if (this.shown.get(tableId)?.board === shown.board && reason) shown.board.refuse(reason);
    };
    if (shown.placement.locked) return refuse(env.localize(SceneErrors.locked));
    const data = canvasMoveData(intent);
    if (!this.controller.handles(update, data.action ?? "")) return refuse(env.localize(Errors.failed));
    refuse(await this.controller.action(update, data.action ?? "", { data, fields: this.fields(tableId) }));
  }
}

function moduleFlags(scene: SceneLike): unknown {
  const flags = scene.flags;
  return typeof flags === "object" && flags !== null ? (flags as Record<string, unknown>)[MODULE_ID] : undefined;
}

/** The scene the canvas shows, as the boards see it (null: no canvas, or a blank one). */
export function viewedScene(): SceneLike | null {
  // Read off globalThis: a client without a canvas (or a test without one) has no such global.
  const view = (globalThis as { canvas?: { readonly scene?: unknown } }).canvas;
  return (view?.scene as SceneLike | null | undefined) ?? null;
}

/** The placement of a table on a scene, if it has one. */
export function placementOn(scene: SceneLike | null, tableId: string): ScenePlacement | null {
  return scene ? (readPlacements(moduleFlags(scene)).get(tableId) ?? null) : null;
}

/** A placement operation that wrote its flag, or had nothing to write. */
const DONE: Result = succeed({});

/**
 * The GM's operations on a table's board on the viewed scene. Each resolves to ok when the flag was
 * written (or there was nothing to write), else to a refusal with its `SceneErrors` code, said at
 * once as a warning: only a GM writes placements. The caller shows the refusal's text where it was asked.
 */
export class ScenePlacements {
  constructor(
    private readonly source: BoardSource,
    private readonly scene: () => SceneLike | null = viewedScene,
  ) {}

  /** Puts a running board-game table on the viewed scene, at its centre (a board already there stays where it is). */
  async place(tableId: string): Promise<Result> {
    const checked = this.check(tableId);
    if (!checked.ok) return checked;
    const update = this.source.client?.tables.get(tableId);
    if (!update || update.table.over || !viewerBoard(update)) return warned(SceneErrors.notBoard);
    if (placementOn(checked.scene, tableId)) return DONE;
    return this.write(checked.scene, defaultPlacement(tableId, checked.scene.dimensions));
  }

  /** Moves, sizes, turns, locks or unlocks a placed board. */
  async change(tableId: string, change: Partial<Omit<ScenePlacement, "tableId">>): Promise<Result> {
    const checked = this.check(tableId);
    if (!checked.ok) return checked;
    const current = placementOn(checked.scene, tableId);
    if (!current) return warned(SceneErrors.notPlaced);
    return this.write(checked.scene, withChange(current, change));
  }

  /** Takes a table's board off the viewed scene (the table plays on in its window). */
  async remove(tableId: string): Promise<Result> {
    const checked = this.check(tableId);
    if (!checked.ok) return checked;
    if (!placementOn(checked.scene, tableId)) return DONE;
    try {
      await checked.scene.unsetFlag(MODULE_ID, boardFlagKey(tableId));
      return DONE;
    } catch (error) {
      console.error(`${MODULE_ID} | could not remove the board from the scene`, error);
      return warned(SceneErrors.writeFailed);
    }
  }

  private check(tableId: string): Result<{ scene: SceneLike }> {
    if (!env.amGM()) return warned(SceneErrors.gmOnly);
    const scene = this.scene();
    if (!scene) return warned(SceneErrors.noScene);
    if (!isPlaceableId(tableId)) return warned(SceneErrors.notBoard);
    return succeed({ scene });
  }

  private async write(scene: SceneLike, placement: ScenePlacement): Promise<Result> {
    try {
      await scene.setFlag(MODULE_ID, boardFlagKey(placement.tableId), storedPlacement(placement));
      return DONE;
    } catch (error) {
      console.error(`${MODULE_ID} | could not write the board's placement`, error);
      return warned(SceneErrors.writeFailed);
    }
  }
}

/** A refusal with its code, told to the GM at once as a warning (Foundry localizes the notification). */
function warned(code: string): Result<never> {
  env.notify("warn", code);
  return refuse(code);
}
