// @vitest-environment happy-dom
/**
 * Foundry windows after a reload, against a bare ApplicationV2: a window opened by hand (a
 * spectator's) comes back once, a seated player's too, one per table however often the page
 * reloads; a window closed by hand stays closed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import type * as WindowsModule from "../../src/foundry/windows";
import type { TableUpdate } from "../../src/table/protocol";
import { installBareApplication } from "./world";

class FakeApplication {
  static PARTS: Record<string, { template: string }> = {};
  static opened: string[] = [];
  rendered = false;
  constructor(readonly options: { id?: string }) {}
  async render(): Promise<this> {
    if (!this.rendered) FakeApplication.opened.push(this.options.id ?? "");
    this.rendered = true;
    return this;
  }
}

let windows: typeof WindowsModule;

beforeAll(async () => {
  installBareApplication(FakeApplication);
  (globalThis as unknown as Record<string, unknown>).game = {};
  windows = await import("../../src/foundry/windows");
});

afterAll(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["foundry", "game"]) delete g[k];
});

const update = (id: string, seat: string | null): TableUpdate =>
  ({
    seat,
    events: [],
    table: { id, toAct: [], over: false, version: 1, gameId: "ulwan", seats: [] },
  }) as unknown as TableUpdate;

function runtimeWith(...updates: TableUpdate[]): CantinaRuntime {
  return { client: { tables: new Map(updates.map((u) => [u.table.id, u])) } } as unknown as CantinaRuntime;
}

describe("Foundry windows across reloads", () => {
  it("reopen one window per table: the seated player's and one a spectator opened by hand", () => {
    sessionStorage.clear();
    const runtime = runtimeWith(update("t1", "seat-1"), update("t2", null), update("t3", null));
    const before = new windows.WindowManager(runtime);
    before.changed(runtime);
    before.open("t2"); // a spectator's window, opened from the table list
    expect(FakeApplication.opened).toEqual(["cantina-table-t1", "cantina-table-t2"]);
    for (let reload = 0; reload < 2; reload++) {
      FakeApplication.opened = [];
      const after = new windows.WindowManager(runtime);
      after.changed(runtime);
      after.changed(runtime);
      expect(FakeApplication.opened).toEqual(["cantina-table-t1", "cantina-table-t2"]);
    }
  });
});
