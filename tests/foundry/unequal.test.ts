/**
 * The unequal-forces windows inside Foundry, against the stand-ins (standins.ts, application.ts):
 * each game's window renders from the real templates, a board click (a source, then a lit
 * destination) sends a legal move through Foundry's click routing, Defiance's facing radio is read
 * with the click, its "stay" button moves, and a paired-match table shows the match panel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import { SeededRandom } from "../../src/rules/core";
import type { TableClient } from "../../src/table/client";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import type { GameWindowInternals } from "./world";
import { clientWindow, drawAs, gmWorld, loadGameWindow, openTable, removeFoundryGlobals, settleAll } from "./world";

interface WindowInternals extends GameWindowInternals {
  fields(): Record<string, string>;
}

let GameWindow: typeof GameWindowClass;
let dom: FoundryDom;

beforeAll(async () => ({ dom, GameWindow } = await loadGameWindow()));

afterAll(() => removeFoundryGlobals());

async function setup(gameId: string, options: Record<string, unknown> = {}) {
  const { world, runtime } = await gmWorld(["alice", "bob"], { random: () => new SeededRandom(3) });
  const alice = await playerClient(world, "alice");
  const tableId = await openTable(runtime, gameId, { names: ["Aurra", "Bossk"], options });
  const settle = () => settleAll(runtime, [alice]);
  await settle();
  const windowFor = (client: TableClient) => clientWindow<WindowInternals>(GameWindow, client, tableId);
  return { world, runtime, alice, tableId, windowFor, settle };
}

describe("the unequal-forces windows in Foundry", () => {
  it.each(["takat", "porrika", "defiance-and-domain"])(
    "%s: a source, then a lit destination, send a legal move",
    async (gameId) => {
      const { world, runtime, alice, tableId, windowFor, settle } = await setup(gameId);
      const win = windowFor(alice.client);
      let root = await drawAs(world, win, "alice");
      expect(root.querySelector("[data-status]")?.textContent).toContain("Aurra");
      const before = alice.client.tables.get(tableId)!;
      // The reserve tray (Takat, Defiance) or a piece tray (Por'rika's setup) is the source.
      const source = root.querySelector<HTMLElement>("[data-board] [data-tray][data-selectable]")!;
      expect(source.tagName).toBe("BUTTON");
      if (gameId === "defiance-and-domain") {
        const east = root.querySelector<HTMLInputElement>('input[name="facing"][value="2"]')!;
        east.checked = true;
        // What a canvas board's move reads (WindowManager.fields): the window's form as drawn.
        expect(win.fields()).toMatchObject({ facing: "2" });
      }
      dom.click(source);
      const dest = root.querySelector<HTMLElement>("[data-board] [data-destination]")!;
      expect(dest).not.toBeNull();
      dom.click(dest);
      await win.lastAction;
      await settle();
      const record = runtime.host!.record(tableId)!;
      const last = record.log[record.log.length - 1]!;
      expect(before.legalMoves).toContainEqual(last.move);
      if (gameId === "defiance-and-domain") {
        expect(last.move).toMatchObject({ type: "place", dir: 2 });
        root = await drawAs(world, win, "alice");
        dom.click(root.querySelector<HTMLElement>('button[data-action="stay"]')!);
        await win.lastAction;
        await settle();
        expect(runtime.host!.record(tableId)!.log.at(-1)!.move).toEqual({ type: "stay" });
      }
      root = await drawAs(world, win, "alice");
      // Por'rika's Schelati place all six pieces before the Ser'ra move.
      expect(root.querySelector("[data-status]")?.textContent).toContain(gameId === "porrika" ? "Aurra" : "Bossk");
      expect(world.wire.notifications.filter((n) => n.kind === "warn")).toEqual([]);
    },
  );

  it("a paired-match table shows the match panel with the score", async () => {
    const { world, alice, windowFor } = await setup("takat", { maxMoves: 10, repetitionDraw: true, paired: true });
    const root = await drawAs(world, windowFor(alice.client), "alice");
    const panel = root.querySelector<HTMLElement>("[data-match]");
    expect(panel?.dataset.round).toBe("1");
    expect(panel?.querySelector("[data-match-score]")?.textContent).toBe("Aurra 0 – Bossk 0");
  });
});
