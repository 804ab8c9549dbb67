/**
 * Foundry's scene canvas, for a Foundry stand-in page (passed to Playwright's addInitScript after
 * foundry-harness.ts and pixi.js's own UMD build, which gives the page its global `PIXI` 7 as Foundry
 * v13 does). What it models of v13: `canvas.app` a PIXI.Application drawing every frame on its own
 * ticker (`canvas.app.ticker`), `canvas.interface` a sortable group on its stage, `canvas.scene` the
 * viewed Scene (flags, `dimensions`), and `canvas.ready`, false until `window.__canvasReady()` fires
 * `canvasReady` after the module's `ready`, as Foundry draws its canvas after it. `Scene#setFlag` and
 * `unsetFlag` resolve once the change is stored and fire `updateScene` on a later task with the
 * changed data (`{ flags: { scope: { key } } }`; Foundry's server echoes an update to its writer too),
 * never at once. One client only: a page whose GM places and watches the board.
 */
export function installFoundryCanvas(): void {
  const w = window as unknown as Record<string, unknown>;
  type Container = { addChild(c: unknown): unknown; sortableChildren: boolean };
  const PIXI = w.PIXI as {
    Application: new (o: object) => { stage: Container; ticker: unknown; view: HTMLCanvasElement };
    Container: new () => Container;
  };
  const hooks = () => w.Hooks as { callAll(name: string, ...args: unknown[]): boolean };
  const app = new PIXI.Application({ width: 1000, height: 700, backgroundAlpha: 0, antialias: false });
  const group = new PIXI.Container();
  group.sortableChildren = true;
  app.stage.addChild(group);
  const flags: Record<string, Record<string, unknown>> = {};
  const scene = {
    id: "scene-stand-in",
    flags,
    dimensions: { sceneX: 0, sceneY: 0, sceneWidth: 1000, sceneHeight: 700 },
    setFlag(scope: string, key: string, value: unknown): Promise<unknown> {
      return new Promise((resolve) =>
        setTimeout(() => {
          flags[scope] = { ...(flags[scope] ?? {}), [key]: structuredClone(value) };
          hooks().callAll("updateScene", scene, { _id: scene.id, flags: { [scope]: { [key]: value } } }, {}, "gm");
          resolve(scene);
        }, 0),
      );
    },
    unsetFlag(scope: string, key: string): Promise<unknown> {
      return new Promise((resolve) =>
        setTimeout(() => {
          const kept = { ...(flags[scope] ?? {}) };
          delete kept[key];
          flags[scope] = kept;
          hooks().callAll(
            "updateScene",
            scene,
            { _id: scene.id, flags: { [scope]: { [`-=${key}`]: null } } },
            {},
            "gm",
          );
          resolve(scene);
        }, 0),
      );
    },
  };
  const canvas = { app, stage: app.stage, interface: group, scene, ready: false };
  w.canvas = canvas;
  w.__canvasReady = () => {
    document.body.append(app.view);
    canvas.ready = true;
    hooks().callAll("canvasReady", canvas);
  };
}
