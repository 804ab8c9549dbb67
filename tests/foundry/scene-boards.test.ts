/**
 * Boards on the scene (issue 15), against the stand-ins (standins.ts: game, users, the socket;
 * canvas-standins.ts: Scenes on a fake server whose flag updates reach each client late through
 * `updateScene`, scene switches with `canvasTearDown`, PIXI containers, a fake canvas board):
 * the GM's placement is a Scene flag a player cannot write; each client draws one board per
 * placement from its own updates; a canvas move goes through the window's board-move path to the
 * host; a refusal and the lock come back to the board; boards go on tear-down, table end and flag
 * removal. And src/foundry never imports pixi.js at run time.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { BoardContext } from "../../src/apps/board/context";
import type { CanvasMoveIntent } from "../../src/apps/canvas/contract";
import { SceneErrors } from "../../src/foundry/errors";
import { BOARDS_Z_INDEX, type BoardSource, ScenePlacements } from "../../src/foundry/scene-boards";
import { foundryGlobals, installSceneBoards } from "../../src/foundry/scene-boards-hooks";
import { boardFlagKey } from "../../src/foundry/scene-placement";
import {
  type ClientCanvas,
  type FakeContainer,
  fakeBoardFactory,
  fakePixi,
  pointerAt,
  sceneServer,
} from "./canvas-standins";
import { playerClient } from "./standins";
import { gmWorld, highestFaces, openTable, removeFoundryGlobals, settleAll } from "./world";

afterAll(() => removeFoundryGlobals("canvas", "Hooks", "PIXI"));

/** A legal move on `board` as the canvas would send it: a lit destination and its source. */
function legalIntent(board: BoardContext): CanvasMoveIntent {
  const targets = [...board.cells, ...board.points, ...board.trays];
  const dest = targets.find((t) => t.destFor !== "");
  if (!dest) throw new Error("no lit destination");
  const from = dest.destFor.split(" ")[0]!;
  const id = dest.destIds
    .split(" ")
    .find((p) => p.startsWith(`${from}=`))
    ?.slice(from.length + 1);
  return id ? { from, to: dest.id, id } : { from, to: dest.id };
}

async function setup(gameId = "ulwan") {
  const { world, runtime } = await gmWorld(["alice", "bob", "carol"], { random: () => highestFaces });
  const players = {
    alice: await playerClient(world, "alice"),
    bob: await playerClient(world, "bob"),
    carol: await playerClient(world, "carol"),
  };
  const tableId = await openTable(runtime, gameId, { names: ["Aurra", "Bossk"] });
  const server = sceneServer(world, ["tavern", "road"]);

  // Each client: its canvas on the tavern, its boards wired to its own hooks (the GM's to the globals).
  const factories = {
    gm: fakeBoardFactory(),
    alice: fakeBoardFactory(),
    bob: fakeBoardFactory(),
    carol: fakeBoardFactory(),
  };
  const canvases: Record<string, ClientCanvas> = {};
  const sources: Record<string, BoardSource> = {
    gm: runtime,
    alice: { client: players.alice.client },
    bob: { client: players.bob.client },
    carol: { client: players.carol.client },
  };
  const installed: Record<string, ReturnType<typeof installSceneBoards>> = {};
  for (const user of ["gm", "alice", "bob", "carol"] as const) {
    const c = server.canvasFor(user, "tavern");
    canvases[user] = c;
    if (user === "gm") {
      const g = globalThis as unknown as Record<string, unknown>;
      g.Hooks = c.hooks;
      g.canvas = c;
      g.PIXI = fakePixi;
      installed[user] = installSceneBoards(sources[user]!, factories[user].create, foundryGlobals()!, (b) => {
        b.editor = (tableId, change) => new ScenePlacements(runtime, () => c.scene).change(tableId, change);
      });
    } else {
      installed[user] = installSceneBoards(sources[user]!, factories[user].create, {
        hooks: c.hooks,
        canvas: () => c,
        pixi: fakePixi,
      });
    }
    server.ready(user);
  }
  // Every client's boards follow its own client's updates (the runtime does this for the GM).
  runtime.addView(installed.gm!.boards);
  for (const user of ["alice", "bob", "carol"] as const)
    players[user].client.onChange(() => installed[user]!.boards.changed());

  const settle = async (): Promise<void> => {
    await settleAll(runtime, Object.values(players));
    await server.delivered();
  };
  await settle();
  const boards = (user: string) => installed[user]!.boards;
  const placements = new ScenePlacements(runtime, () => canvases.gm!.scene);
  return { world, runtime, players, tableId, server, canvases, factories, boards, installed, placements, settle };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Alice rolls (Ulwan starts with a roll): then her board has moves. */
async function aliceRolls(s: Setup): Promise<void> {
  const reply = await s.players.alice.client.move(s.tableId, { type: "roll" });
  expect(reply).toMatchObject({ ok: true });
  await s.settle();
}

/** `user` makes this move on their canvas board; its request and the host's pushes have all arrived. */
async function moveOnCanvas(s: Setup, user: "alice" | "bob", intent: CanvasMoveIntent): Promise<void> {
  s.factories[user].made[0]!.options.onMove(intent);
  await s.boards(user).lastMove;
  await s.settle();
}

async function placed(s: Setup): Promise<void> {
  s.world.install("gm");
  expect(await s.placements.place(s.tableId)).toEqual({ ok: true });
  await s.settle();
}

beforeEach(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  delete g.canvas;
});

