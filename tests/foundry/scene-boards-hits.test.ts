/**
 * A board on the scene and the token layer under it (issue 25), hit-tested as PIXI 7.4.3 does
 * (pixi-hits.ts): the board takes the pointer only while the board tool is on and it is unlocked.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ScenePlacements } from "../../src/foundry/scene-boards";
import { installSceneBoards } from "../../src/foundry/scene-boards-hooks";
import { type FakeContainer, fakeBoardFactory, fakePixi, sceneServer } from "./canvas-standins";
import { activeTokenLayer, hitTarget, pointerDown } from "./pixi-hits";
import { playerClient } from "./standins";
import { gmWorld, highestFaces, openTable, removeFoundryGlobals, settleAll } from "./world";

afterAll(() => removeFoundryGlobals());

/** A board placed at the tavern's centre (2000, 1300; 1000 × 500 scene pixels) on alice's canvas, a token under it. */
async function boardOverToken() {
  const { world, runtime } = await gmWorld(["alice", "bob"], { random: () => highestFaces });
  const alice = await playerClient(world, "alice");
  const tableId = await openTable(runtime, "ulwan");
  const server = sceneServer(world, ["tavern"]);
  const gmCanvas = server.canvasFor("gm", "tavern");
  const canvas = server.canvasFor("alice", "tavern");
  const factory = fakeBoardFactory();
  const { boards } = installSceneBoards({ client: alice.client }, factory.create, {
    hooks: canvas.hooks,
    canvas: () => canvas,
    pixi: fakePixi,
  });
  alice.client.onChange(() => boards.changed());
  const tokens = activeTokenLayer(canvas.interface, { x: 1900, y: 1250, size: 100 });
  server.ready("gm");
  server.ready("alice");
  world.install("gm");
  const placements = new ScenePlacements(runtime, () => gmCanvas.scene);
  expect(await placements.place(tableId)).toEqual({ ok: true });
  const settle = async () => {
    await settleAll(runtime, [alice]);
    await server.delivered();
  };
  await settle();
  expect(boards.tableIds).toEqual([tableId]);
  const boardContainer = factory.made[0]!.container as unknown as FakeContainer;
  const latestBoard = () => factory.made.at(-1)!.container as unknown as FakeContainer;
  return { boards, canvas, tokens, boardContainer, latestBoard, placements, tableId, settle };
}

const onToken = { x: 1950, y: 1300 };
const onBoardOnly = { x: 1700, y: 1200 };

describe("a board on the scene and the layers under it", () => {
  it("the stand-in hits the topmost interactive object: the token, or the active layer's whole-canvas area", () => {
    const group = fakePixi.Container as unknown as new () => FakeContainer;
    const stage = new group();
    stage.sortableChildren = true;
    const { token, layer } = activeTokenLayer(stage, { x: 10, y: 10, size: 20 });
    expect(hitTarget(stage, { x: 15, y: 15 })).toBe(token);
    expect(hitTarget(stage, { x: 100, y: 100 })).toBe(layer);
    layer.interactiveChildren = false;
    expect(hitTarget(stage, { x: 15, y: 15 })).toBe(layer);
  });

  it("while the board tool is off, a token under a placed board takes the click", async () => {
    const s = await boardOverToken();
    const press = pointerDown(s.canvas.interface, onToken);
    expect(press.target).toBe(s.tokens.token);
    expect(s.tokens.presses()).toBe(1);
    // Beside the token, the active token layer (Foundry's canvas) gets it, not the board.
    expect(hitTarget(s.canvas.interface, onBoardOnly)).toBe(s.tokens.layer);
  });

  it("with the board tool on, the board takes the press and it stops there; off again, the token has it back", async () => {
    const s = await boardOverToken();
    s.boards.setPlaying(true);
    const press = pointerDown(s.canvas.interface, onToken);
    expect(press.target).toBe(s.boardContainer);
    expect(s.tokens.presses()).toBe(0);
    // The frame stops a primary press: it reaches neither the boards' container nor the group.
    expect(press.reached).not.toContain(s.canvas.interface);
    s.boards.setPlaying(false);
    expect(pointerDown(s.canvas.interface, onToken).target).toBe(s.tokens.token);
  });

  it("a locked board lets the press through to the token even with the board tool on", async () => {
    const s = await boardOverToken();
    s.boards.setPlaying(true);
    // The tool's state outlives a redraw of the canvas (a scene switch draws the boards anew).
    s.canvas.hooks.callAll("canvasTearDown", s.canvas);
    s.canvas.hooks.callAll("canvasReady", s.canvas);
    expect(hitTarget(s.canvas.interface, onToken)).toBe(s.latestBoard());
    expect(await s.placements.change(s.tableId, { locked: true })).toEqual({ ok: true });
    await s.settle();
    expect(hitTarget(s.canvas.interface, onToken)).toBe(s.tokens.token);
  });
});
