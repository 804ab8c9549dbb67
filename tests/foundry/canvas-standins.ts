/**
 * Stand-ins for Foundry's canvas side, unkind where Foundry is: a Scene's flags live on a fake
 * server; a GM's setFlag/unsetFlag reaches every client's copy later, through that client's
 * `updateScene` hook (a player's write is refused, as Foundry's server refuses it); a scene switch
 * calls `canvasTearDown`, then destroys every child of the interface group (v13 CanvasGroupMixin's
 * `tearDownChildren`), then `canvasReady` with the new scene. PIXI is a small Container; the canvas
 * board is a fake that records what the host hands it.
 */
import type { BoardContext } from "../../src/apps/board/context";
import type { CanvasBoard, CanvasBoardOptions, CanvasTarget, PixiNamespace } from "../../src/apps/canvas/contract";
import type { CanvasLike, SceneLike } from "../../src/foundry/scene-boards";
import type { FakeWorld } from "./standins";

export class FakeContainer {
  children: FakeContainer[] = [];
  parent: FakeContainer | null = null;
  destroyed = false;
  zIndex = 0;
  angle = 0;
  visible = true;
  /** PIXI 7's default: not interactive itself, its children tested with their own mode. */
  eventMode = "auto";
  interactiveChildren = true;
  renderable = true;
  /** Children ordered by zIndex (PIXI sorts them before a render; the hit test walks them sorted). */
  sortableChildren = false;
  /** A shape in this object's own coordinates: a hit inside it tests the object itself, outside prunes it. */
  hitArea: { contains(x: number, y: number): boolean } | null = null;
  cursor = "";
  accessibleTitle = "";
  private readonly handlers = new Map<string, ((event: unknown) => void)[]>();

  on(name: string, fn: (event: unknown) => void): this {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }

  /** PIXI's federated event as the stand-in delivers it: to this object's own listeners. */
  emit(name: string, event: unknown): void {
    for (const fn of this.handlers.get(name) ?? []) fn(event);
  }

  removeAllListeners(): void {
    this.handlers.clear();
  }

  listenerCount(): number {
    return [...this.handlers.values()].reduce((n, l) => n + l.length, 0);
  }
  readonly position = { x: 0, y: 0, set: (x: number, y: number) => Object.assign(this.position, { x, y }) };
  readonly scale = {
    x: 1,
    y: 1,
    set: (x: number, y: number = x) => Object.assign(this.scale, { x, y }),
  };
  readonly pivot = { x: 0, y: 0, set: (x: number, y: number) => Object.assign(this.pivot, { x, y }) };

  addChild(child: FakeContainer): FakeContainer {
    if (this.destroyed) throw new Error("addChild on a destroyed container");
    child.parent?.removeChild(child);
    child.parent = this;
    this.children.push(child);
    return child;
  }

  removeChild(child: FakeContainer): FakeContainer {
    this.children = this.children.filter((c) => c !== child);
    if (child.parent === this) child.parent = null;
    return child;
  }

  destroy(options?: { children?: boolean }): void {
    if (this.destroyed) throw new Error("destroyed twice");
    this.parent?.removeChild(this);
    if (options?.children) for (const c of [...this.children]) if (!c.destroyed) c.destroy({ children: true });
    this.destroyed = true;
  }
}

/** PIXI.Graphics: the drawing calls chain; its rectangles are what `containsPoint` hits (PIXI's geometry test). */
export class FakeGraphics extends FakeContainer {
  private readonly rects: FakeRectangle[] = [];
  containsPoint(local: { readonly x: number; readonly y: number }): boolean {
    return this.rects.some((r) => r.contains(local.x, local.y));
  }
  beginFill(): this {
    return this;
  }
  lineStyle(): this {
    return this;
  }
  drawRect(x: number, y: number, width: number, height: number): this {
    this.rects.push(new FakeRectangle(x, y, width, height));
    return this;
  }
  endFill(): this {
    return this;
  }
}

/** PIXI.Rectangle's `contains`: left and top edges in, right and bottom out. */
export class FakeRectangle {
  constructor(
    readonly x: number,
    readonly y: number,
    readonly width: number,
    readonly height: number,
  ) {}
  contains(x: number, y: number): boolean {
    return x >= this.x && x < this.x + this.width && y >= this.y && y < this.y + this.height;
  }
}