describe("placing a board on the scene", () => {
  it("a GM's placement is a Scene flag at the scene's centre; nothing is drawn before the update arrives", async () => {
    const s = await setup();
    s.world.install("gm");
    expect(await s.placements.place(s.tableId)).toEqual({ ok: true });
    expect(s.server.flags("tavern")["cantina-games"]).toEqual({
      [boardFlagKey(s.tableId)]: { x: 2000, y: 1300, width: 1000, rotation: 0, locked: false },
    });
    // The GM's own copy has it (its setFlag resolved); a player's update is still on its way.
    expect(s.boards("gm").tableIds).toEqual([s.tableId]);
    expect(s.boards("alice").tableIds).toEqual([]);
    await s.settle();
    for (const user of ["alice", "bob", "carol"]) expect(s.boards(user).tableIds).toEqual([s.tableId]);
    // A second "place" keeps the board where it is: nothing written.
    expect(await s.placements.place(s.tableId)).toEqual({ ok: true });
    expect(s.server.writes).toHaveLength(1);
  });

  it("a player's attempt is refused with a localized error and writes nothing", async () => {
    const s = await setup();
    s.world.install("alice");
    const asAlice = new ScenePlacements({ client: s.players.alice.client }, () => s.canvases.alice!.scene);
    const gmOnly = { ok: false, error: { code: SceneErrors.gmOnly } };
    expect(await asAlice.place(s.tableId)).toEqual(gmOnly);
    expect(await asAlice.remove(s.tableId)).toEqual(gmOnly);
    expect(await asAlice.change(s.tableId, { locked: true })).toEqual(gmOnly);
    expect(s.world.wire.notifications.filter((n) => n.kind === "warn").map((n) => n.text)).toEqual([
      SceneErrors.gmOnly,
      SceneErrors.gmOnly,
      SceneErrors.gmOnly,
    ]);
    expect(s.server.writes).toEqual([]);
    // And the server refuses a player's Scene update anyway (as Foundry's does).
    await expect(s.canvases.alice!.scene!.setFlag("cantina-games", boardFlagKey(s.tableId), {})).rejects.toThrow(
      /permission/,
    );
  });

  it("only a running board game goes on the scene; no scene, no placement; a board not placed is not changed", async () => {
    const s = await setup();
    s.world.install("gm");
    const sabacc = await s.runtime.client!.create({
      gameId: "sabacc-super-simplified",
      seats: [
        { kind: "person", userId: "alice", name: "A" },
        { kind: "person", userId: "bob", name: "B" },
      ],
      options: {},
    });
    await s.settle();
    expect(await s.placements.place((sabacc as { tableId: string }).tableId)).toEqual({
      ok: false,
      error: { code: "CANTINA.Scene.Error.NotBoard" },
    });
    const blank = new ScenePlacements(s.runtime, () => null);
    expect(await blank.place(s.tableId)).toEqual({ ok: false, error: { code: "CANTINA.Scene.Error.NoScene" } });
    // A board not on the scene is neither changed nor removed: nothing to remove is no refusal.
    expect(await s.placements.change(s.tableId, { locked: true })).toEqual({
      ok: false,
      error: { code: SceneErrors.notPlaced },
    });
    expect(await s.placements.remove(s.tableId)).toEqual({ ok: true });
    expect(s.server.writes).toEqual([]);
  });

  it("the GM moves, sizes, turns and locks it; the board is placed like a tile", async () => {
    const s = await setup();
    await placed(s);
    expect(await s.placements.change(s.tableId, { x: 900, y: 700, width: 1600, rotation: 450 })).toEqual({ ok: true });
    await s.settle();
    const root = s.canvases.alice!.interface.children[0]!;
    expect(root.zIndex).toBe(BOARDS_Z_INDEX);
    const frame = root.children[0]!;
    expect(frame.position).toMatchObject({ x: 900, y: 700 });
    expect(frame.angle).toBe(90);
    const inner = frame.children[0]!;
    // 1600 scene pixels over the board's 800 drawn units; turned about its centre.
    expect(inner.scale).toMatchObject({ x: 2, y: 2 });
    expect(inner.pivot).toMatchObject({ x: 400, y: 200 });
    expect(s.factories.alice.made).toHaveLength(1);
    // A primary press on the board stops there (Foundry's stage does not drag-select); a right press goes on.
    const press = (button: number) => {
      const event = { button, stopped: false, stopPropagation: () => (event.stopped = true) };
      frame.emit("pointerdown", event);
      return event.stopped;
    };
    expect([press(0), press(2)]).toEqual([true, false]);
    expect(await new ScenePlacements(s.runtime, () => s.canvases.gm!.scene).change("t-none", {})).toEqual({
      ok: false,
      error: { code: "CANTINA.Scene.Error.NotBoard" },
    });
  });
});

