// @vitest-environment happy-dom
/**
 * The table list in Foundry (windows.ts), on the happy-dom ApplicationV2 of application.ts whose
 * re-render gives the focus back only by id or name, as Foundry 13.351 does: the list redraws on
 * every move of every table, and the keyboard focus stays on the button it was on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as WindowsModule from "../../src/foundry/windows";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import { gmWorld, loadWindows, openTable, removeFoundryGlobals, settleAll } from "./world";

let windows: typeof WindowsModule;
let dom: FoundryDom;

beforeAll(async () => ({ dom, windows } = await loadWindows()));

afterAll(() => removeFoundryGlobals());

describe("the table list", () => {
  it("keeps the keyboard focus on the same table's button when another table moves", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob"]);
    const alice = await playerClient(world, "alice");
    const first = await openTable(runtime, "sabacc-super-simplified");
    const second = await openTable(runtime, "ulwan");
    await settleAll(runtime, [alice]);
    const manager = new windows.WindowManager(runtime);
    runtime.addView(manager);
    manager.tables();
    await settleAll(runtime, [alice]);
    const list = dom.document.getElementById("cantina-tables")!;
    const button = list.querySelector<HTMLElement>(`[data-action="openTable"][data-table-id="${second}"]`)!;
    button.focus();
    expect(dom.document.activeElement).toBe(button);

    // Alice moves at the other table: every client's list redraws.
    const before = dom.partRenders.get("list") ?? 0;
    expect(await alice.client.move(first, { type: "roll-order" })).toMatchObject({ ok: true });
    await settleAll(runtime, [alice]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dom.partRenders.get("list") ?? 0).toBeGreaterThan(before);

    const focused = dom.document.activeElement as HTMLElement | null;
    expect(focused).not.toBe(button);
    expect(focused?.dataset.action).toBe("openTable");
    expect(focused?.dataset.tableId).toBe(second);
  });
});
