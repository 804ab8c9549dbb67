/**
 * The table flow players expect, on Foundry (issue 27): the end-of-game panel in a finished table's
 * window, and a seated player's click on "Play again" (a player, not the GM: the window's table
 * controls are not the GM's alone for this one) sends their vote; the last vote deals the table
 * again for the same seats. The GM gives a seat to another user mid-game, once confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type { TableClient } from "../../src/table/client";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import { clientWindow, drawAs, gmWorld, loadGameWindow, openTable, removeFoundryGlobals, settleAll } from "./world";

let GameWindow: typeof GameWindowClass;
let dom: FoundryDom;

beforeAll(async () => ({ dom, GameWindow } = await loadGameWindow()));

afterAll(() => removeFoundryGlobals());

type Window = GameWindowClass & { element: HTMLElement; lastAction: Promise<void> };

describe("play again in Foundry's game window", () => {
  it("each seated player votes from the finished table's panel; the last vote deals it again", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob"]);
    const alice = await playerClient(world, "alice");
    const bob = await playerClient(world, "bob");
    const tableId = await openTable(runtime, "sabacc-super-simplified");
    const settle = () => settleAll(runtime, [alice, bob]);
    await settle();
    // Both play their first legal move until the match ends.
    for (let i = 0; i < 400 && !runtime.host!.record(tableId)!.finishedAt; i++) {
      for (const c of [alice.client, bob.client] as TableClient[]) {
        const update = c.tables.get(tableId);
        if (update?.seat && update.table.toAct.includes(update.seat) && update.legalMoves.length > 0)
          await c.move(tableId, update.legalMoves[0]);
        await settle();
      }
    }
    expect(runtime.host!.record(tableId)!.finishedAt).toBeDefined();
    const click = async (user: "alice" | "bob", client: TableClient) => {
      world.install(user);
      const win = clientWindow<Window>(GameWindow, client, tableId);
      await win.render({ force: true });
      expect(win.element.querySelector("[data-end-summary]")).not.toBeNull();
      // Clicked as the player (the window's check runs on the click), then the host goes on as the GM.
      dom.click(win.element.querySelector('[data-action="tableOp"][data-op="play-again"]')!);
      world.install("gm");
      await new Promise((r) => setTimeout(r, 0));
      await win.lastAction;
      await settle();
      return win;
    };
    await click("alice", alice.client);
    expect(runtime.host!.record(tableId)!.playAgain).toEqual(["seat-1"]);
    await expect.poll(() => alice.client.tables.get(tableId)?.table.playAgain).toEqual(["seat-1"]);
    const aliceWindow = clientWindow<Window>(GameWindow, alice.client, tableId);
    await drawAs(world, aliceWindow, "alice");
    // Alice voted: no button for her any more, and the panel names who is awaited.
    expect(aliceWindow.element.querySelector('[data-op="play-again"]')).toBeNull();
    expect(aliceWindow.element.querySelector("[data-play-again-votes]")?.textContent).toContain("Waiting for Bob.");
    await click("bob", bob.client);
    expect(runtime.host!.record(tableId)).toBeUndefined();
    const fresh = [...alice.client.tables.values()].find((u) => u.table.id !== tableId);
    expect(fresh?.table.seats.map((s) => s.userId)).toEqual(["alice", "bob"]);
    expect(fresh?.table.version).toBe(0);
  });
});

describe("giving a seat to another user in Foundry's game window", () => {
  it("the GM picks Carol for Alice's seat and confirms: Carol holds it, with its account as it was", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob", "carol"]);
    const tableId = await openTable(runtime, "sabacc-super-simplified");
    await runtime.settle();
    world.install("gm");
    const win = new GameWindow(runtime, tableId) as unknown as Window;
    await win.render({ force: true });
    const row = win.element.querySelector<HTMLElement>('[data-seat-user="seat-1"]')!;
    const options = [...row.querySelectorAll("option")].map((o) => o.value);
    // Users who hold no seat here: Alice and Bob are seated, so not offered.
    expect(options).toContain("carol");
    expect(options).not.toContain("alice");
    expect(options).not.toContain("bob");
    row.querySelector("select")!.value = "carol";
    dom.confirmAnswer = false;
    dom.click(row.querySelector('[data-op="seat-user"]')!);
    await new Promise((r) => setTimeout(r, 0));
    await runtime.settle();
    expect(runtime.host!.record(tableId)!.seats[0]!.userId).toBe("alice");
    dom.confirmAnswer = true;
    dom.click(row.querySelector('[data-op="seat-user"]')!);
    await new Promise((r) => setTimeout(r, 0));
    await runtime.settle();
    expect(runtime.host!.record(tableId)!.seats[0]).toMatchObject({ userId: "carol", account: "alice" });
  });
});
