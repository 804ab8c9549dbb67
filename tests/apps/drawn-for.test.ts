/**
 * What a window and a canvas board were drawn from (issue 36: one implementation the Foundry and
 * standalone hosts share): a change that shows draws again, a change that does not show does not.
 */
import { describe, expect, it } from "vitest";
import { boardDrawnFor, windowDrawnFor } from "../../src/apps/table/tables";
import type { TableUpdate } from "../../src/table/protocol";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";

const base: TableUpdate = tableUpdate({ gameId: "ulwan", version: 4 }, HAN_AND_LANDO, "seat-1", {}, []);
const withTable = (fields: Partial<TableUpdate["table"]>): TableUpdate => ({
  ...base,
  table: { ...base.table, ...fields },
});

describe("a window's drawn-for key", () => {
  it("changes with the version, the betting book, a pause, a seat changing hands and the host's own extras", () => {
    const key = windowDrawnFor(base);
    expect(windowDrawnFor(withTable({ version: 5 }))).not.toBe(key);
    expect(windowDrawnFor({ ...base, betting: { sharePct: 10, shareHeld: 0, sharePaid: 0, pools: [] } })).not.toBe(key);
    expect(windowDrawnFor(withTable({ paused: true }))).not.toBe(key);
    expect(windowDrawnFor(withTable({ seats: [HAN_AND_LANDO[0]!, { ...HAN_AND_LANDO[1]!, userId: "gm" }] }))).not.toBe(
      key,
    );
    expect(windowDrawnFor(base, true)).not.toBe(windowDrawnFor(base, false));
  });

  it("stays the same for the same picture (new events alone draw nothing new)", () => {
    expect(windowDrawnFor({ ...base, events: [{ version: 4, event: { kind: "notice", key: "x", params: {} } }] })).toBe(
      windowDrawnFor(base),
    );
    expect(windowDrawnFor(base, "help", null)).toBe(windowDrawnFor(base, "help", null));
  });
});

describe("a canvas board's drawn-for key", () => {
  it("changes with the version, the board's lock and a pause, and with nothing else", () => {
    const key = boardDrawnFor(base, false);
    expect(boardDrawnFor(withTable({ version: 5 }), false)).not.toBe(key);
    expect(boardDrawnFor(base, true)).not.toBe(key);
    expect(boardDrawnFor(withTable({ paused: true }), false)).not.toBe(key);
    expect(boardDrawnFor(withTable({ watchers: ["gm"] }), false)).toBe(key);
  });
});
