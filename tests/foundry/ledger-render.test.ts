/**
 * The ledger window and a game's form on the happy-dom ApplicationV2 of application.ts (issue 9):
 * the ledger window redraws on ledger news only, not on every move of every table; Enter in the
 * ledger's "Add participant" field adds the participant without a page reload, and Enter in a
 * game's form (Sabacc's bet field) runs its action, never a bare form submission.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type { LedgerWindow as LedgerWindowClass } from "../../src/foundry/ledger-window";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import { clientWindow, gmWorld, loadGameWindow, openTable, removeFoundryGlobals, settleAll } from "./world";

let dom: FoundryDom;
let LedgerWindow: typeof LedgerWindowClass;
let GameWindow: typeof GameWindowClass;

beforeAll(async () => {
  ({ dom, GameWindow } = await loadGameWindow());
  ({ LedgerWindow } = await import("../../src/foundry/ledger-window"));
});

afterAll(() => removeFoundryGlobals());

async function setup() {
  const { world, runtime } = await gmWorld(["alice", "bob"]);
  const alice = await playerClient(world, "alice");
  const bob = await playerClient(world, "bob");
  const settle = async (): Promise<void> => {
    await settleAll(runtime, [alice, bob]);
    await new Promise((r) => setTimeout(r, 30));
  };
  return { world, runtime, alice, bob, settle };
}

function fill(root: Element, selector: string, value: string): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>(selector)!;
  input.value = value;
  return input;
}

describe("the ledger window and game forms on Foundry's render cycle", () => {
  it("the ledger window redraws on ledger news, not on every move of every table", async () => {
    const { runtime, alice, bob, settle } = await setup();
    const win = new LedgerWindow(runtime);
    await win.render({ force: true });
    let renders = 0;
    const render = win.render.bind(win);
    win.render = ((options?: object) => {
      renders++;
      return render(options);
    }) as typeof win.render;

    const tableId = await openTable(runtime, "sabacc-super-simplified");
    await settle();
    expect(renders).toBe(1); // seating the players is ledger news
    await alice.client.move(tableId, { type: "roll-order" });
    await bob.client.move(tableId, { type: "roll-order" });
    await settle();
    expect(runtime.host!.record(tableId)!.version).toBe(2);
    expect(renders).toBe(1);

    await runtime.client!.createEvent("Nova night", 500);
    await settle();
    expect(renders).toBe(2);
    expect(win.element.textContent).toContain("Nova night");
  });

  it("Enter in the ledger's Add participant field adds them, with no page reload", async () => {
    const { runtime, settle } = await setup();
    await runtime.client!.createEvent("Nova night", 500);
    await settle();
    const win = new LedgerWindow(runtime);
    await win.render({ force: true });
    const form = win.element.querySelector<HTMLFormElement>("[data-join-form]")!;
    form.querySelector<HTMLSelectElement>('select[name="account"]')!.value = "alice";
    const reloads = dom.pageReloads();
    dom.pressEnter(fill(form, 'input[name="name"]', "Lady Alice"));
    await settle();
    expect(dom.pageReloads()).toBe(reloads);
    const event = runtime.client!.events.find((e) => e.name === "Nova night")!;
    expect(JSON.stringify(event)).toContain("Lady Alice");
  });

  it("Enter in Add participant after the ledger was closed and opened again adds them, with no page reload", async () => {
    const { runtime, settle } = await setup();
    await runtime.client!.createEvent("Nova night", 500);
    await settle();
    const win = new LedgerWindow(runtime);
    for (let opened = 0; opened < 3; opened++) {
      await win.render({ force: true });
      await win.render({ force: true }); // a redraw of the open window keeps its frame
      if (opened < 2) await win.close();
    }
    const form = win.element.querySelector<HTMLFormElement>("[data-join-form]")!;
    form.querySelector<HTMLSelectElement>('select[name="account"]')!.value = "alice";
    const reloads = dom.pageReloads();
    dom.pressEnter(fill(form, 'input[name="name"]', "Lady Alice"));
    await settle();
    expect(dom.pageReloads()).toBe(reloads);
    const event = runtime.client!.events.find((e) => e.name === "Nova night")!;
    expect(JSON.stringify(event)).toContain("Lady Alice");
    // Enter ran the form once: one participant, not one per render or per opening.
    expect(JSON.stringify(event).split("Lady Alice").length - 1).toBe(1);
  });

  it("Enter in a game's form runs its action, with no page reload", async () => {
    const { runtime, alice, bob, settle } = await setup();
    const tableId = await openTable(runtime, "sabacc-super-simplified");
    await settle();
    // Both play up to the bets (a move out of turn is refused and changes nothing).
    for (let round = 0; round < 3; round++)
      for (const player of [alice, bob])
        for (const type of ["roll-order", "roll-hand", "keep"]) await player.client.move(tableId, { type });
    await settle();
    // Whoever bets first has the bet field.
    const windows = [alice, bob].map((p) => clientWindow<GameWindowClass>(GameWindow, p.client, tableId));
    for (const w of windows) await w.render({ force: true });
    const win = windows.find((w) => w.element.querySelector('form input[name="amount"]'))!;
    expect(win).toBeDefined();
    const version = runtime.host!.record(tableId)!.version;
    const reloads = dom.pageReloads();
    dom.pressEnter(win.element.querySelector<HTMLInputElement>('form input[name="amount"]')!);
    await win.lastAction;
    await settle();
    expect(dom.pageReloads()).toBe(reloads);
    expect(runtime.host!.record(tableId)!.version).toBe(version + 1);
  });
});
