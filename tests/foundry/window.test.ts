/**
 * The game window on the happy-dom ApplicationV2 of application.ts plus the stand-ins of
 * standins.ts (game.*, ui.notifications, socketlib, Roll, ChatMessage, CONFIG): its parts come
 * from the game's parts under modules/cantina-games/templates/, its context from the viewer's own
 * update, and a click on a game's data-action sends that game's move.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type { TableClient } from "../../src/table/client";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import type { GameWindowInternals } from "./world";
import { clientWindow, gmWorld, loadGameWindow, openTable, removeFoundryGlobals, settleAll } from "./world";

interface WindowInternals extends GameWindowInternals {
  _configureRenderParts(options: object): Record<string, { template: string }>;
  _prepareContext(): Promise<Record<string, unknown>>;
}

let GameWindow: typeof GameWindowClass;

let dom: FoundryDom;

beforeAll(async () => ({ dom, GameWindow } = await loadGameWindow()));

afterAll(() => removeFoundryGlobals());

async function setup() {
  const { world, runtime } = await gmWorld(["alice", "bob", "carol"]);
  const alice = await playerClient(world, "alice");
  const carol = await playerClient(world, "carol");
  const tableId = await openTable(runtime, "sabacc-super-simplified");
  await settleAll(runtime, [alice, carol]);
  const windowFor = (client: TableClient) => clientWindow<WindowInternals>(GameWindow, client, tableId);
  return { world, runtime, alice, carol, tableId, windowFor };
}

describe("the game window", () => {
  it("renders the header and the game's parts from the module's templates", async () => {
    const { world, alice, windowFor } = await setup();
    world.install("alice");
    const parts = windowFor(alice.client)._configureRenderParts({});
    expect(Object.values(parts).map((p) => p.template)).toEqual([
      "modules/cantina-games/templates/table/window.hbs",
      "modules/cantina-games/templates/table/controls.hbs",
      "modules/cantina-games/templates/sabacc/table.hbs",
      "modules/cantina-games/templates/sabacc/controls.hbs",
      "modules/cantina-games/templates/table/watchers.hbs",
    ]);
  });

  it("builds its context from this user's own update", async () => {
    const { world, alice, carol, tableId, windowFor } = await setup();
    world.install("alice");
    const mine = await windowFor(alice.client)._prepareContext();
    expect(mine).toMatchObject({
      tableId,
      gameKey: "CANTINA.Games.sabacc-super-simplified",
      viewerLabel: "Alice",
      isGM: false,
      missing: false,
    });
    expect((mine.controls as { rollOrder: boolean }).rollOrder).toBe(true);
    world.install("carol");
    const watching = await windowFor(carol.client)._prepareContext();
    expect(watching).toMatchObject({ viewerLabel: "CANTINA.Viewer.Spectator" });
    expect((watching.controls as { rollOrder: boolean }).rollOrder).toBe(false);
  });

  it("a click on a game's action sends its move; a refusal is shown as a notification", async () => {
    const { world, runtime, alice, carol, tableId, windowFor } = await setup();
    world.install("alice");
    const aliceWindow = windowFor(alice.client);
    await aliceWindow.render({ force: true });
    dom.click(aliceWindow.element.querySelector('button[data-action="roll-order"]')!);
    await aliceWindow.lastAction;
    await runtime.settle();
    expect(runtime.host!.record(tableId)!.version).toBe(1);

    world.install("carol");
    const before = world.wire.notifications.length;
    const carolWindow = windowFor(carol.client);
    await carolWindow.render({ force: true });
    // A spectator has no such button: one added to the page (tampered) is still refused by the host.
    expect(carolWindow.element.querySelector('[data-action="roll-order"]')).toBeNull();
    const forged = dom.document.createElement("button");
    forged.dataset.action = "roll-order";
    carolWindow.element.querySelector(".window-content")!.append(forged);
    dom.click(forged);
    await carolWindow.lastAction;
    expect(world.wire.notifications.slice(before).map((n) => n.text)).toContain("CANTINA.Error.NotYourSeat");
    expect(runtime.host!.record(tableId)!.version).toBe(1);
  });

  it("the GM's table controls pause and resume the table, and a removal waits for the GM's confirmation", async () => {
    const { world, runtime, tableId } = await setup();
    world.install("gm");
    const gmWindow = new GameWindow(runtime, tableId) as unknown as WindowInternals & {
      element: HTMLElement;
    };
    await gmWindow.render({ force: true });
    const click = async (selector: string) => {
      dom.click(gmWindow.element.querySelector(selector)!);
      await new Promise((r) => setTimeout(r, 0));
      await runtime.settle();
    };
    await click('[data-action="tableOp"][data-op="pause"]');
    expect(runtime.host!.record(tableId)!.paused).toBeDefined();
    await expect.poll(() => runtime.client!.tables.get(tableId)?.table.paused).toBe(true);
    await gmWindow.render({ force: true });
    expect(gmWindow.element.querySelector(".cantina-paused")).not.toBeNull();
    await click('[data-action="tableOp"][data-op="resume"]');
    expect(runtime.host!.record(tableId)!.paused).toBeUndefined();
    await expect.poll(() => runtime.client!.tables.get(tableId)?.table.paused).toBeUndefined();
    await gmWindow.render({ force: true });
    dom.confirmAnswer = false;
    await click('[data-op="remove-player"][data-seat="seat-1"]');
    expect(runtime.host!.record(tableId)!.seats[0]!.kind).toBe("person");
    dom.confirmAnswer = true;
    await click('[data-op="remove-player"][data-seat="seat-1"]');
    expect(runtime.host!.record(tableId)!.seats[0]!.kind).toBe("bot");
  });

  it("a paused table's window offers no move and says Paused instead of the turn badge; the host still refuses a move", async () => {
    const { world, runtime, alice, tableId, windowFor } = await setup();
    world.install("alice");
    const aliceWindow = windowFor(alice.client) as ReturnType<typeof windowFor> & { title: string };
    await aliceWindow.render({ force: true });
    expect(aliceWindow.element.querySelector('button[data-action="roll-order"]')).not.toBeNull();
    expect(aliceWindow.title).toContain("CANTINA.Turn.Badge");
    world.install("gm");
    expect(await runtime.client!.pause(tableId, true)).toMatchObject({ ok: true });
    await settleAll(runtime, [alice]);
    world.install("alice");
    await aliceWindow.render({ force: true });
    expect(aliceWindow.element.querySelector('button[data-action="roll-order"]')).toBeNull();
    expect(aliceWindow.title).toContain("CANTINA.Turn.PausedBadge");
    expect(aliceWindow.title).not.toContain("CANTINA.Turn.Badge");
    expect(await alice.client.move(tableId, { type: "roll-order" })).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.TablePaused" },
    });
    expect(runtime.host!.record(tableId)!.version).toBe(0);
  });

  it("with no GM connected the window says it waits for a GM; the banner goes when a GM is back", async () => {
    const { world, alice, windowFor } = await setup();
    world.install("alice");
    const aliceWindow = windowFor(alice.client);
    await aliceWindow.render({ force: true });
    expect(aliceWindow.element.querySelector("[data-host-missing]")).toBeNull();
    const gm = world.users.find((u) => u.id === "gm")!;
    gm.active = false;
    await aliceWindow.render({ force: true });
    expect(aliceWindow.element.querySelector("[data-host-missing]")?.textContent).toBe("Waiting for a GM to connect…");
    gm.active = true;
    await aliceWindow.render({ force: true });
    expect(aliceWindow.element.querySelector("[data-host-missing]")).toBeNull();
  });

  it("the help button shows the game's help as one more part", async () => {
    const { world, alice, windowFor } = await setup();
    world.install("alice");
    const win = windowFor(alice.client);
    await win.render({ force: true });
    dom.click(win.element.querySelector('[data-action="tableHelp"]')!);
    await new Promise((r) => setTimeout(r, 0));
    expect(Object.values(win._configureRenderParts({})).map((p) => p.template)).toContain(
      "modules/cantina-games/templates/sabacc/help.hbs",
    );
  });
});