describe("the GM's handles on the canvas", () => {
  it("the GM drags the corner handles to move and size the board; the drop writes the flag", async () => {
    const s = await setup();
    await placed(s);
    const root = s.canvases.gm!.interface.children[0]!;
    const frame = root.children[0]!;
    // The board's container, then the move and size handles at its corners (800 × 400 drawn at 1000 wide).
    const [, mover, sizer] = frame.children;
    expect(mover!.position).toMatchObject({ x: -500, y: -250 });
    expect(sizer!.position).toMatchObject({ x: 500, y: 250 });
    expect(mover!.eventMode).toBe("static");
    const down = pointerAt(root, { x: 1500, y: 1050 });
    mover!.emit("pointerdown", down);
    expect(down.stopped).toBe(true);
    mover!.emit("globalpointermove", pointerAt(root, { x: 1600, y: 1000 }));
    // Previewed here only; nothing written until the drop.
    expect(frame.position).toMatchObject({ x: 2100, y: 1250 });
    expect(s.server.writes).toHaveLength(1);
    mover!.emit("pointerup", pointerAt(root, { x: 1600, y: 1000 }));
    await s.boards("gm").lastEdit;
    await s.settle();
    expect(s.server.flags("tavern")["cantina-games"]?.[boardFlagKey(s.tableId)]).toMatchObject({ x: 2100, y: 1250 });
    expect(s.canvases.alice!.interface.children[0]!.children[0]!.position).toMatchObject({ x: 2100, y: 1250 });

    sizer!.emit("pointerdown", pointerAt(root, { x: 0, y: 0 }));
    sizer!.emit("globalpointermove", pointerAt(root, { x: 0, y: 0 }, { x: 700, y: 10 }));
    sizer!.emit("pointerupoutside", pointerAt(root, { x: 0, y: 0 }, { x: 700, y: 10 }));
    await s.boards("gm").lastEdit;
    await s.settle();
    expect(s.server.flags("tavern")["cantina-games"]?.[boardFlagKey(s.tableId)]).toMatchObject({ width: 1400 });
    expect(sizer!.position).toMatchObject({ x: 700, y: 350 });
  });

  it("a handle drag follows the pointer from where it began; a table update mid-drag keeps the preview; a refused drop goes back", async () => {
    const s = await setup();
    await placed(s);
    const root = s.canvases.gm!.interface.children[0]!;
    const frame = root.children[0]!;
    const [, mover] = frame.children;
    mover!.emit("pointerdown", pointerAt(root, { x: 1500, y: 1050 }));
    mover!.emit("globalpointermove", pointerAt(root, { x: 1600, y: 1000 }));
    mover!.emit("globalpointermove", pointerAt(root, { x: 1700, y: 1000 }));
    expect(frame.position).toMatchObject({ x: 2200, y: 1250 });
    // A move at the table redraws the board while the GM still holds the handle.
    await aliceRolls(s);
    expect(frame.position).toMatchObject({ x: 2200, y: 1250 });
    mover!.emit("pointerup", pointerAt(root, { x: 1700, y: 1000 }));
    await s.boards("gm").lastEdit;
    await s.settle();
    expect(s.server.flags("tavern")["cantina-games"]?.[boardFlagKey(s.tableId)]).toMatchObject({ x: 2200, y: 1250 });
    expect(frame.position).toMatchObject({ x: 2200, y: 1250 });

    // A drop the write refuses (here: this client is no longer a GM's) puts the board back.
    mover!.emit("pointerdown", pointerAt(root, { x: 0, y: 0 }));
    mover!.emit("globalpointermove", pointerAt(root, { x: 50, y: 50 }));
    expect(frame.position).toMatchObject({ x: 2250, y: 1300 });
    s.world.install("alice");
    mover!.emit("pointerup", pointerAt(root, { x: 50, y: 50 }));
    await s.boards("gm").lastEdit;
    s.world.install("gm");
    await s.settle();
    expect(frame.position).toMatchObject({ x: 2200, y: 1250 });
    expect(s.server.flags("tavern")["cantina-games"]?.[boardFlagKey(s.tableId)]).toMatchObject({ x: 2200, y: 1250 });
  });

  it("players get no handles; a locked board hides the GM's", async () => {
    const s = await setup();
    await placed(s);
    expect(s.canvases.alice!.interface.children[0]!.children[0]!.children).toHaveLength(1);
    expect(await s.placements.change(s.tableId, { locked: true })).toEqual({ ok: true });
    await s.settle();
    const [, mover, sizer] = s.canvases.gm!.interface.children[0]!.children[0]!.children;
    expect([mover!.visible, sizer!.visible]).toEqual([false, false]);
    expect(await s.placements.remove(s.tableId)).toEqual({ ok: true });
    await s.settle();
    expect(mover!.destroyed && sizer!.destroyed).toBe(true);
    expect(mover!.listenerCount()).toBe(0);
  });
});

