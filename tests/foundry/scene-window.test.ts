/**
 * The GM's scene board controls in the game window (window.hbs, GameWindow.onSceneBoard), against
 * the stand-ins (application.ts: ApplicationV2 on happy-dom, DialogV2; canvas-standins.ts: the
 * Scene on a fake server): place, lock, edit (the form's values), unlock, remove, each written to
 * the Scene's flag; no controls for a player, nor for a game without a board.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import { SceneErrors } from "../../src/foundry/errors";
import { ScenePlacements } from "../../src/foundry/scene-boards";
import { boardFlagKey } from "../../src/foundry/scene-placement";
import type { FoundryDom } from "./application";
import { sceneServer } from "./canvas-standins";
import { playerClient } from "./standins";
import { gmWorld, highestFaces, openTable, settleAll } from "./world";
import { clientWindow, loadGameWindow, removeFoundryGlobals } from "./world";

interface WindowInternals {
  element: HTMLElement;
  render(options?: { force: boolean }): Promise<unknown>;
}

/** lang/en.json's words, and its text for a failed scene write. */
const english = dictionaryLocalizer(en);
const englishWriteFailed = english.localize(SceneErrors.writeFailed);

let GameWindow: typeof GameWindowClass;
let dom: FoundryDom;

beforeAll(async () => ({ dom, GameWindow } = await loadGameWindow()));

afterAll(() => {
  removeFoundryGlobals("canvas");
  GameWindow.scenePlacements = null;
});

async function setup(gameId: string) {
  const { world, runtime } = await gmWorld(["alice", "bob"], { random: () => highestFaces });
  const alice = await playerClient(world, "alice");
  const tableId = await openTable(runtime, gameId, { names: ["Aurra", "Bossk"] });
  const server = sceneServer(world, ["tavern"]);
  const gmCanvas = server.canvasFor("gm", "tavern");
  (globalThis as unknown as Record<string, unknown>).canvas = gmCanvas;
  GameWindow.scenePlacements = new ScenePlacements(runtime);
  await settleAll(runtime, [alice]);
  const stored = () => server.flags("tavern")["cantina-games"]?.[boardFlagKey(tableId)];
  return { world, runtime, alice, tableId, server, stored };
}

/** Clicks a scene board button and waits for the flag to come back, then redraws the window. */
async function press(win: WindowInternals, op: string, server: ReturnType<typeof sceneServer>): Promise<void> {
  const button = win.element.querySelector<HTMLElement>(`[data-action="sceneBoard"][data-op="${op}"]`);
  expect(button, op).not.toBeNull();
  dom.click(button!);
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 6));
  await server.delivered();
  await win.render();
}

const ops = (win: WindowInternals): string[] =>
  [...win.element.querySelectorAll<HTMLElement>('[data-action="sceneBoard"]')].map((b) => b.dataset.op ?? "");

describe("the GM's scene board controls in the game window", () => {
  it("place, lock, edit, unlock and remove write the Scene's flag", async () => {
    const { runtime, tableId, server, stored } = await setup("ulwan");
    const win = new GameWindow(runtime, tableId) as unknown as WindowInternals;
    await win.render({ force: true });
    expect(ops(win)).toEqual(["place"]);
    await press(win, "place", server);
    expect(stored()).toEqual({ x: 2000, y: 1300, width: 1000, rotation: 0, locked: false });
    expect(ops(win)).toEqual(["edit", "lock", "remove"]);
    await press(win, "lock", server);
    expect(stored()).toMatchObject({ locked: true });
    expect(ops(win)).toEqual(["edit", "unlock", "remove"]);
    // The form shows the current values; its answer moves, sizes and turns the board.
    let asked = "";
    dom.inputAnswer = (content) => {
      asked = content;
      return { x: 700, y: 650, width: 1200, rotation: 45 };
    };
    await press(win, "edit", server);
    expect(asked).toContain('name="width" value="1000"');
    expect(stored()).toEqual({ x: 700, y: 650, width: 1200, rotation: 45, locked: true });
    // Dismissed: nothing changes.
    dom.inputAnswer = () => null;
    await press(win, "edit", server);
    expect(stored()).toEqual({ x: 700, y: 650, width: 1200, rotation: 45, locked: true });
    await press(win, "unlock", server);
    expect(stored()).toMatchObject({ locked: false });
    await press(win, "remove", server);
    expect(stored()).toBeUndefined();
    expect(ops(win)).toEqual(["place"]);
  });

  it("a refused placement shows its coded refusal, localized, in the window and changes nothing in the scene's flags", async () => {
    const { world, runtime, tableId, server, stored } = await setup("ulwan");
    const win = new GameWindow(runtime, tableId) as unknown as WindowInternals;
    await win.render({ force: true });
    // The server refuses the write (a lost connection, say): Scene#setFlag rejects.
    const scene = (globalThis as unknown as { canvas: { scene: { setFlag: () => Promise<unknown> } } }).canvas.scene;
    scene.setFlag = () => Promise.reject(new Error("the server is gone"));
    // Game#i18n in English, so that the text shown is not the code itself.
    const i18n = (globalThis as unknown as { game: { i18n: { localize: (key: string) => string } } }).game.i18n;
    i18n.localize = (key) => english.localize(key);
    const notified = world.wire.notifications.length;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await press(win, "place", server);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(win.element.querySelector("[data-error]")?.textContent).toBe(englishWriteFailed);
    expect(world.wire.notifications.slice(notified)).toEqual([
      { kind: "warn", text: englishWriteFailed },
      { kind: "warn", text: englishWriteFailed },
    ]);
    expect(stored()).toBeUndefined();
    expect(server.flags("tavern")).toEqual({});
    expect(server.writes).toEqual([]);
    expect(ops(win)).toEqual(["place"]);
  });

  it("a player's window and a game without a board have no scene controls", async () => {
    const { world, runtime, alice, tableId } = await setup("ulwan");
    world.install("alice");
    const mine = clientWindow<WindowInternals>(GameWindow, alice.client, tableId);
    await mine.render({ force: true });
    expect(ops(mine)).toEqual([]);
    world.install("gm");
    const sabacc = await setup("sabacc-super-simplified");
    const win = new GameWindow(sabacc.runtime, sabacc.tableId) as unknown as WindowInternals;
    await win.render({ force: true });
    expect(ops(win)).toEqual([]);
    expect(runtime.isHost).toBe(true);
  });
});