export const fakePixi = {
  Container: FakeContainer,
  Graphics: FakeGraphics,
  Rectangle: FakeRectangle,
} as unknown as PixiNamespace;

/** A pointer event at `scene` (scene pixels, the boards' root) and `inFrame` (the board's frame). */
export function pointerAt(
  root: FakeContainer,
  scene: { x: number; y: number },
  inFrame: { x: number; y: number } = scene,
): { stopped: boolean; stopPropagation(): void; getLocalPosition(target: FakeContainer): { x: number; y: number } } {
  const event = {
    stopped: false,
    stopPropagation: () => {
      event.stopped = true;
    },
    getLocalPosition: (target: FakeContainer) => (target === root ? scene : inFrame),
  };
  return event;
}

/** Foundry's Hooks on one client: `on` returns an id, `off` takes it; `call` and `callAll` as Foundry's. */
export class FakeHooks {
  private next = 1;
  private readonly listeners = new Map<string, Map<number, (...args: unknown[]) => unknown>>();

  on(name: string, fn: (...args: never[]) => unknown): number {
    const id = this.next++;
    if (!this.listeners.has(name)) this.listeners.set(name, new Map());
    // A listener takes what its hook passes (Foundry's hooks are as loosely typed at run time).
    this.listeners.get(name)!.set(id, fn as (...args: unknown[]) => unknown);
    return id;
  }

  off(name: string, id: number): void {
    this.listeners.get(name)?.delete(id);
  }

  /** Hooks.callAll: every listener runs, whatever it returns. */
  callAll(name: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(name)?.values() ?? [])]) fn(...args);
  }

  /** Hooks.call (how v13 fires `canvasReady`): a listener returning false stops the rest; returns false then. */
  call(name: string, ...args: unknown[]): boolean {
    for (const fn of [...(this.listeners.get(name)?.values() ?? [])]) if (fn(...args) === false) return false;
    return true;
  }

  count(name: string): number {
    return this.listeners.get(name)?.size ?? 0;
  }
}

/** A board the host drew: every update, refusal and the destroy, and its `onMove` to play through. */
export interface FakeBoard extends CanvasBoard {
  readonly options: CanvasBoardOptions;
  readonly updates: { readonly board: BoardContext; readonly locked: boolean }[];
  readonly refusals: string[];
  destroyed: boolean;
}

export function fakeBoardFactory(): { create: (options: CanvasBoardOptions) => CanvasBoard; made: FakeBoard[] } {
  const made: FakeBoard[] = [];
  const create = (options: CanvasBoardOptions): CanvasBoard => {
    const container = new FakeContainer();
    // As the canvas renderer's (src/apps/canvas/board-canvas.ts): static, a hit area over the whole board.
    container.eventMode = "static";
    const board: FakeBoard = {
      options,
      updates: [],
      refusals: [],
      destroyed: false,
      container: container as unknown as CanvasBoard["container"],
      size: { width: 800, height: 400 },
      update(context, o) {
        if (board.destroyed) throw new Error("update after destroy");
        board.updates.push({ board: context, locked: o.locked });
        container.hitArea = new FakeRectangle(-8, -8, board.size.width + 16, board.size.height + 16);
      },
      refuse(reason) {
        if (board.destroyed) throw new Error("refuse after destroy");
        board.refusals.push(reason);
      },
      targets: (): CanvasTarget[] => [],
      destroy() {
        if (board.destroyed) throw new Error("destroyed twice");
        board.destroyed = true;
        if (!container.destroyed) container.destroy({ children: true });
      },
    };
    made.push(board);
    return board;
  };
  return { create, made };
}

interface StoredScene {
  readonly id: string;
  flags: Record<string, Record<string, unknown>>;
}

/** One client's copy of a Scene document. */
export interface ClientScene extends SceneLike {
  readonly id: string;
  flags: Record<string, Record<string, unknown>>;
}