describe("the boards on each client's canvas", () => {
  it("one board per placement on canvasReady, each drawn from its own viewer's update", async () => {
    const s = await setup();
    await placed(s);
    await aliceRolls(s);
    for (const user of ["gm", "alice", "bob", "carol"]) {
      const made = s.factories[user as keyof Setup["factories"]].made;
      expect(made, user).toHaveLength(1);
      const last = made[0]!.updates.at(-1)!;
      expect(last.locked).toBe(false);
      // Only the player whose move it is has moves on the canvas; spectators and the GM see the board.
      expect(last.board.hasMoves, user).toBe(user === "alice");
    }
    expect(s.factories.carol.made[0]!.updates.at(-1)!.board.cells.length).toBeGreaterThan(0);
  });

  it("a canvas move goes through the board-move path to the host; every board is updated", async () => {
    const s = await setup();
    await placed(s);
    await aliceRolls(s);
    const board = s.factories.alice.made[0]!;
    const before = s.runtime.host!.record(s.tableId)!.version;
    const bobUpdates = s.factories.bob.made[0]!.updates.length;
    // (The world stays installed as the GM's client: the host's pushes come from it.)
    await moveOnCanvas(s, "alice", legalIntent(board.updates.at(-1)!.board));
    expect(board.refusals).toEqual([]);
    expect(s.runtime.host!.record(s.tableId)!.version).toBeGreaterThan(before);
    expect(s.runtime.host!.record(s.tableId)!.log.at(-1)!.seat).toBe("seat-1");
    expect(s.factories.bob.made[0]!.updates.length).toBeGreaterThan(bobUpdates);
  });

  it("a Defiance counter placed on the canvas faces the way the table's window chose (its form fields)", async () => {
    const s = await setup("defiance-and-domain");
    await placed(s);
    const board = s.factories.alice.made[0]!;
    const intent = legalIntent(board.updates.at(-1)!.board);
    expect(intent.from).toBe("reserve-0");
    s.boards("alice").fields = (tableId) => (tableId === s.tableId ? { facing: "6" } : { facing: "0" });
    await moveOnCanvas(s, "alice", intent);
    expect(board.refusals).toEqual([]);
    expect(s.runtime.host!.record(s.tableId)!.log.at(-1)!.move).toMatchObject({ type: "place", dir: 6 });
  });

  it("an illegal move comes back to the board as the localized reason", async () => {
    const s = await setup();
    await placed(s);
    await aliceRolls(s);
    const bob = s.factories.bob.made[0]!;
    const before = s.runtime.host!.record(s.tableId)!.version;
    // Bob is not to move: his board offers nothing, but a drag of Alice's move from his client is refused.
    await moveOnCanvas(s, "bob", legalIntent(s.factories.alice.made[0]!.updates.at(-1)!.board));
    expect(bob.refusals).toHaveLength(1);
    expect(bob.refusals[0]).toMatch(/^CANTINA\./);
    expect(s.runtime.host!.record(s.tableId)!.version).toBe(before);
  });

  it("a paused table's board offers no move; a move sent anyway (a stale click) is refused by the host", async () => {
    const s = await setup();
    await placed(s);
    await aliceRolls(s);
    const alice = s.factories.alice.made[0]!;
    const move = s.players.alice.client.tables.get(s.tableId)!.legalMoves[0];
    expect(move).toBeDefined();
    expect(() => legalIntent(alice.updates.at(-1)!.board)).not.toThrow();
    expect(await s.runtime.client!.pause(s.tableId, true)).toMatchObject({ ok: true });
    await s.settle();
    // The board drawn while paused lights no destination.
    expect(() => legalIntent(alice.updates.at(-1)!.board)).toThrow("no lit destination");
    const before = s.runtime.host!.record(s.tableId)!.version;
    const requests = s.world.wire.socket.filter((m) => m.handler === "request").length;
    // The move request goes to the host directly (one more request) and comes back refused.
    const reply = await s.players.alice.client.move(s.tableId, move);
    expect(reply).toMatchObject({ ok: false, error: { code: "CANTINA.Error.TablePaused" } });
    expect(s.world.wire.socket.filter((m) => m.handler === "request").length).toBe(requests + 1);
    expect(s.runtime.host!.record(s.tableId)!.version).toBe(before);
  });

  it("a locked board refuses moves before sending anything; unlocked, it plays again", async () => {
    const s = await setup();
    await placed(s);
    await aliceRolls(s);
    expect(await s.placements.change(s.tableId, { locked: true })).toEqual({ ok: true });
    await s.settle();
    const alice = s.factories.alice.made[0]!;
    expect(alice.updates.at(-1)!.locked).toBe(true);
    const requests = s.world.wire.socket.length;
    const before = s.runtime.host!.record(s.tableId)!.version;
    alice.options.onMove(legalIntent(alice.updates.at(-1)!.board));
    await s.boards("alice").lastMove;
    expect(alice.refusals).toEqual([SceneErrors.locked]);
    expect(s.world.wire.socket.length).toBe(requests);
    expect(s.runtime.host!.record(s.tableId)!.version).toBe(before);
    s.world.install("gm");
    expect(await s.placements.change(s.tableId, { locked: false })).toEqual({ ok: true });
    await s.settle();
    expect(alice.updates.at(-1)!.locked).toBe(false);
  });
});

