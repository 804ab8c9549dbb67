/**
 * Ubongo inside Foundry, against the stand-ins (standins.ts for game.*, socketlib…, and
 * application.ts: ApplicationV2 on happy-dom): the same window as the standalone page, drawn from
 * the real templates, and played through Foundry's click routing to the host the runtime started:
 *  - the launcher's form has the race's options, the bots' thinking times included, and a table
 *    opens with the values set there;
 *  - the roller rolls, lays the tiles on the task card with the keyboard (pick up, turn with R, move
 *    with the arrows, put down), calls "Ubongo!" and the host accepts the board; the other player
 *    sees the place but not the board until the round is over;
 *  - a tile dragged with the pointer while the host's update redraws the window lands where it is let go;
 *  - the solo count mode's window shows the stopwatch ticking up, and none once the game is over.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TilePlacement } from "../../src/apps/board/placement";
import { placementOfPiece } from "../../src/apps/ubongo/context";
import { tickCountdowns } from "../../src/apps/core/countdown";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import type * as WindowsModule from "../../src/foundry/windows";
import { lobbySpec } from "../../src/apps/table/lobby";
import { type UbongoState, type UbongoView, solutionFor } from "../../src/rules/ubongo";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import type { GameWindowInternals, LauncherInternals } from "./world";
import { gmWorld, highestFaces, openTable, settleAll } from "./world";
import { clientWindow, drawAs, loadWindows, removeFoundryGlobals } from "./world";

interface WindowInternals extends GameWindowInternals {
  refresh(update: unknown): void;
}

let GameWindow: typeof GameWindowClass;
let windows: typeof WindowsModule;
let dom: FoundryDom;

beforeAll(async () => ({ dom, GameWindow, windows } = await loadWindows()));

afterAll(() => removeFoundryGlobals());

async function setup() {
  // Highest faces: the Crossguard (dark side, row 3); shuffles take the last card.
  const { world, runtime } = await gmWorld(["alice", "bob"], { random: () => highestFaces });
  const alice = await playerClient(world, "alice");
  const bob = await playerClient(world, "bob");
  const settle = () => settleAll(runtime, [alice, bob]);
  return { world, runtime, alice, bob, settle };
}

async function raceTable(runtime: CantinaRuntime, settle: () => Promise<void>): Promise<string> {
  const tableId = await openTable(runtime, "ubongo", { names: ["Aurra", "Bossk"] });
  await settle();
  return tableId;
}

function key(el: Element, k: string): void {
  el.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }) as never);
}

/** Lays one tile with the keyboard: Enter on its tray button, R to turn, arrows to move, Enter to put down. */
function layByKeyboard(root: HTMLElement, p: TilePlacement): void {
  const tray = root.querySelector<HTMLElement>(`[data-tile="${p.tileId}"]`)!;
  dom.click(tray);
  const tile = root.querySelector<HTMLElement>(`[data-placed-tile="${p.tileId}"]`)!;
  expect(tile.hasAttribute("data-holding")).toBe(true);
  for (let r = 0; r < p.rotation; r++) key(tile, "r");
  const [x0, y0] = tile.dataset.at!.split(",").map(Number);
  for (let dx = p.at.x - x0!; dx !== 0; dx -= Math.sign(dx)) key(tile, dx > 0 ? "ArrowRight" : "ArrowLeft");
  for (let dy = p.at.y - y0!; dy !== 0; dy -= Math.sign(dy)) key(tile, dy > 0 ? "ArrowDown" : "ArrowUp");
  expect(tile.dataset.at).toBe(`${p.at.x},${p.at.y}`);
  key(tile, "Enter");
}

/** The seat's solution as the window's placements (from the host's state, as a player would find it). */
function solution(runtime: CantinaRuntime, tableId: string, seat: string, side: "light" | "dark"): TilePlacement[] {
  const state = runtime.host!.record(tableId)!.state as UbongoState;
  return solutionFor(state, seat)!.map((piece) => placementOfPiece(piece, side)!);
}