/** One client's canvas: its hooks, its interface group and the scene it views. */
export interface ClientCanvas extends CanvasLike {
  scene: ClientScene | null;
  readonly interface: FakeContainer & CanvasLike["interface"];
  ready: boolean;
  readonly hooks: FakeHooks;
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** v13's interface group (CanvasGroupMixin): its layers and the module's containers sorted by zIndex. */
function interfaceGroup(): FakeContainer {
  const group = new FakeContainer();
  group.sortableChildren = true;
  return group;
}

const DIMENSIONS = { sceneX: 500, sceneY: 300, sceneWidth: 3000, sceneHeight: 2000 };

/**
 * The server's scenes and every client's canvas. `delayMs`: how late an accepted update reaches a
 * client (the writer's own copy is updated before its setFlag resolves; the others' ten times later,
 * so that a busy test worker's await chain does not outrun them).
 */
export function sceneServer(world: FakeWorld, sceneIds: readonly string[], delayMs = 5) {
  const scenes = new Map<string, StoredScene>(sceneIds.map((id) => [id, { id, flags: {} }]));
  const canvases = new Map<string, ClientCanvas>();
  const writes: { readonly user: string; readonly change: unknown }[] = [];
  let inFlight: Promise<void>[] = [];

  const deliver = (userId: string, sceneId: string, change: Record<string, unknown>, late: boolean): Promise<void> =>
    new Promise<void>((resolve) =>
      setTimeout(
        () => {
          const c = canvases.get(userId);
          const stored = scenes.get(sceneId)!;
          // Every client's copy of the scene (viewed or not) follows the server; the hook fires on each.
          if (c?.scene?.id === sceneId) {
            c.scene.flags = copy(stored.flags);
            c.hooks.callAll("updateScene", c.scene, copy(change), {}, userId);
          }
          resolve();
        },
        late ? delayMs * 10 : delayMs,
      ),
    );

  const update = async (writer: string, sceneId: string, apply: (s: StoredScene) => Record<string, unknown>) => {
    const user = world.users.find((u) => u.id === writer);
    // Foundry's server: only a user allowed to update the Scene (a GM) may write its flags.
    if (!user?.isGM) throw new Error(`User ${writer} lacks permission to update Scene [${sceneId}]`);
    const change = apply(scenes.get(sceneId)!);
    writes.push({ user: writer, change: copy(change) });
    const others = [...canvases.keys()].filter((u) => u !== writer);
    const late = others.map((u) => deliver(u, sceneId, change, true));
    inFlight.push(...late);
    await deliver(writer, sceneId, change, false);
  };

  const clientScene = (userId: string, sceneId: string): ClientScene => {
    const scene: ClientScene = {
      id: sceneId,
      flags: copy(scenes.get(sceneId)!.flags),
      dimensions: DIMENSIONS,
      setFlag: (scope, key, value) =>
        update(userId, sceneId, (s) => {
          s.flags[scope] = { ...(s.flags[scope] ?? {}), [key]: copy(value) };
          return { flags: { [scope]: { [key]: copy(value) } } };
        }),
      unsetFlag: (scope, key) =>
        update(userId, sceneId, (s) => {
          const { [key]: _gone, ...rest } = s.flags[scope] ?? {};
          s.flags[scope] = rest;
          return { flags: { [scope]: { [`-=${key}`]: null } } };
        }),
    };
    return scene;
  };

  return {
    writes,
    flags: (sceneId: string) => scenes.get(sceneId)!.flags,
    /** A client's canvas, first drawn on `sceneId` (its canvasReady is called by `ready`). */
    canvasFor(userId: string, sceneId: string): ClientCanvas {
      const c: ClientCanvas = {
        scene: clientScene(userId, sceneId),
        interface: interfaceGroup() as ClientCanvas["interface"],
        ready: false,
        hooks: new FakeHooks(),
      };
      canvases.set(userId, c);
      return c;
    },
    ready(userId: string): void {
      const c = canvases.get(userId)!;
      c.ready = true;
      c.hooks.call("canvasReady", c);
    },
    /** The user views another scene: tear-down, the group's children destroyed, then ready on the new scene. */
    view(userId: string, sceneId: string): void {
      const c = canvases.get(userId)!;
      c.hooks.callAll("canvasTearDown", c);
      for (const child of [...c.interface.children]) if (!child.destroyed) child.destroy({ children: true });
      c.ready = false;
      c.scene = clientScene(userId, sceneId);
      c.ready = true;
      c.hooks.call("canvasReady", c);
    },
    /** Waits until every update under way reached every client. */
    async delivered(): Promise<void> {
      while (inFlight.length > 0) {
        const now = inFlight;
        inFlight = [];
        await Promise.all(now);
      }
    },
  };
}