describe("cleaning up", () => {
  it("a scene switch tears the boards down; coming back draws them again", async () => {
    const s = await setup();
    await placed(s);
    const first = s.factories.alice.made[0]!;
    s.server.view("alice", "road");
    expect(first.destroyed).toBe(true);
    expect(s.boards("alice").tableIds).toEqual([]);
    // The interface group holds only the new (empty) container.
    expect(s.canvases.alice!.interface.children).toHaveLength(1);
    expect(s.canvases.alice!.interface.children[0]!.children).toEqual([]);
    // An update of another scene's flags draws nothing here.
    await s.settle();
    s.server.view("alice", "tavern");
    expect(s.boards("alice").tableIds).toEqual([s.tableId]);
    expect(s.factories.alice.made).toHaveLength(2);
    expect(s.factories.alice.made[1]!.destroyed).toBe(false);
  });

  it("removing the flag takes the board off every canvas", async () => {
    const s = await setup();
    await placed(s);
    s.world.install("gm");
    expect(await s.placements.remove(s.tableId)).toEqual({ ok: true });
    await s.settle();
    expect(s.server.flags("tavern")["cantina-games"]).toEqual({});
    for (const user of ["gm", "alice", "bob", "carol"]) {
      expect(s.boards(user).tableIds).toEqual([]);
      expect(s.factories[user as keyof Setup["factories"]].made[0]!.destroyed).toBe(true);
      const root = s.canvases[user]!.interface.children[0] as FakeContainer;
      expect(root.children).toEqual([]);
    }
  });

  it("the table's end takes its board off every canvas; the flag is the GM's to remove", async () => {
    const s = await setup();
    await placed(s);
    s.world.install("gm");
    expect(await s.runtime.client!.end(s.tableId)).toMatchObject({ ok: true });
    await s.settle();
    for (const user of ["gm", "alice", "bob", "carol"]) {
      expect(s.boards(user).tableIds, user).toEqual([]);
      expect(s.factories[user as keyof Setup["factories"]].made[0]!.destroyed, user).toBe(true);
    }
  });

  it("uninstalling unhooks and destroys; a later scene update draws nothing", async () => {
    const s = await setup();
    await placed(s);
    const hooks = s.canvases.gm!.hooks;
    // The GM's boards were wired to Foundry's globals (Hooks, canvas, PIXI).
    expect((globalThis as unknown as { Hooks: unknown }).Hooks).toBe(hooks);
    expect(hooks.count("canvasReady")).toBe(1);
    s.installed.gm!.uninstall();
    for (const name of ["canvasReady", "canvasTearDown", "updateScene"]) expect(hooks.count(name)).toBe(0);
    expect(s.factories.gm.made[0]!.destroyed).toBe(true);
    expect(s.canvases.gm!.interface.children).toEqual([]);
    expect(await s.placements.change(s.tableId, { x: 10 })).toEqual({ ok: true });
    await s.settle();
    expect(s.factories.gm.made).toHaveLength(1);
  });

  it("no PIXI on the page (a stand-in without a canvas): no canvas boards are installed", () => {
    const g = globalThis as unknown as Record<string, unknown>;
    const pixi = g.PIXI;
    delete g.PIXI;
    expect(foundryGlobals()).toBeNull();
    g.PIXI = pixi;
    expect(foundryGlobals()?.pixi).toBe(fakePixi);
  });
});

describe("the Foundry bundle and PIXI", () => {
  it("src/foundry never imports pixi.js at run time (only types; Foundry's global PIXI is used)", () => {
    const root = resolve(__dirname, "../..");
    const runtimeImports = /^\s*(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+["']([^"']+)["']/gm;
    const seen = new Set<string>();
    const pending = [join(root, "src/foundry/main.ts")];
    const pixi: string[] = [];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const m of code.matchAll(runtimeImports)) {
        const [, names = "", spec = ""] = m;
        // `import { type A, type B } from` is erased too.
        const inner = /^\{([\s\S]*)\}$/.exec(names.trim())?.[1];
        if (inner !== undefined && inner.split(",").every((n) => n.trim() === "" || n.trim().startsWith("type ")))
          continue;
        if (spec === "pixi.js" || spec.startsWith("@pixi/")) pixi.push(file);
        if (!spec.startsWith(".")) continue;
        const base = resolve(dirname(file), spec);
        const target = [`${base}.ts`, join(base, "index.ts")].find((f) => existsSync(f));
        if (target) pending.push(target);
      }
    }
    expect(seen.has(join(root, "src/foundry/scene-boards.ts"))).toBe(true);
    expect(pixi).toEqual([]);
  });
});
