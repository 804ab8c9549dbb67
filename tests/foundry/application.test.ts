// @vitest-environment happy-dom
/**
 * The ApplicationV2 stand-in (application.ts) runs a window's life as Foundry 13.351's
 * client/applications/api/application.mjs does: `_canRender` may refuse, `_updateFrame` writes the
 * title on the first render too, a window whose re-render failed stays among
 * `foundry.applications.instances` in state ERROR (closing it does not take it out), and a close
 * takes the window out of the instances before `_onClose`, which it does not wait for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FoundryDom, RENDER_STATES, installFoundryDom } from "./application";
import { type FakeWorld, fakeUser, fakeWorld } from "./standins";
import { removeFoundryGlobals } from "./world";

interface App {
  readonly id: string;
  readonly state: number;
  readonly rendered: boolean;
  readonly element: HTMLElement | null;
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
}
type AppClass = new (options?: object) => App;

let dom: FoundryDom;
let world: FakeWorld;
let Base: AppClass;

beforeAll(() => {
  dom = installFoundryDom();
  world = fakeWorld([fakeUser("gm", "GM", true)]);
  world.install("gm");
  const api = (globalThis as unknown as { foundry: { applications: { api: Record<string, unknown> } } }).foundry
    .applications.api;
  const mixin = api.HandlebarsApplicationMixin as (b: unknown) => AppClass;
  Base = mixin(api.ApplicationV2);
});

afterAll(() => removeFoundryGlobals());

/** A window of one part (the key window's template), whose hooks a test records and steers. */
function windowClass(hooks: { canRender?: () => false | void; onClose?: () => unknown; fail?: () => boolean } = {}) {
  const seen: string[] = [];
  class Probe extends (Base as unknown as new (o?: object) => App & Record<string, unknown>) {
    static DEFAULT_OPTIONS = { tag: "section", window: { title: "Probe" } };
    static PARTS = { keys: { template: "foundry/keys.hbs" } };
    _canRender(): false | void {
      return hooks.canRender?.();
    }
    async _renderHTML(context: object, options: object): Promise<unknown> {
      if (hooks.fail?.()) throw new Error("template failed");
      const parent = Base.prototype as unknown as { _renderHTML(c: object, o: object): Promise<unknown> };
      return parent._renderHTML.call(this, context, options);
    }
    _onClose(): unknown {
      seen.push(`onClose: state ${this.state}, in instances ${dom.instances.has(this.id)}`);
      return hooks.onClose?.();
    }
  }
  return { Probe: Probe as unknown as AppClass, seen };
}

describe("the ApplicationV2 stand-in as Foundry 13.351 has it", () => {
  it("honours _canRender: false renders nothing; a throw warns with its message and renders nothing", async () => {
    let answer: () => false | void = () => false;
    const { Probe } = windowClass({ canRender: () => answer() });
    const win = new Probe();
    await win.render({ force: true });
    expect(win.state).toBe(RENDER_STATES.NONE);
    answer = () => {
      throw new Error("not for you");
    };
    const before = world.wire.notifications.length;
    await expect(win.render({ force: true })).resolves.toBe(win);
    expect(win.state).toBe(RENDER_STATES.NONE);
    expect(world.wire.notifications.slice(before)).toEqual([{ kind: "warn", text: "not for you" }]);
    answer = () => undefined;
    await win.render({ force: true });
    expect(win.rendered).toBe(true);
    await win.close();
  });

  it("writes the frame's title in _updateFrame on the first render, and later only when a render passes one", async () => {
    const { Probe } = windowClass();
    const win = new Probe();
    await win.render({ force: true });
    const title = () => win.element!.querySelector(".window-title")!.textContent;
    expect(title()).toBe("Probe");
    await win.render();
    expect(title()).toBe("Probe");
    await win.render({ window: { title: "Renamed" } });
    expect(title()).toBe("Renamed");
    await win.close();
    // A first render given a title shows that one (its options keep it; this.title fills only a missing one).
    await win.render({ force: true, window: { title: "Given" } });
    expect(title()).toBe("Given");
    await win.close();
  });

  it("a window whose re-render failed stays in the instances in state ERROR, and closing it leaves it there", async () => {
    let failing = false;
    const { Probe, seen } = windowClass({ fail: () => failing });
    const win = new Probe();
    await win.render({ force: true });
    failing = true;
    await expect(win.render()).rejects.toThrow(/Failed to render/);
    expect(win.state).toBe(RENDER_STATES.ERROR);
    expect(win.element).toBeNull();
    expect(dom.instances.get(win.id)).toBe(win);
    await win.close();
    expect(win.state).toBe(RENDER_STATES.CLOSED);
    expect(dom.instances.get(win.id)).toBe(win);
    expect(seen).toEqual([]);
    // Only a forced render brings it back (CLOSED is before a first render).
    failing = false;
    await win.render();
    expect(win.rendered).toBe(false);
    await win.render({ force: true });
    expect(win.rendered).toBe(true);
    await win.close();
    expect(dom.instances.has(win.id)).toBe(false);
  });

  it("a close is CLOSING during its animation, takes the window out of the instances before _onClose and does not wait for it", async () => {
    let finish: () => void = () => undefined;
    const { Probe, seen } = windowClass({ onClose: () => new Promise<void>((r) => (finish = r)) });
    const win = new Probe();
    await win.render({ force: true });
    const hold = dom.holdCloses();
    const closing = win.close();
    await new Promise((r) => setTimeout(r, 10));
    expect(win.state).toBe(RENDER_STATES.CLOSING);
    expect(dom.instances.get(win.id)).toBe(win);
    hold.release();
    // close() resolves while _onClose's promise is still pending.
    await closing;
    expect(seen).toEqual([`onClose: state ${RENDER_STATES.CLOSED}, in instances false`]);
    expect(win.element).toBeNull();
    finish();
  });
});
