// @vitest-environment happy-dom
/**
 * A table window's life as Foundry 13.351 runs it (the ApplicationV2 stand-in of application.ts):
 * a render that fails leaves the state ERROR with the element removed and `_onClose` not run; a
 * close goes through the render queue with `_preClose` and an animation, and takes the id out of
 * `foundry.applications.instances` before `_onClose`. The window manager (windows.ts) opens the
 * windows as in Foundry: a failed re-render of the help or history toggle, or of the manager's
 * redraw, ends the window as any other, and a window of a fixed id (a table's, the launcher)
 * opened again waits for its close.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import type * as WindowsModule from "../../src/foundry/windows";
import type { FoundryDom } from "./application";
import { RENDER_STATES } from "./application";
import { playerClient } from "./standins";
import { gmWorld, loadWindows, openTable, removeFoundryGlobals, settleAll } from "./world";

let dom: FoundryDom;
let windows: typeof WindowsModule;

beforeAll(async () => ({ dom, windows } = await loadWindows()));

afterAll(() => removeFoundryGlobals());

afterEach(() => vi.useRealTimers());

/** Lets every queued render finish. */
const idle = () => new Promise((r) => setTimeout(r, 30));

interface Internals {
  state: number;
  rendered: boolean;
  element: HTMLElement | null;
  close(): Promise<unknown>;
  _renderHTML(context: object, options: object): Promise<unknown>;
}

async function setup() {
  const { world, runtime } = await gmWorld(["alice", "bob"]);
  const alice = await playerClient(world, "alice");
  const tableId = await openTable(runtime, "sabacc-super-simplified");
  await settleAll(runtime, [alice]);
  world.install("alice");
  // Alice's own client, as her runtime would hold it.
  const aliceRuntime = { client: alice.client } as unknown as CantinaRuntime;
  const manager = new windows.WindowManager(aliceRuntime);
  const windowId = `cantina-table-${tableId}`;
  const current = () => dom.instances.get(windowId) as (GameWindowClass & Internals) | undefined;
  const move = async () => {
    world.install("gm");
    expect(await alice.client.move(tableId, { type: "roll-order" })).toMatchObject({ ok: true });
    await settleAll(runtime, [alice]);
    world.install("alice");
    manager.changed(aliceRuntime);
    await idle();
  };
  return { world, runtime, alice, tableId, manager, current, move, aliceRuntime };
}

describe("a table window's life", () => {
  it("after a render that fails, the countdown stops and the manager forgets the window; it opens again", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { tableId, manager, current, move } = await setup();
    manager.open(tableId);
    await idle();
    const win = current()!;
    expect(win.rendered).toBe(true);
    vi.advanceTimersByTime(2000);

    // The next render's templates fail (Foundry: element removed, state ERROR, no `_onClose`).
    vi.spyOn(win, "_renderHTML").mockRejectedValueOnce(new Error("template failed"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await move();
    expect(win.state).toBe(RENDER_STATES.ERROR);
    expect(win.element).toBeNull();
    expect(errors).toHaveBeenCalled();
    // No tick on the missing element, second after second.
    expect(() => vi.advanceTimersByTime(5000)).not.toThrow();
    expect(manager.isOpen(tableId)).toBe(false);

    // Opened again from the table list: a new window, drawn.
    manager.open(tableId);
    await idle();
    expect(current()).not.toBe(win);
    expect(current()!.rendered).toBe(true);
    expect(manager.isOpen(tableId)).toBe(true);
  });

  it.each([
    ["help", "tableHelp"],
    ["history", "tableHistory"],
  ])("the %s toggle's re-render that fails is caught and reported as every other render", async (_, action) => {
    const { world, tableId, manager, current } = await setup();
    manager.open(tableId);
    await idle();
    const win = current()!;
    // The toggle as drawn (the history's shows only past a few moves: the same action on a button of its own).
    let toggle = win.element!.querySelector<HTMLElement>(`[data-action="${action}"]`);
    if (!toggle) {
      toggle = dom.document.createElement("button");
      toggle.dataset.action = action;
      win.element!.querySelector(".window-content")!.append(toggle);
    }
    vi.spyOn(win, "_renderHTML").mockRejectedValueOnce(new Error("template failed"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = world.wire.notifications.length;
    dom.click(toggle);
    await idle();
    expect(win.state).toBe(RENDER_STATES.ERROR);
    expect(errors).toHaveBeenCalled();
    expect(world.wire.notifications.slice(before).map((n) => n.kind)).toEqual(["error"]);
    // The window is over for the manager: opened again, a new one is drawn.
    manager.open(tableId);
    await idle();
    expect(current()).not.toBe(win);
    expect(manager.isOpen(tableId)).toBe(true);
  });

  it("the manager's redraw of open windows (the scene's boards changed) that fails is caught and reported as every other render", async () => {
    const { world, tableId, manager, current } = await setup();
    manager.open(tableId);
    await idle();
    const win = current()!;
    vi.spyOn(win, "_renderHTML").mockRejectedValueOnce(new Error("template failed"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = world.wire.notifications.length;
    // A GM's client redraws its open windows' scene controls.
    world.install("gm");
    manager.placementsChanged();
    await idle();
    expect(win.state).toBe(RENDER_STATES.ERROR);
    expect(errors).toHaveBeenCalled();
    expect(world.wire.notifications.slice(before).map((n) => n.kind)).toEqual(["error"]);
    expect(manager.isOpen(tableId)).toBe(false);
  });

  it("a launcher opened again while the last one is closing is the one Foundry knows by its id, and the one drawn", async () => {
    const { world, runtime } = await gmWorld(["alice"]);
    world.install("gm");
    const manager = new windows.WindowManager(runtime);
    manager.launcher();
    await idle();
    const first = dom.instances.get("cantina-launcher") as Internals;
    expect(first.rendered).toBe(true);
    // Foundry 13.351's close: the animation, then the id out of foundry.applications.instances, whoever holds it.
    const hold = dom.holdCloses();
    const closing = first.close();
    await idle();
    manager.launcher();
    await idle();
    hold.release();
    await closing;
    await idle();
    const shown = dom.instances.get("cantina-launcher") as Internals | undefined;
    expect(shown).toBeDefined();
    expect(shown).not.toBe(first);
    expect(shown!.rendered).toBe(true);
    expect([...dom.document.querySelectorAll('[id="cantina-launcher"]')]).toEqual([shown!.element]);
  });

  it("a table opened again during its window's closing animation is shown and kept current", async () => {
    const { tableId, manager, current, move } = await setup();
    manager.open(tableId);
    await idle();
    const win = current()!;
    const hold = dom.holdCloses();
    const closing = win.close();
    await idle();
    manager.open(tableId); // during the animation
    hold.release();
    await closing;
    await idle();
    const shown = current()!;
    expect(shown.rendered).toBe(true);
    expect(manager.isOpen(tableId)).toBe(true);

    // The manager keeps it current: a move redraws it.
    const before = shown.element!.innerHTML;
    await move();
    expect(current()!.element!.innerHTML).not.toBe(before);
  });
});