describe("Ubongo in the Foundry window", () => {
  it("the launcher's form has the race's options, the bots' thinking times with them, and opens a table with them", async () => {
    const { runtime } = await setup();
    const launcher = new windows.Launcher(
      runtime,
      {} as WindowsModule.WindowManager,
      "ubongo",
    ) as unknown as LauncherInternals;
    const context = await launcher._prepareContext();
    const fields = context.fields as { key: string; labelKey: string; value: string }[];
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(Object.keys(byKey)).toEqual(
      expect.arrayContaining(["hourglass", "quickSeconds", "quickSpread", "steadySeconds", "steadySpread"]),
    );
    expect(byKey.quickSeconds).toMatchObject({ labelKey: "CANTINA.Ubongo.Options.quickSeconds", value: "20" });
    expect(byKey.steadySpread).toMatchObject({ labelKey: "CANTINA.Ubongo.Options.steadySpread", value: "45" });
    launcher.lobby.seats = [
      { kind: "person", userId: "alice", name: "", botLevel: "" },
      { kind: "bot", userId: "", name: "", botLevel: "steady" },
    ];
    launcher.lobby.values.steadySeconds = "12";
    launcher.lobby.values.steadySpread = "0";
    const asked = lobbySpec(launcher.lobby, windows.catalogue, { user: (id) => id, bot: (n) => `Bot ${n}` });
    if (!asked.ok) throw new Error(asked.error.code);
    const reply = await runtime.client!.create(asked.spec);
    expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
    const state = runtime.host!.record((reply as { tableId: string }).tableId)!.state as UbongoState;
    expect(state.bots?.steady).toEqual({ medianSeconds: 12, spread: 0 });
  });

  it("roll, lay the tiles with the keyboard, Ubongo!: the host accepts; the other player sees the board only after the round", async () => {
    const { world, runtime, alice, bob, settle } = await setup();
    const tableId = await raceTable(runtime, settle);
    const aliceWin = clientWindow<WindowInternals>(GameWindow, alice.client, tableId);
    const bobWin = clientWindow<WindowInternals>(GameWindow, bob.client, tableId);

    let root = await drawAs(world, aliceWin, "alice");
    dom.click(root.querySelector<HTMLButtonElement>('button[data-action="start"]')!);
    await aliceWin.lastAction;
    await settle();
    root = await drawAs(world, aliceWin, "alice");
    const view = alice.client.tables.get(tableId)!.view as UbongoView;
    expect(view.phase).toBe("solve");
    expect(view.side).toBe("dark");
    // The task card's board and the tiles of the rolled row, no flipping.
    const placement = root.querySelector<HTMLElement>("[data-placement]")!;
    expect(placement.dataset.allowFlip).toBe("false");
    const mine = view.seats.find((s) => s.seat === "seat-1")!;
    expect([...root.querySelectorAll<HTMLElement>("[data-tile]")].map((t) => t.dataset.tile)).toEqual(mine.tiles);

    const version = runtime.host!.record(tableId)!.version;
    for (const p of solution(runtime, tableId, "seat-1", "dark")) {
      layByKeyboard(root, p);
      await aliceWin.lastAction;
    }
    // Laying tiles sends nothing (no peeking): the host's table has not moved.
    await settle();
    expect(runtime.host!.record(tableId)!.version).toBe(version);
    root = await drawAs(world, aliceWin, "alice");
    expect(root.querySelector("[data-placement]")!.hasAttribute("data-complete")).toBe(true);
    dom.click(root.querySelector<HTMLButtonElement>('button[data-action="claim"]')!);
    await aliceWin.lastAction;
    await settle();
    expect((runtime.host!.record(tableId)!.state as UbongoState).finished).toEqual(["seat-1"]);
    expect(world.wire.notifications.filter((n) => n.kind === "warn")).toEqual([]);

    // Bob sees Aurra's place, not her board.
    let bobRoot = await drawAs(world, bobWin, "bob");
    expect(bobRoot.querySelector("[data-order]")?.textContent).toContain("Aurra");
    expect(bobRoot.querySelectorAll("[data-shown-board]").length).toBe(0);
    for (const p of solution(runtime, tableId, "seat-2", "dark")) {
      layByKeyboard(bobRoot, p);
      await bobWin.lastAction;
    }
    bobRoot = await drawAs(world, bobWin, "bob");
    dom.click(bobRoot.querySelector<HTMLButtonElement>('button[data-action="claim"]')!);
    await bobWin.lastAction;
    await settle();
    // The round is over: both boards are shown, after the controls.
    bobRoot = await drawAs(world, bobWin, "bob");
    const shown = [...bobRoot.querySelectorAll<HTMLElement>("[data-shown-board]")].map((b) => b.dataset.shownBoard);
    expect(shown.sort()).toEqual(["Aurra", "Bossk"]);
    const scores = [...bobRoot.querySelectorAll<HTMLElement>("tr[data-score]")].map((r) => r.dataset.score);
    expect(scores).toEqual(["2", "1"]);
  });

  it("a tile dragged with the pointer while the other player's Ubongo! redraws the window lands where it is let go", async () => {
    const { world, runtime, alice, bob, settle } = await setup();
    const tableId = await raceTable(runtime, settle);
    const win = clientWindow<WindowInternals>(GameWindow, alice.client, tableId);
    // Re-rendered on its news, as windows.ts does.
    alice.client.onChange(() => {
      const update = alice.client.tables.get(tableId);
      if (update) win.refresh(update);
    });
    let root = await drawAs(world, win, "alice");
    dom.click(root.querySelector<HTMLButtonElement>('button[data-action="start"]')!);
    await win.lastAction;
    await settle();
    root = await drawAs(world, win, "alice");
    /** happy-dom lays nothing out: the board's surface gets a rect of 1 px per unit after every render. */
    const measure = (): void => {
      const surface = root.querySelector<HTMLElement>("[data-board-surface]")!;
      const [w, h] = [Number(surface.dataset.width), Number(surface.dataset.height)];
      surface.getBoundingClientRect = () =>
        ({ left: 0, top: 0, width: w, height: h, right: w, bottom: h, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
    };
    const pointer = (el: Element, type: string, x: number, y: number): void => {
      measure();
      const surface = root.querySelector<HTMLElement>("[data-board-surface]")!;
      const [ox, oy] = [Number(surface.dataset.originX), Number(surface.dataset.originY)];
      el.dispatchEvent(
        new dom.window.PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          clientX: x * 100 - ox,
          clientY: y * 100 - oy,
          pointerId: 3,
          button: 0,
        }) as never,
      );
    };
    const tray = root.querySelector<HTMLElement>("[data-tile]")!;
    const id = tray.dataset.tile!;
    pointer(tray, "pointerdown", 30, 30);
    pointer(root, "pointermove", 1.5, 1.5);
    const before = root.querySelector<HTMLElement>(`[data-placed-tile="${id}"]`)!.dataset.at!;
    // Bob calls Ubongo! mid-drag: the host's update redraws Alice's window; her board part is drawn
    // again too (the window model alone would keep it, as nothing it reads changed).
    const bobsBoard = solutionFor(runtime.host!.record(tableId)!.state as UbongoState, "seat-2")!;
    expect((await bob.client.move(tableId, { type: "claim", pieces: bobsBoard })).ok).toBe(true);
    await settle();
    await new Promise((r) => setTimeout(r, 20));
    await (win as unknown as { render(o: { parts: string[] }): Promise<unknown> }).render({ parts: ["game-board"] });
    expect(root.querySelector("[data-order]")?.textContent).toContain("Bossk");
    expect(root.querySelector(`[data-placed-tile="${id}"]`)).toBeNull();
    pointer(root, "pointermove", 2.5, 2.5);
    pointer(root, "pointerup", 2.5, 2.5);
    await win.lastAction;
    const [x, y] = before.split(",").map(Number);
    const kept = JSON.parse(
      (win as unknown as { controller: { kept(id: string): Record<string, string> } }).controller.kept(tableId)
        .placements!,
    ) as TilePlacement[];
    expect(kept).toEqual([{ tileId: id, rotation: 0, flipped: false, at: { x: x! + 1, y: y! + 1 } }]);
  });

  it("solo count mode: the window shows the stopwatch, ticking up between renders, and none once the game is over", async () => {
    const { world, runtime, alice, settle } = await setup();
    const reply = await runtime.client!.create({
      gameId: "ubongo-solo",
      seats: [{ kind: "person", userId: "alice", name: "Aurra" }],
      options: { mode: "count", puzzles: 5 },
    });
    expect(reply).toMatchObject({ ok: true });
    await settle();
    const tableId = (reply as { tableId: string }).tableId;
    const win = clientWindow<WindowInternals>(GameWindow, alice.client, tableId);
    // No stopwatch until she presses Start (the window's own button) and sees the first card.
    const ready = await drawAs(world, win, "alice");
    expect(ready.querySelector("[data-countdown-started-at]")).toBeNull();
    expect(ready.querySelector('[data-action="start"]')?.textContent).toBe("Start: show the first puzzle");
    expect((await alice.client.move(tableId, { type: "start" })).ok).toBe(true);
    await settle();
    const root = await drawAs(world, win, "alice");
    const watch = root.querySelector<HTMLElement>("[data-countdown-started-at]")!;
    expect(watch.getAttribute("role")).toBe("timer");
    expect(root.querySelector("[data-countdown-ends-at]")).toBeNull();
    const startedAt = Number(watch.dataset.countdownStartedAt);
    // The window's ticker redraws it every second; here one tick, 1 min 7 s after the start.
    tickCountdowns(root, startedAt + 67_000);
    expect(watch.querySelector("[data-countdown-time]")!.textContent).toBe("1:07");
    for (let i = 0; i < 5; i++) {
      const pieces = solutionFor(runtime.host!.record(tableId)!.state as UbongoState, "seat-1");
      expect((await alice.client.move(tableId, { type: "claim", pieces })).ok).toBe(true);
      await settle();
    }
    const over = await drawAs(world, win, "alice");
    expect(alice.client.tables.get(tableId)!.table.over).toBe(true);
    expect(over.querySelector("[data-countdown-started-at]")).toBeNull();
  });
});
